import { describe, expect, it } from 'vitest';
import { paramsFromView, viewFromParams } from './statistics-choice';

describe('statistics choices in the query string', () => {
  it('read back what they wrote', () => {
    const view = {
      site: 'SG01',
      period: 'custom' as const,
      from: '2025-01-01',
      to: '2025-03-31',
      tables: ['stays'],
    };
    expect(viewFromParams(paramsFromView(view))).toEqual(view);
  });
  it('default to last month for all sites, and drop custom days of other periods', () => {
    expect(viewFromParams(new URLSearchParams('period=nonsense'))).toEqual({
      site: undefined,
      period: 'last-month',
      from: undefined,
      to: undefined,
      tables: [],
    });
    expect(paramsFromView({ period: 'this-month', from: '2025-01-01', tables: [] }).toString()).toBe(
      'period=this-month',
    );
  });
  it('read the address through the contract’s schema: a bad value is its default, the site upper-cased', () => {
    expect(
      viewFromParams(
        new URLSearchParams('site=sg01&period=custom&from=2025-02-30&to=2025-03-31&table=stays,,occupancy'),
      ),
    ).toEqual({ site: 'SG01', period: 'custom', to: '2025-03-31', tables: ['stays', 'occupancy'] });
    expect(viewFromParams(new URLSearchParams('site=not%20a%20site&period=this-month'))).toEqual({
      period: 'this-month',
      tables: [],
    });
  });
});
