import { formatMoneyIn, type InvoiceColumnType, ukDateTime } from '@client-portal/contract';
import { currentLanguage } from '../../i18n';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Display text of an invoice cell by column type; dates are 'YYYY-MM-DD' days, datetimes instants. */
export function formatInvoiceCell(
  value: string | number | null | undefined,
  type?: InvoiceColumnType,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (type === 'money' && typeof value === 'number') return formatMoneyIn(currentLanguage(), value);
  if (type === 'date' || type === 'datetime') {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return String(value);
    return type === 'date' ? dateFormat.format(date) : ukDateTime(date);
  }
  return String(value);
}

/** Display of a 'YYYY-MM-DD' day: dd/mm/yyyy. */
export function formatDay(day: string): string {
  return formatInvoiceCell(day, 'date');
}
