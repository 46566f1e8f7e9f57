import { z } from 'zod';
import { TICKET_NUMBER_MAX } from './constants.js';
import { pageQuerySchema, pageSchema } from './paging.js';

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
