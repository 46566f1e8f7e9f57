import type { TicketAllowance } from '@client-portal/contract';

/** A null allocation has no limit: shown (and exported, and sorted) as the given 'No limit' text. */
export function allocationCell(allocated: number | null, unlimited: string): number | string {
  return allocated ?? unlimited;
}

/** 'Site' shows the number with the name, so sorting on it is sorting by site number. */
export function allowanceSiteCell(row: Pick<TicketAllowance, 'siteNumber' | 'siteName'>): string {
  return `${row.siteNumber} – ${row.siteName}`;
}
