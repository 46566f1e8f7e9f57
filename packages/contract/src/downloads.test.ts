import { describe, expect, it } from 'vitest';
import { invoiceExportQuerySchema, invoiceFileName } from './invoicing.js';
import { permitExportQuerySchema } from './permits.js';

describe('download formats', () => {
  it('asks for text for Excel unless the workbook is asked for, and refuses any other format', () => {
    const range = { from: '2026-01-01', to: '2026-02-01' };
    expect(invoiceExportQuerySchema.parse(range).format).toBe('csv');
    expect(invoiceExportQuerySchema.parse({ ...range, format: 'xlsx' }).format).toBe('xlsx');
    expect(invoiceExportQuerySchema.safeParse({ ...range, format: 'pdf' }).success).toBe(false);
    expect(permitExportQuerySchema.parse({}).format).toBe('csv');
    expect(permitExportQuerySchema.parse({ format: 'xlsx', sort: 'ended' })).toMatchObject({
      format: 'xlsx',
      sort: 'ended',
    });
  });

  it('names the invoice file with the format’s extension', () => {
    expect(invoiceFileName('SG01', 'Parking transactions', '2026-01-01', '2026-01-31')).toBe(
      'SG01-Parking transactions-2026-01-01-2026-01-31.csv',
    );
    expect(invoiceFileName('1001', 'Permit charges', '2026-01-01', '2026-01-31', 'xlsx')).toBe(
      '1001-Permit charges-2026-01-01-2026-01-31.xlsx',
    );
  });
});
