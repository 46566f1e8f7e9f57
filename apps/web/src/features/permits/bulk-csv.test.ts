import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { bulkColumns, bulkTemplateCsv, parsePermitCsv } from './bulk-csv';

const HEADER = 'Site,Vehicle Registration,Driver Name,Temporary,Start Date,End Date';

function records(text: string) {
  const parsed = parsePermitCsv(text);
  if (!parsed.ok) throw new Error(`not parsed: ${parsed.reason}`);
  return parsed.records;
}

describe('parsePermitCsv', () => {
  it('numbers data rows from 2 (the header is line 1) and reads every column', () => {
    expect(records(`${HEADER}\n1001,AB12CDE,Jo Bloggs,Yes,01/03/2026,15/03/2026\n`)).toEqual([
      {
        line: 2,
        cells: {
          Site: '1001',
          'Vehicle Registration': 'AB12CDE',
          'Driver Name': 'Jo Bloggs',
          Temporary: 'Yes',
          'Start Date': '01/03/2026',
          'End Date': '15/03/2026',
        },
      },
    ]);
  });

  it('matches headers trimmed and in any case and order, ignoring other columns', () => {
    const [row] = records(
      ' start date ,NOTES, site ,DRIVER NAME,vehicle registration,temporary\n2026-03-01,x,1001,Jo,AB1,no',
    );
    expect(row?.cells).toEqual({
      Site: '1001',
      'Vehicle Registration': 'AB1',
      'Driver Name': 'Jo',
      Temporary: 'no',
      'Start Date': '2026-03-01',
      'End Date': '',
    });
  });

  it('reads quoted fields holding commas, quotes and line breaks', () => {
    const [first, second] = records(
      `${HEADER}\n1001,AB1,"Bloggs, Jo",No,01/03/2026,\n1002,AB2,"Jo ""JB""\nBloggs",No,01/03/2026,\n`,
    );
    expect(first?.cells['Driver Name']).toBe('Bloggs, Jo');
    expect(second?.cells['Driver Name']).toBe('Jo "JB"\nBloggs');
    // The quoted line break makes one record of two physical lines; records are numbered as rows.
    expect(second?.line).toBe(3);
  });

  it('handles CRLF line ends and a byte order mark', () => {
    const rows = records(`\uFEFF${HEADER}\r\n1001,AB1,Jo,No,01/03/2026,\r\n1002,AB2,Al,No,01/03/2026,\r\n`);
    expect(rows.map((r) => [r.line, r.cells.Site])).toEqual([
      [2, '1001'],
      [3, '1002'],
    ]);
    expect(rows[1]?.cells['End Date']).toBe('');
  });

  it('skips empty lines and lines of bare commas but keeps counting them', () => {
    const rows = records(`\n${HEADER}\n\n1001,AB1,Jo,No,01/03/2026,\n,,,,,\n   \n1002,AB2,Al,No,01/03/2026,`);
    expect(rows.map((r) => r.line)).toEqual([4, 7]);
  });

  it('gives short rows empty cells', () => {
    expect(records(`${HEADER}\n1001,AB1`)[0]?.cells).toMatchObject({ 'Driver Name': '', 'End Date': '' });
  });

  it('reports missing columns, and files it cannot read', () => {
    expect(parsePermitCsv('Site,Registration,Driver Name,Temporary\n1001,AB1,Jo,No')).toEqual({
      ok: false,
      reason: 'missingColumns',
      missing: ['Vehicle Registration', 'Start Date'],
    });
    expect(parsePermitCsv('')).toEqual({ ok: false, reason: 'unreadable' });
    expect(parsePermitCsv('\n\n')).toEqual({ ok: false, reason: 'unreadable' });
    expect(parsePermitCsv(`${HEADER}\n1001,AB1,"Jo,No,01/03/2026,`)).toEqual({
      ok: false,
      reason: 'unreadable',
    });
  });

  it('needs no End Date column', () => {
    expect(
      records('Site,Vehicle Registration,Driver Name,Temporary,Start Date\n1001,AB1,Jo,No,01/03/2026'),
    ).toHaveLength(1);
  });

  it('reads back any cells a CSV writer quotes', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Z', '1', ' ', ',', '"', '\n', '\r\n', "'", '-') });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(cell, cell, cell, cell, cell, cell), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const data = rows.filter((row) => row.some((c) => c.trim() !== ''));
          const text = Papa.unparse({ fields: [...bulkColumns], data }, { quotes: true, newline: '\r\n' });
          const parsed = records(text);
          expect(parsed.map((r) => bulkColumns.map((c) => r.cells[c]))).toEqual(data);
          expect(parsed.map((r) => r.line)).toEqual(data.map((_, i) => i + 2));
        },
      ),
    );
  });

  it('offers a template holding just the header row', () => {
    expect(bulkTemplateCsv()).toBe(`${HEADER}\r\n`);
    expect(parsePermitCsv(bulkTemplateCsv())).toEqual({ ok: true, records: [] });
  });
});
