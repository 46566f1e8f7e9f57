import { ukDate } from '@client-portal/contract';

const moneyFormat = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** dd/mm/yyyy in UK time, whatever the browser's zone; an unreadable value is shown as given. */
export function formatDate(value: string): string {
  return ukDate(value) || value;
}

/** Pounds with two decimals: £60.00. */
export function formatMoney(pounds: number): string {
  return moneyFormat.format(pounds);
}
