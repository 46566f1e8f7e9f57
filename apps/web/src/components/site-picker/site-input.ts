import { isSiteGroupNumber, SITE_INPUT_MAX, type Site } from '@client-portal/contract';

/**
 * What the user may type: upper-cased; a site-only picker keeps digits, others also S, G and hyphen
 * (site groups are SG…). Spaces and commas survive as separators between search terms.
 */
export function filterSiteInput(raw: string, siteOnly: boolean): string {
  const disallowed = siteOnly ? /[^0-9 ,]/g : /[^SG0-9\- ,]/g;
  return raw.toUpperCase().replace(disallowed, '').slice(0, SITE_INPUT_MAX);
}

export function searchTerms(input: string): string[] {
  return [...new Set(input.split(/[\s,]+/).filter(Boolean))];
}

/** A lone one-character term would match too much to be useful; whitespace is nothing to search. */
export function shouldSearch(terms: readonly string[]): boolean {
  if (terms.length === 0) return false;
  return !(terms.length === 1 && (terms[0]?.length ?? 0) < 2);
}

export function isGroup(site: Site): boolean {
  return isSiteGroupNumber(site.siteNumber);
}

export function siteLabel(site: Site): string {
  return site.name ? `${site.siteNumber} – ${site.name}` : site.siteNumber;
}
