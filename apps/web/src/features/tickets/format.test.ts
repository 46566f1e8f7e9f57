import { describe, expect, it } from 'vitest';
import { allocationCell, allowanceSiteCell } from './allowance-display';
import { formatDate, formatMoney } from './format';

describe('formatting', () => {
  it('shows dates as dd/mm/yyyy in UK time', () => {
    expect(formatDate('2026-03-07T10:00:00.000Z')).toBe('07/03/2026');
    // 23:30 UTC in summer is already the next day in London.
    expect(formatDate('2026-07-31T23:30:00.000Z')).toBe('01/08/2026');
    expect(formatDate('2026-12-05')).toBe('05/12/2026');
  });

  it('shows money as pounds with two decimals', () => {
    expect(formatMoney(60)).toBe('£60.00');
    expect(formatMoney(37.5)).toBe('£37.50');
  });

  it("shows a null allocation as 'No limit' and a site with its name", () => {
    expect(allocationCell(null, 'No limit')).toBe('No limit');
    expect(allocationCell(0, 'No limit')).toBe(0);
    expect(allowanceSiteCell({ siteNumber: '1001', siteName: 'Acme Central' })).toBe('1001 – Acme Central');
  });
});
