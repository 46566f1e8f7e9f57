import { formatMoneyIn, ukDate } from '@client-portal/contract';
import { currentLanguage } from '../../i18n';

/** dd/mm/yyyy in UK time, whatever the browser's zone; an unreadable value is shown as given. */
export function formatDate(value: string): string {
  return ukDate(value) || value;
}

/** Pounds with two decimals: £60.00. */
export function formatMoney(pounds: number): string {
  return formatMoneyIn(currentLanguage(), pounds);
}

/** A reason (in the list's words) and its note as one line: "Other: delivery driver". */
export function reasonText(reason: string, note: string | null): string {
  return note ? `${reason}: ${note}` : reason;
}
