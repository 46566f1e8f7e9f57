import { checkSightingRow } from '@client-portal/contract';
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { parseSightingCsv } from './sightings-csv.js';

describe('parseSightingCsv', () => {
  it('skips a header, splits on commas, reads an empty exit as unknown and keeps a bad number as text', () => {
    const rows = parseSightingCsv(
      'siteNumber,registration,enteredAt,exitedAt,readConfidence\r\n' +
        '1001, AB12CDE ,2026-03-10T08:00:00Z,,0.9\n\n' +
        '"1002",XY99ZZZ,2026-03-10T08:00:00Z,2026-03-10T09:00:00Z,high\n',
    );
    expect(rows).toEqual([
      {
        siteNumber: '1001',
        registration: 'AB12CDE',
        enteredAt: '2026-03-10T08:00:00Z',
        exitedAt: null,
        readConfidence: 0.9,
      },
      {
        siteNumber: '1002',
        registration: 'XY99ZZZ',
        enteredAt: '2026-03-10T08:00:00Z',
        exitedAt: '2026-03-10T09:00:00Z',
        readConfidence: 'high',
      },
    ]);
    expect(checkSightingRow(rows[1]).issues.map((i) => `${i.field} ${i.code}`)).toEqual([
      'readConfidence invalidType',
    ]);
  });

  it('keeps a quoted comma and a quoted quote inside their cell, so later columns do not shift', () => {
    const rows = parseSightingCsv(
      '\uFEFF1001,"AB12,CDE",2026-03-10T08:00:00Z,,0.5\r\n' +
        '1001,"AB""12CDE",2026-03-10T08:00:00Z,"2026-03-10T09:00:00Z","1"\r\n',
    );
    expect(rows).toEqual([
      {
        siteNumber: '1001',
        registration: 'AB12,CDE',
        enteredAt: '2026-03-10T08:00:00Z',
        exitedAt: null,
        readConfidence: 0.5,
      },
      {
        siteNumber: '1001',
        registration: 'AB"12CDE',
        enteredAt: '2026-03-10T08:00:00Z',
        exitedAt: '2026-03-10T09:00:00Z',
        readConfidence: 1,
      },
    ]);
    // The row check then judges the plate, not a shifted column.
    expect(checkSightingRow(rows[0]).issues.map((i) => i.field)).toEqual(['registration']);
  });

  it('reads back any registration a CSV writer quoted', () => {
    const registration = fc
      .string({ minLength: 1 })
      .map((s) => s.trim())
      .filter((s) => s !== '');
    fc.assert(
      fc.property(registration, (typed) => {
        const csv = Papa.unparse([['1001', typed, '2026-03-10T08:00:00Z', '', '0.5']], { quotes: true });
        return parseSightingCsv(csv)[0]?.registration === typed;
      }),
    );
  });
});
