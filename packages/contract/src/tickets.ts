import { z } from 'zod';
import { TICKET_NUMBER_MAX } from './constants.js';
import { pageQuerySchema, pageSchema } from './paging.js';
import { siteFilterField } from './permits.js';
import { isoDaySchema } from './uk-days.js';

/** The two ticket actions; `Pay` is a reduction (the driver may then pay the reduced amount). */
const ticketActionNames = ['Cancel', 'Pay'] as const;
const ticketActionSchema = z.enum(ticketActionNames);
export type TicketAction = z.infer<typeof ticketActionSchema>;

/** Why an action is refused (operations spec section 8); a lookup answers every one that applies. */
export const ticketRefusalCodes = [
  'NotFound',
  'Paid',
  'Cancelled',
  'Settled',
  'POPLA',
  'SecondReminder',
  'DebtRecovery',
  'Court',
  'ExceededMaxAge',
  'SiteInvalid',
  'ExceededAllowance',
] as const;
export type TicketRefusalCode = (typeof ticketRefusalCodes)[number];

/** Ticket numbers are compared trimmed and upper-cased: `required`, `maxLength` {max: 12}. */
export const ticketNumberSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, 'required')
  .max(TICKET_NUMBER_MAX, 'maxLength');

/** GET /tickets/{action}/{ticketNumber} */
export const ticketLookupParamsSchema = z.object({
  action: ticketActionSchema,
  ticketNumber: ticketNumberSchema,
});

/** POST /tickets/{ticketNumber}/{action} */
export const ticketActionParamsSchema = z.object({
  ticketNumber: ticketNumberSchema,
  action: ticketActionSchema,
});

