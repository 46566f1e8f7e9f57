import { formatCountIn, formatMoneyIn, ukDisplayDay } from '@client-portal/contract';
import { currentLanguage } from '../../i18n';

/** In the language the portal is drawn in (decision 49): cy-GB or en-GB. */
export const formatMoney = (pounds: number): string => formatMoneyIn(currentLanguage(), pounds);
export const formatCount = (value: number): string => formatCountIn(currentLanguage(), value);
export const formatDay = (day: string): string => ukDisplayDay(day);
/** 'YYYY-MM' as 'MM/YYYY'. */
export const formatMonth = (month: string): string => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** `statistics-{chart}-{site or all}-{from}-{to}.csv` */
export function chartFileName(chart: string, site: string | undefined, from: string, to: string): string {
  return `statistics-${chart}-${site ?? 'all'}-${from}-${to}.csv`;
}
