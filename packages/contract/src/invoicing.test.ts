import { describe, expect, it } from 'vitest';
import {
  invoiceFileName,
  invoiceMaxEnd,
  invoicePageQuerySchema,
  invoiceQuerySchema,
  invoiceRangeSchema,
  invoiceResultsQuerySchema,
} from './invoicing.js';
import { ruleCheck } from './rules.js';

describe('the invoice range', () => {
  it('takes two real days', () => {
    expect(invoiceQuerySchema.parse({ from: '2025-01-01', to: '2025-02-01' })).toEqual({
      from: '2025-01-01',
      to: '2025-02-01',
    });
  });

  it('says which end is not a date or not a real one', () => {
    expect(ruleCheck(invoiceQuerySchema, { from: '01/01/2025', to: '2025-02-30' })).toEqual([
      { field: 'from', code: 'pattern', params: {} },
      { field: 'from', code: 'invalidDate', params: {} },
      { field: 'to', code: 'invalidDate', params: {} },
    ]);
  });

  it('caps the inclusive end at one month after the start and at today', () => {
    expect(invoiceMaxEnd('2026-01-31', '2026-06-01')).toBe('2026-02-28');
    expect(invoiceMaxEnd('2026-02-10', '2026-06-01')).toBe('2026-03-10');
    expect(invoiceMaxEnd('2026-05-20', '2026-06-01')).toBe('2026-06-01');
  });

  it('reports each broken range rule on the day that is wrong, with its parameters', () => {
    const today = '2026-06-10';
    const check = (start: string, end: string) => ruleCheck(invoiceRangeSchema(today), { start, end });
    expect(check('2026-05-01', '2026-06-01')).toEqual([]);
    expect(check('', '')).toEqual([
      { field: 'start', code: 'required', params: { min: 1 } },
      { field: 'end', code: 'required', params: { min: 1 } },
    ]);
    expect(check('2026-13-01', 'x')).toEqual([
      { field: 'start', code: 'invalidDate', params: {} },
      { field: 'end', code: 'pattern', params: {} },
      { field: 'end', code: 'invalidDate', params: {} },
    ]);
    expect(check('2026-06-11', '2026-06-11')).toEqual([
      { field: 'start', code: 'tooLate', params: { max: today } },
      { field: 'end', code: 'tooLate', params: { max: today } },
    ]);
    expect(check('2026-05-10', '2026-05-09')).toEqual([
      { field: 'end', code: 'tooEarly', params: { min: '2026-05-10' } },
    ]);
    expect(check('2026-01-31', '2026-03-01')).toEqual([
      { field: 'end', code: 'rangeTooLong', params: { months: 1, max: '2026-02-28' } },
    ]);
    expect(check('2026-06-01', '2026-06-11')).toEqual([
      { field: 'end', code: 'tooLate', params: { max: today } },
    ]);
  });

  it('pages with a sort column id and the paging fields', () => {
    expect(invoicePageQuerySchema.parse({ from: '2025-01-01', to: '2025-02-01', skip: '10' }).skip).toBe(10);
    expect(
      invoicePageQuerySchema.safeParse({ from: '2025-01-01', to: '2025-02-01', sort: 'x'.repeat(65) })
        .success,
    ).toBe(false);
  });
});

describe('the invoice results’ address (decision 28)', () => {
  it('names the invoice and holds the query the server reads, which ignores the rest', () => {
    const address = {
      key: 'parking-transactions',
      site: '1001',
      from: '2025-01-01',
      to: '2025-02-01',
      sort: 'amount',
      direction: 'asc',
      after: 'c',
      skip: '10',
      page: '3',
    };
    expect(invoiceResultsQuerySchema.parse(address)).toEqual({ ...address, skip: 10, page: 3 });
    expect(invoicePageQuerySchema.parse(address)).toEqual({
      from: '2025-01-01',
      to: '2025-02-01',
      sort: 'amount',
      direction: 'asc',
      after: 'c',
      skip: 10,
      page: 3,
    });
    // Without an invoice the address is only its defaults: the wizard starts at its first stage.
    expect(invoiceResultsQuerySchema.parse({})).toEqual({ skip: 0 });
  });
});

describe('invoice file names', () => {
  it('join site, name and days, without characters a file system refuses', () => {
    expect(invoiceFileName('1001', 'Parking', '2025-01-01', '2025-01-31')).toBe(
      '1001-Parking-2025-01-01-2025-01-31.csv',
    );
    expect(invoiceFileName('1001', 'A/B: "C"', '2025-01-01', '2025-01-31')).toBe(
      '1001-A_B_ _C_-2025-01-01-2025-01-31.csv',
    );
  });
});
