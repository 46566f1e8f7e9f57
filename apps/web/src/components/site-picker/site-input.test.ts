import { describe, expect, it } from 'vitest';
import { filterSiteInput, searchTerms, shouldSearch } from './site-input';

describe('filterSiteInput', () => {
  it('upper-cases and keeps S, G, hyphen, digits and separators', () => {
    expect(filterSiteInput('sg-12a', false)).toBe('SG-12');
    expect(filterSiteInput('12x, 34', false)).toBe('12, 34');
  });

  it('keeps digits only in a site-only picker', () => {
    expect(filterSiteInput('sg-12a', true)).toBe('12');
  });

  it('keeps at most 10 characters', () => {
    expect(filterSiteInput('123456789012', true)).toBe('1234567890');
  });
});

describe('searchTerms and shouldSearch', () => {
  it('splits on spaces and commas', () => {
    expect(searchTerms(' 12, 34  SG1,12 ')).toEqual(['12', '34', 'SG1']);
  });

  it('does not search whitespace or a single short term', () => {
    expect(shouldSearch(searchTerms('   '))).toBe(false);
    expect(shouldSearch(searchTerms('1'))).toBe(false);
    expect(shouldSearch(searchTerms('12'))).toBe(true);
    expect(shouldSearch(searchTerms('1 2'))).toBe(true);
  });
});
