import { ukDisplayDay } from '@client-portal/contract';

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const count = new Intl.NumberFormat('en-GB');

export const formatMoney = (pounds: number): string => money.format(pounds);
export const formatCount = (value: number): string => count.format(value);
export const formatDay = (day: string): string => ukDisplayDay(day);
/** 'YYYY-MM' as 'MM/YYYY'. */
export const formatMonth = (month: string): string => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** `statistics-{chart}-{site or all}-{from}-{to}.csv` */
export function chartFileName(chart: string, site: string | undefined, from: string, to: string): string {
  return `statistics-${chart}-${site ?? 'all'}-${from}-${to}.csv`;
}
