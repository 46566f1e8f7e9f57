import { z } from 'zod';
import { DRIVER_NAME_MAX, SITE_INPUT_MAX, VEHICLE_REGISTRATION_MAX } from './constants.js';
import { permitSchema, permitTypeSchema } from './permits.js';

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
export type PermitReasonCode = keyof typeof permitReasons;

/** Letters, digits, space, hyphen, apostrophe, full stop and slash (driver name, authorised by). */
export const PERSON_NAME_PATTERN = /^[\p{L}0-9 '\-./]+$/u;
/** Site or group input: only S, G, hyphen and digits (after spaces are removed and upper-cased). */
export const SITE_VALUE_PATTERN = /^[SG0-9-]+$/;
/** A vehicle registration once normalised: capital letters and digits only. */
export const REGISTRATION_PATTERN = /^[A-Z0-9]+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Upper-cased with every non-alphanumeric removed, as the single-add form does while typing. */
export function stripRegistration(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Upper-cased with spaces removed (bulk CSV site values). */
export function normaliseSiteValue(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

const personName = (label: string, invalidMessage: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(DRIVER_NAME_MAX, `${label} max. length is ${DRIVER_NAME_MAX} characters`)
    .regex(PERSON_NAME_PATTERN, invalidMessage);

/**
 * One row of POST /permits (operations spec section 3, Permit add payload). Dates are yyyy-mm-dd in
 * UK time; the end date is inclusive. `ended` is ignored for Permanent (the server computes it).
 * Bulk rows carry their CSV line number as `id` and no reason or authorisedBy.
 */
export const permitAddRowSchema = z.object({
  id: z.number().int().min(0),
  site_SiteGroupNumber: z
    .string()
    .transform(normaliseSiteValue)
    .pipe(
      z
        .string()
        .min(1, 'Site is required')
        .max(SITE_INPUT_MAX, `Site max. length is ${SITE_INPUT_MAX} characters`)
        .refine(
          (v) => v === ALL_SITES_VALUE || SITE_VALUE_PATTERN.test(v),
          'Site must contain a valid site or site group number.',
        ),
    ),
  vehicleRegistration: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .min(1, 'Vehicle Registration is required')
        .max(
          VEHICLE_REGISTRATION_MAX,
          `Vehicle Registration max. length is ${VEHICLE_REGISTRATION_MAX} characters`,
        )
        .regex(REGISTRATION_PATTERN, 'Vehicle registration must only contain alphanumeric characters.'),
    ),
  driverName: personName('Driver Name', 'Driver name contains invalid characters.'),
  duration: permitDurationSchema,
  started: z.string().regex(ISO_DATE, 'Start Date must be a valid date'),
  ended: z.string().regex(ISO_DATE, 'End Date must be a valid date').nullish(),
  reason: z
    .number()
    .int()
    .refine((v) => v in permitReasons, 'Reason must be one of the listed reasons.')
    .nullish(),
  authorisedBy: personName('Authorised By', 'Authorised by contains invalid characters.').nullish(),
});
export type PermitAddRow = z.input<typeof permitAddRowSchema>;
export type CheckedPermitAddRow = z.output<typeof permitAddRowSchema>;

/**
 * Body of POST /permits. A single add is one row with authorisedBy (needs Permits.Add); anything
 * else is a bulk add (needs Permits.BulkAdd). Rows are checked one by one on the server so that
 * messages come back keyed `{id}_{field}` (bulk) or `{field}` (single), plus `Allowance`.
 */
export const permitAddBodySchema = z.array(z.looseObject({})).min(1).max(PERMIT_BULK_MAX_ROWS);

/** 201 answer of POST /permits: every permit stored (all or nothing). */
export const permitAddResultSchema = z.object({ success: z.literal(true), permits: z.array(permitSchema) });
export type PermitAddResult = z.infer<typeof permitAddResultSchema>;

/** Path of GET /permits/{type}/{permitId} and POST /permits/{type}/{permitId}/expire. */
export const permitKeySchema = z.object({
  type: permitTypeSchema,
  permitId: z.coerce.number().int().positive(),
});
export type PermitKey = z.infer<typeof permitKeySchema>;
