import { z } from 'zod';
import { DRIVER_NAME_MAX, EMAIL_MAX, SITE_INPUT_MAX, VEHICLE_REGISTRATION_MAX } from './constants.js';
import { coveredTicketsSchema } from './covered-tickets.js';
import { normaliseRegistration, permitSchema, permitTypeSchema } from './permits.js';
import {
  firstIssuePerField,
  type RuleIssue,
  ruleIssueSchema,
  ruleIssuesOf,
  text,
  typeRule,
} from './rules.js';
import { isIsoDay } from './uk-days.js';

/** Most rows one POST /permits may carry: a CSV of 5,000 rows is stored in one request, all or nothing. */
export const PERMIT_BULK_MAX_ROWS = 5000;
/**
 * Most permits one POST /permits may store, counted after rows naming ALL are expanded to one permit
 * per site: 5,000 rows of ALL would otherwise store 210,000 permits in one request.
 */
export const PERMIT_BULK_MAX_PERMITS = 10_000;
/** The site value an all-sites user may give in a bulk upload: one permit at every site. */
export const ALL_SITES_VALUE = 'ALL';

/** Permanent and Temporary for everyone; Custom (single add only) needs Permits.CustomDuration. */
export const permitDurations = ['Permanent', 'Temporary', 'Custom'] as const;
export const permitDurationSchema = z.enum(permitDurations);
export type PermitDuration = z.infer<typeof permitDurationSchema>;

/** Operations spec section 3: permit reason codes. */
export const permitReasons = {
  1: 'Service Vehicle',
  2: 'Staff',
  3: 'Contractor',
  4: 'Visitor',
  5: 'Resident',
  6: 'Other',
  7: 'Locker Delivery',
  8: 'Patient',
} as const;

