import type { VisitorDurationKind } from '@client-portal/contract';
import type { TFunction } from 'i18next';

/**
 * How long a visitor permit lasts, in the page's language (decision 53): "until the end of the day",
 * "for 4 hours", "am 4 awr". One day is the end of the day.
 */
export function lastingText(t: TFunction, kind: VisitorDurationKind, amount: number | null): string {
  if (kind === 'endOfDay') return t('visitors.lasting.endOfDay');
  const count = amount ?? 1;
  return kind === 'hours' ? t('visitors.lasting.hours', { count }) : t('visitors.lasting.days', { count });
}