/** A ticket the action may be applied to; reducedAmount in pounds. */
export const ticketSchema = z.object({
  ticketNumber: z.string(),
  vehicleRegistration: z.string(),
  siteNumber: z.string(),
  siteName: z.string(),
  violationDate: z.string(),
  reducedAmount: z.number(),
  /** A permit of this vehicle was valid at the ticket's site at the violation time (issue 14). */
  permitCovered: z.boolean(),
  /** The full amount, and what the driver owes now (issue 24: the confirmation shows before and after). */
  fullAmount: z.number().optional(),
  amountDue: z.number().optional(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** The answer of a successful cancel or reduce; reducedUntil (yyyy-mm-dd) only after a reduction. */
export const ticketActionResultSchema = z.object({
  ticketNumber: z.string(),
  status: z.string(),
  reducedAmount: z.number(),
  reducedUntil: z.string().optional(),
});
export type TicketActionResult = z.infer<typeof ticketActionResultSchema>;

// ---- Reasons (issue 24) ------------------------------------------------------------------------

/**
 * Why a ticket is cancelled or reduced: the grounds the Private Parking Single Code's appeals charter
 * asks an operator to accept (a valid permit not registered, a keying error, a Blue Badge or permit not
 * displayed, a patient or visitor delayed by treatment), then a member of staff, then any other reason
 * with a note. One list: the API, the browser, the audit and the reports read it from here.
 */
export const ticketActionReasons = [
  'validPermitNotRegistered',
  'minorKeyingError',
  'majorKeyingError',
  'permitNotDisplayed',
  'treatmentDelay',
  'staff',
  'other',
] as const;
export type TicketActionReason = (typeof ticketActionReasons)[number];
export const ticketActionReasonSchema = z.enum(ticketActionReasons);

/** Each reason in the words of the audit trail, the reports and the API's documentation. */
export const ticketActionReasonText: Record<TicketActionReason, string> = {
  validPermitNotRegistered: 'Valid permit not registered',
  minorKeyingError: 'Minor keying error',
  majorKeyingError: 'Major keying error',
  permitNotDisplayed: 'Blue Badge or permit not displayed',
  treatmentDelay: 'Patient or visitor delayed by treatment',
  staff: 'Staff',
  other: 'Other',
};

/** A reason's note is at most this long. */
export const TICKET_REASON_NOTE_MAX = 200;

/** The reason and its note as one line: "Other: delivery driver" or "Minor keying error". */
export function ticketActionReasonLine(reason: TicketActionReason, note?: string | null): string {
  const text = ticketActionReasonText[reason];
  return note ? `${text}: ${note}` : text;
}

const reasonNoteField = z
  .string()
  .trim()
  .max(TICKET_REASON_NOTE_MAX, 'maxLength')
  .optional()
  .transform((v) => v || undefined);

/** "Other" needs a note saying what the reason was (`required` under `note`). */
const otherNeedsNote = (value: { reason?: TicketActionReason; note?: string }, ctx: z.RefinementCtx) => {
  if (value.reason === 'other' && !value.note) {
    ctx.addIssue({ code: 'custom', path: ['note'], message: 'required' });
  }
};

/**
 * Body of POST /tickets/{ticketNumber}/{action}: the reason is optional, so the spec's callers (who send
 * no body, or `{}`) keep working; the portal's list always sends one (decision 33). Other fields are
 * ignored as before.
 */
export const ticketActionBodySchema = z
  .looseObject({ reason: ticketActionReasonSchema.optional(), note: reasonNoteField })
  .superRefine(otherNeedsNote)
  .nullish();
export type TicketActionBody = z.output<typeof ticketActionBodySchema>;

/** The reason as a form asks for it: required (the list's cancel and reduce dialogs). */
export const ticketReasonFormSchema = z
  .object({
    reason: z.enum(ticketActionReasons, 'required'),
    note: reasonNoteField,
  })
  .superRefine(otherNeedsNote);
export type TicketReasonForm = z.output<typeof ticketReasonFormSchema>;

/** History lists: cancelled tickets, or `paid` for reduced ones. */
const ticketHistoryStates = ['cancelled', 'paid'] as const;
/** The history's sortable columns; newest action first by default. */
const ticketHistorySortColumns = [
  'actionDate',
  'ticketNumber',
  'vehicleRegistration',
  'site',
  'violationDate',
] as const;
export type TicketHistorySortColumn = (typeof ticketHistorySortColumns)[number];
export const ticketHistoryQuerySchema = z
  .object({ state: z.enum(ticketHistoryStates) })
  .extend(pageQuerySchema(ticketHistorySortColumns).shape);
export type TicketHistoryQuery = z.output<typeof ticketHistoryQuerySchema>;
export type TicketHistoryState = (typeof ticketHistoryStates)[number];

const ticketHistoryRowSchema = z.object({
  ticketNumber: z.string(),
  vehicleRegistration: z.string(),
  /** The site number. */
  site: z.string(),
  violationDate: z.string(),
  actionDate: z.string(),
  /** A permit of this vehicle was valid at the ticket's site at the violation time (issue 14). */
  permitCovered: z.boolean(),
  /** The reason given with the action (issue 24); null for actions taken without one. */
  reason: ticketActionReasonSchema.nullable(),
  reasonNote: z.string().nullable(),
});
export type TicketHistoryRow = z.infer<typeof ticketHistoryRowSchema>;
export const ticketHistoryPageSchema = pageSchema(ticketHistoryRowSchema);

/** This calendar month's use of a site's ticket allowances; a null allocation is unlimited. */
export const ticketAllowanceSchema = z.object({
  siteNumber: z.string(),
  siteName: z.string(),
  usedSettlements: z.number().int(),
  allocatedSettlements: z.number().int().nullable(),
  usedCancellations: z.number().int(),
  allocatedCancellations: z.number().int().nullable(),
});
export type TicketAllowance = z.infer<typeof ticketAllowanceSchema>;

// ---- The charges list (issue 24) ---------------------------------------------------------------

/**
 * What the list shows of a ticket's state: its stored status, or `reduced` for an open ticket whose
 * reduction is still running (the reduced amount is due until `reducedUntil`).
 */
export const ticketListStatuses = [
  'open',
  'reduced',
  'paid',
  'cancelled',
  'settled',
  'popla',
  'secondReminder',
  'debtRecovery',
  'court',
] as const;
export type TicketListStatus = (typeof ticketListStatuses)[number];

/** The list's status filter (issue 24): open (no reduction running), reduced, paid or cancelled. */
export const ticketStatusFilters = ['open', 'paid', 'cancelled', 'reduced'] as const;
export type TicketStatusFilter = (typeof ticketStatusFilters)[number];

/** The list's sortable columns; the default is the newest issue first. */
const ticketListSortColumns = ['issueDate', 'ticketNumber', 'site', 'vehicleRegistration'] as const;
export type TicketListSortColumn = (typeof ticketListSortColumns)[number];
export const TICKET_LIST_DEFAULT_SORT = { sort: 'issueDate', direction: 'desc' } as const;

/** The search box holds at most this many characters. */
export const TICKET_SEARCH_MAX = 20;

/**
 * A ticket number or plate as the search compares it: upper-case letters and digits only, without a leading
 * "PCN" (the notice's own prefix, which people type or leave out): `pcn 10000003` -> `10000003`, which
 * is part of `PCN10000003`.
 */
export function ticketSearchTerm(typed: string): string {
  // Numbers and plates are letters and digits: anything else (spaces, dashes) is how it was typed.
  const compact = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return compact.startsWith('PCN') ? compact.slice(3) : compact;
}

const optionalDay = z
  .union([isoDaySchema, z.literal('')])
  .optional()
  .transform((v) => v || undefined);

/**
 * Query of GET /tickets/list: the filters (status; site, where ALL_SITES_PARAM is every site; issue
 * days `from` and `to`, inclusive UK days; `search`, part of the ticket number or the plate), the sort
 * and the paging. It is also the list's address (decision 28), field for field.
 */
export const ticketListQuerySchema = z
  .object({
    status: z
      .union([z.enum(ticketStatusFilters), z.literal('')])
      .optional()
      .transform((v) => v || undefined),
    siteNumber: siteFilterField,
    from: optionalDay,
    to: optionalDay,
    search: z
      .string()
      .trim()
      .max(TICKET_SEARCH_MAX, 'maxLength')
      .optional()
      .transform((v) => v || undefined),
    /** 'true': only tickets a permit covered at the time; 'false': only those none covered. */
    covered: z
      .enum(['true', 'false', ''])
      .optional()
      .transform((v) => (v === '' || v === undefined ? undefined : v === 'true')),
  })
  .extend(pageQuerySchema(ticketListSortColumns).shape);
export type TicketListQuery = z.output<typeof ticketListQuerySchema>;

/** One row of the list; amounts in pounds. */
export const ticketListRowSchema = z.object({
  ticketNumber: z.string(),
  siteNumber: z.string(),
  siteName: z.string(),
  vehicleRegistration: z.string(),
  contravention: z.string(),
  issueDate: z.string(),
  violationDate: z.string(),
  status: z.enum(ticketListStatuses),
  fullAmount: z.number(),
  reducedAmount: z.number(),
  /** What the driver owes now: nothing once paid, cancelled or settled; the reduced amount while reduced. */
  amountDue: z.number(),
  /** The last day (yyyy-mm-dd) the reduced amount is due, while a reduction runs. */
  reducedUntil: z.string().nullable(),
  /** The site lets tickets be reduced. */
  allowsReductions: z.boolean(),
  /** A permit of this vehicle was valid at the ticket's site at the violation time. */
  permitCovered: z.boolean(),
  /** The reason given with the latest cancel or reduce, if any. */
  reason: ticketActionReasonSchema.nullable(),
  reasonNote: z.string().nullable(),
});
export type TicketListRow = z.infer<typeof ticketListRowSchema>;
export const ticketListPageSchema = pageSchema(ticketListRowSchema);
