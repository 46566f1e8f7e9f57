import { customPeriodIssues, ukToday } from '@client-portal/contract';
import type { TFunction } from 'i18next';
import { ruleMessage } from './rule-message';

/**
 * A custom period's messages before asking, one a day: the contract's period rule (the server's own:
 * both days, in order, not after today, at most 13 months), said from `common.periodRules`. The
 * reports page and the statistics page both check their days with it.
 */
export function periodMessages(
  from: string,
  to: string,
  t: TFunction,
  today = ukToday(),
): { from?: string; to?: string } {
  return Object.fromEntries(
    customPeriodIssues(from || undefined, to || undefined, today).map((issue) => [
      issue.field,
      ruleMessage(t, 'common.periodRules', issue, issue.field),
    ]),
  );
}