/** Letters, digits, space, hyphen, apostrophe, full stop and slash (driver name, authorised by). */
export const PERSON_NAME_PATTERN = /^[\p{L}0-9 '\-./]+$/u;
/** Site or group input: only S, G, hyphen and digits (after spaces are removed and upper-cased). */
const SITE_VALUE_PATTERN = /^[SG0-9-]+$/;
/** A vehicle registration once normalised: capital letters and digits only. */
export const REGISTRATION_PATTERN = /^[A-Z0-9]+$/;
/** Upper-cased with every non-alphanumeric removed, as the single-add form does while typing. */
export function stripRegistration(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Letters, digits and the few marks a name may carry; at most 50 characters. */
const personName = text()
  .trim()
  .min(1, 'required')
  .max(DRIVER_NAME_MAX, 'maxLength')
  .regex(PERSON_NAME_PATTERN, 'pattern');

/** An optional email address ('' for none): where the driver's copy of the confirmation goes. */
const optionalEmail = text()
  .trim()
  .max(EMAIL_MAX, 'maxLength')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'pattern');

/** A yyyy-mm-dd day that exists. */
const isoDay = text().min(1, 'required').refine(isIsoDay, 'invalidDate');

/**
 * One permit's fields as a row of POST /permits (operations spec section 3, Permit add payload); PUT
 * /permits/{type}/{permitId} picks its fields from it (permitEditBodySchema). The field rules, each
 * reporting a rule code. Dates are yyyy-mm-dd in UK time; the end date is inclusive and ignored for
 * Permanent (the server computes it). Site values and registrations are compared with spaces removed
 * and upper-cased. Bulk rows carry their CSV line number as `id` and no reason or authorisedBy.
 */
export const permitRowSchema = z.object({
  id: z.number(typeRule).int().min(0),
  site_SiteGroupNumber: text()
    .transform(normaliseRegistration)
    .pipe(
      z
        .string()
        .min(1, 'required')
        .max(SITE_INPUT_MAX, 'maxLength')
        .refine((v) => v === ALL_SITES_VALUE || SITE_VALUE_PATTERN.test(v), 'pattern'),
    ),
  vehicleRegistration: text()
    .transform(normaliseRegistration)
    .pipe(
      z
        .string()
        .min(1, 'required')
        .max(VEHICLE_REGISTRATION_MAX, 'maxLength')
        .regex(REGISTRATION_PATTERN, 'pattern'),
    ),
  driverName: personName,
  duration: z.enum(permitDurations, {
    error: (issue) => (issue.input == null || issue.input === '' ? 'required' : 'oneOf'),
  }),
  started: isoDay,
  /** '' reads as no end: required or not by the duration (permitPeriodIssues). */
  ended: text()
    .refine((v) => v === '' || isIsoDay(v), 'invalidDate')
    .nullish(),
  reason: z
    .number(typeRule)
    .int('oneOf')
    .refine((v) => v in permitReasons, 'oneOf')
    .nullish(),
  authorisedBy: personName.nullish(),
  /** Single add only: the driver is emailed a copy of the confirmation (not stored). */
  driverEmail: optionalEmail.nullish(),
  /** The user saw the plate check's warnings for this row and keeps the typed plate. */
  confirmedWarnings: z.boolean(typeRule).nullish(),
});
export type PermitAddRow = z.input<typeof permitRowSchema>;
export type CheckedPermitRow = z.output<typeof permitRowSchema>;
export type PermitRowField = Exclude<keyof CheckedPermitRow, 'id' | 'confirmedWarnings'>;
export const permitRowFields = Object.keys(permitRowSchema.shape).filter(
  (field): field is PermitRowField => field !== 'id' && field !== 'confirmedWarnings',
);

/** A single add is one row from the form, with authorisedBy; a bulk add the rows of a CSV file. */
const permitAddModes = ['single', 'bulk'] as const;
export type PermitAddMode = (typeof permitAddModes)[number];
/**
 * Query of POST /permits: which add this is (Permits.Add or Permits.BulkAdd). Optional: the spec's
 * call has no query string, and then the mode is read from the body (inferPermitAddMode).
 */
export const permitAddQuerySchema = z.object({ mode: z.enum(permitAddModes).optional() });

/**
 * The mode of a POST /permits without `mode`, as the spec's payloads imply (decision 0027): the single
 * form sends exactly one row with reason and authorisedBy; bulk rows (a CSV file) carry neither. So one
 * row with an authorisedBy or a reason is a single add, anything else (several rows, or one CSV row) a
 * bulk add.
 */
export function inferPermitAddMode(rows: readonly Readonly<Record<string, unknown>>[]): PermitAddMode {
  if (rows.length !== 1) return 'bulk';
  const given = (value: unknown) => value !== undefined && value !== null && value !== '';
  const [row] = rows;
  return given(row?.authorisedBy) || given(row?.reason) ? 'single' : 'bulk';
}

export interface PermitRowContext {
  mode: PermitAddMode;
  /** Permits.CustomDuration. */
  mayUseCustom: boolean;
}

/** A single add's row: authorisedBy is required. */
const singleRowSchema = permitRowSchema.extend({ authorisedBy: personName });

/**
 * Each field of one row checked on its own, so that one bad field does not hide the others: the
 * values that passed and the first issue of each field that did not (the row's `id` is the caller's).
 */
export function checkPermitRowFields(
  raw: Readonly<Record<string, unknown>>,
  { mode, mayUseCustom }: PermitRowContext,
): { row: Partial<CheckedPermitRow>; issues: RuleIssue[] } {
  const shape = mode === 'single' ? singleRowSchema.shape : permitRowSchema.shape;
  const row: Partial<CheckedPermitRow> = {};
  const issues: RuleIssue[] = [];
  for (const field of permitRowFields) {
    const parsed = shape[field].safeParse(raw[field]);
    if (parsed.success) Object.assign(row, { [field]: parsed.data });
    else issues.push(...firstIssuePerField(ruleIssuesOf(parsed.error, [field])));
  }
  // Custom is for single adds, and there only with Permits.CustomDuration.
  if (row.duration === 'Custom' && (mode === 'bulk' || !mayUseCustom)) {
    issues.push({ field: 'duration', code: mode === 'bulk' ? 'notInBulk' : 'notAllowed', params: {} });
  }
  return { row, issues };
}

/**
 * Body of POST /permits[?mode=single|bulk] (the spec's array of permit add payloads). Rows are checked
 * one by one on the server so that messages come back keyed `{line}_{field}` (bulk) or `{field}`
 * (single), plus `Allowance`, and listed as `rows` with their codes.
 */
export const permitAddBodySchema = z.array(permitRowSchema).min(1).max(PERMIT_BULK_MAX_ROWS);
/** What POST /permits needs before its rows are checked one by one: 1 to 5,000 objects. */
export const permitAddEnvelopeSchema = z.array(z.looseObject({})).min(1).max(PERMIT_BULK_MAX_ROWS);

/** The spec's key of a row's message: `{line}_{field}` in a bulk add, `{field}` in a single add. */
export function permitRowKey(mode: PermitAddMode, line: number, field: string): string {
  return mode === 'bulk' ? `${line}_${field}` : field;
}

/** One refused check of a row: its CSV line (bulk) or null (single), the field, code and parameters. */
export const permitRowIssueSchema = ruleIssueSchema.extend({ line: z.number().int().nullable() });
export type PermitRowIssue = z.infer<typeof permitRowIssueSchema>;

/**
 * 201 answer of POST /permits: every permit stored (all or nothing), and the open tickets they cover
 * (issue 14), which a user holding Tickets.Cancel may then cancel.
 */
export const permitAddResultSchema = z.object({
  success: z.literal(true),
  permits: z.array(permitSchema),
  coveredTickets: coveredTicketsSchema,
  /** A bulk add's upload, which may be taken back in one go for an hour (issue 24); null for a single add. */
  uploadId: z.number().int().nullable(),
});
export type PermitAddResult = z.infer<typeof permitAddResultSchema>;

/** Path of GET /permits/{type}/{permitId} and POST /permits/{type}/{permitId}/expire. */
export const permitKeySchema = z.object({
  type: permitTypeSchema,
  permitId: z.coerce.number().int().positive(),
});
export type PermitKey = z.infer<typeof permitKeySchema>;
