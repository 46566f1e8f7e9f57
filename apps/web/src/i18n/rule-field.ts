import { firstIssuePerField, ruleIssuesOf } from '@client-portal/contract';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { ruleMessage } from './rule-message';

/**
 * A form field checked by the contract's own schema for it (`schema`), its rule codes said in this
 * browser's words from the i18n table `table` (see ruleMessage), under the field name `field`. The
 * form gets the schema's output (trimmed, for instance) when the value passes.
 */
export function ruleField<S extends z.ZodType<unknown, string>>(
  schema: S,
  t: TFunction,
  table: string,
  field: string,
) {
  return z.string().transform((value, ctx): z.output<S> => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of firstIssuePerField(ruleIssuesOf(result.error, [field]))) {
      ctx.addIssue({ code: 'custom', message: ruleMessage(t, table, issue, field), continue: true });
    }
    return z.NEVER;
  });
}
