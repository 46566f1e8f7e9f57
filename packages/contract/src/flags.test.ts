import { describe, expect, it } from 'vitest';
import { flagCatalogue, maskCoveredBy } from './flags.js';

describe('flag masks', () => {
  it('*.* needs any feature at all', () => {
    expect(maskCoveredBy('*.*', ['Self.View'])).toBe(true);
    expect(maskCoveredBy('*.*', [])).toBe(false);
  });

  it('Group.* needs a feature of that group, not of a group sharing its prefix', () => {
    expect(maskCoveredBy('Tickets.*', ['Tickets.View'])).toBe(true);
    expect(maskCoveredBy('Tickets.*', ['Permits.View'])).toBe(false);
    expect(maskCoveredBy('Ticket.*', ['Tickets.View'])).toBe(false);
  });

  it('a single feature needs exactly that feature', () => {
    expect(maskCoveredBy('Permits.Add', ['Permits.Add'])).toBe(true);
    expect(maskCoveredBy('Permits.Add', ['Permits.Edit'])).toBe(false);
  });

  it('every flag of the catalogue has a unique name', () => {
    const names = flagCatalogue.map((f) => f.normalizedName);
    expect(new Set(names).size).toBe(names.length);
  });
});
