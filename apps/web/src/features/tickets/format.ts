const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/London',
});
const moneyFormat = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** dd/mm/yyyy in UK time, whatever the browser's zone; an unreadable value is shown as given. */
export function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

/** Pounds with two decimals: £60.00. */
export function formatMoney(pounds: number): string {
  return moneyFormat.format(pounds);
}
