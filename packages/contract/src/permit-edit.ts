import { z } from 'zod';
import { coveredTicketsSchema } from './covered-tickets.js';
import { permitRowSchema } from './permit-add.js';
import { permitSchema } from './permits.js';
import { firstIssuePerField, type RuleIssue, ruleIssuesOf } from './rules.js';

/**
 * The fields Permits.Edit corrects (issue 14): registration, driver name, reason and the inclusive
 * end day. Site, duration and start stay as added: a different place or kind is a new permit.
 */
export const permitEditFields = ['vehicleRegistration', 'driverName', 'reason', 'ended'] as const;
export type PermitEditField = (typeof permitEditFields)[number];

/**
 * Body of PUT /permits/{type}/{permitId}: each field with the add row's own rule (one rule, not two).
 * `ended` is ignored for a Permanent permit, whose end is computed; reason null clears it.
 * `confirmedWarnings`: the user chose to keep a new registration despite a similar-plate warning, as
 * on the add (decision 19).
 */
export const permitEditBodySchema = permitRowSchema.pick({
  vehicleRegistration: true,
  driverName: true,
  reason: true,
  ended: true,
  confirmedWarnings: true,
});
export type PermitEditBody = z.input<typeof permitEditBodySchema>;
export type CheckedPermitEdit = z.output<typeof permitEditBodySchema>;

/** Each field checked on its own, so that one bad field does not hide the others (as the add form). */
export function checkPermitEditFields(raw: Readonly<Record<string, unknown>>): {
  edit: Partial<CheckedPermitEdit>;
  issues: RuleIssue[];
} {
  const edit: Partial<CheckedPermitEdit> = {};
  const issues: RuleIssue[] = [];
  for (const field of permitEditFields) {
    const parsed = permitEditBodySchema.shape[field].safeParse(raw[field]);
    if (parsed.success) Object.assign(edit, { [field]: parsed.data });
    else issues.push(...firstIssuePerField(ruleIssuesOf(parsed.error, [field])));
  }
  return { edit, issues };
}

/** 200 answer of PUT /permits/{type}/{permitId}: the permit as stored, the fields changed, tickets covered. */
export const permitEditResultSchema = z.object({
  permit: permitSchema,
  changed: z.array(z.enum(permitEditFields)),
  coveredTickets: coveredTicketsSchema,
});
export type PermitEditResult = z.infer<typeof permitEditResultSchema>;
