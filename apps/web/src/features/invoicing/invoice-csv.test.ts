import type { InvoiceDefinition } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import { buildInvoiceCsv, encodeUtf16le, invoiceFileName } from './invoice-csv';

const definition: InvoiceDefinition = {
  key: 'k',
  name: 'Parking transactions',
  description: '',
  columns: { vrm: { text: 'Vehicle' }, amount: { text: 'Amount', type: 'money' } },
  defaultSort: { column: 'vrm', direction: 'asc' },
};

describe('invoice CSV', () => {
  it('writes money with 2 decimals and neutralises formulas', () => {
    const csv = buildInvoiceCsv(definition, [
      { vrm: '=HYPERLINK("x")', amount: 2.5 },
      { vrm: 'AB12 CDE', amount: 10 },
    ]);
    expect(csv.split('\r\n')).toEqual(['Vehicle,Amount', `"'=HYPERLINK(""x"")",2.50`, 'AB12 CDE,10.00']);
  });

  it('encodes UTF-16LE with a byte order mark', () => {
    expect([...encodeUtf16le('£1')]).toEqual([0xff, 0xfe, 0xa3, 0x00, 0x31, 0x00]);
  });

  it('names the file after the site, invoice and range', () => {
    expect(invoiceFileName('1001', 'Parking transactions', '2026-01-01', '2026-01-31')).toBe(
      '1001-Parking transactions-2026-01-01-2026-01-31.csv',
    );
  });
});
