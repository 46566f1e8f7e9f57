import { z } from 'zod';
import { siteOrGroupNumberSchema } from './sites.js';

/** Rows one PUT /permits/allowances may carry. */
export const PERMIT_ALLOWANCE_ROWS_MAX = 200;
/** The largest allowance the database column (integer) holds. */
export const PERMIT_ALLOWANCE_MAX = 2_147_483_647;

/** One cap on current + upcoming permits; null means unlimited (platform spec sections 3 and 5). */
export const allowanceValueSchema = z
  .number({ error: 'invalidType' })
  .int('wholeNumber')
  .min(0, 'tooSmall')
  .max(PERMIT_ALLOWANCE_MAX, 'tooLarge')
  .nullable();

/** The allowances of one site or site group, as the spec names its fields. */
const permitAllowanceSchema = z.object({
  site_SiteGroupNumber: siteOrGroupNumberSchema,
  temporaryAllowance: allowanceValueSchema,
  permanentAllowance: allowanceValueSchema,
});
export type PermitAllowance = z.infer<typeof permitAllowanceSchema>;

export const permitAllowanceListSchema = z.array(permitAllowanceSchema);

/** PUT /permits/allowances: every row is stored, or none. */
export const updatePermitAllowancesSchema = z
  .array(permitAllowanceSchema)
  .min(1, 'required')
  .max(PERMIT_ALLOWANCE_ROWS_MAX, 'tooLarge');

/**
 * One row of GET /permits/allowances/{site}/use: a site's or group's own caps beside the permits that
 * count against them now (current and upcoming, as an add counts them), so that the add form can
 * say "full" before anything is typed and the operator sees the use beside each allowance.
 */
export const permitAllowanceUseSchema = permitAllowanceSchema.extend({
  temporaryInUse: z.number().int(),
  permanentInUse: z.number().int(),
});
export type PermitAllowanceUse = z.infer<typeof permitAllowanceUseSchema>;
export const permitAllowanceUseListSchema = z.array(permitAllowanceUseSchema);

/** Which kinds of permit a site or group can take no more of (a cap reached), for the add form. */
export function fullAllowances(use: PermitAllowanceUse): ('temporary' | 'permanent')[] {
  const full: ('temporary' | 'permanent')[] = [];
  if (use.temporaryAllowance !== null && use.temporaryInUse >= use.temporaryAllowance) full.push('temporary');
  if (use.permanentAllowance !== null && use.permanentInUse >= use.permanentAllowance) full.push('permanent');
  return full;
}
