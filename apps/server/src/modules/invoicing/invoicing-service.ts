import {
  addIsoDays,
  addIsoMonths,
  type InvoiceDefinition,
  type InvoiceRow,
  ukToday,
} from '@client-portal/contract';
import type { Db } from '../../db/client.js';
import { FieldErrors, notFound } from '../../plugins/problem.js';
import { canAccessSite, canAccessSiteOrGroup, type Principal } from '../access/principal.js';
import { invoiceDefinitions, isInvoiceKey } from './definitions.js';
import { findSiteOrGroup, invoiceLoaders } from './invoicing-repository.js';

export function listDefinitions(): InvoiceDefinition[] {
  return Object.values(invoiceDefinitions);
}

export function definitionFor(key: string): InvoiceDefinition {
  if (!isInvoiceKey(key)) throw notFound('There is no such invoice.');
  return invoiceDefinitions[key];
}

/**
 * The wire range is [from, to) with `to` exclusive (the wizard's inclusive end plus one day): at most one
 * calendar month inclusive, so to <= from + 1 month + 1 day, and the last day no later than today.
 */
export function checkRange(from: string, to: string, today: string): void {
  const errors = new FieldErrors();
  if (from > today) errors.add('from', 'Start date cannot be later than today.');
  if (to < from) errors.add('to', 'End date cannot be before the start date.');
  else if (to > addIsoDays(addIsoMonths(from, 1), 1)) errors.add('to', 'The range can be at most one month.');
  if (to > addIsoDays(today, 1)) errors.add('to', 'End date cannot be later than today.');
  errors.throwIfAny();
}

export async function invoiceRows(
  db: Db,
  principal: Principal,
  key: string,
  site: string,
  range: { from: string; to: string },
  today = ukToday(),
): Promise<InvoiceRow[]> {
  if (!isInvoiceKey(key)) throw notFound('There is no such invoice.');
  const found = await findSiteOrGroup(db, site);
  const reachable =
    found?.kind === 'site'
      ? canAccessSite(principal, site)
      : found?.kind === 'group' && canAccessSiteOrGroup(principal, site, found.members);
  // A site outside the caller's reach looks the same as one that does not exist.
  if (!found || !reachable) throw notFound('There is no such site.');
  checkRange(range.from, range.to, today);
  const scope =
    found.kind === 'site'
      ? { siteNumbers: [site], groupNumbers: [] }
      : { siteNumbers: found.members, groupNumbers: [site] };
  return invoiceLoaders[key](db, { ...scope, ...range });
}
