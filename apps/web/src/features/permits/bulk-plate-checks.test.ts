import { describe, expect, it } from 'vitest';
import {
  needsAttention,
  plateCheckRowsOf,
  undecidedLines,
  uploadRowsOf,
  warnedLines,
  withLineWarnings,
  withSuggestion,
} from './bulk-plate-checks';
import type { BulkRow } from './bulk-rows';

const row = (line: number, site: string, plate: string, valid = true): BulkRow => ({
  line,
  site,
  vehicleRegistration: plate,
  driverName: 'Bo Smith',
  temporary: true,
  started: '2026-11-23',
  ended: '2026-11-25',
  messages: valid ? [] : ['Driver Name is required'],
  fieldMessages: valid ? {} : { 'Driver Name': 'Driver Name is required' },
  cells: {
    Site: site,
    'Vehicle Registration': plate,
    'Driver Name': valid ? 'Bo Smith' : '',
    Temporary: 'Yes',
    'Start Date': '2026-11-23',
    'End Date': '2026-11-25',
  },
  payload: valid
    ? {
        id: line,
        site_SiteGroupNumber: site,
        vehicleRegistration: plate,
        driverName: 'Bo Smith',
        duration: 'Temporary',
        started: '2026-11-23',
        ended: '2026-11-25',
      }
    : undefined,
});
const seen = {
  code: 'similarSeen',
  params: { suggestion: 'KS14BXE', seenThisWeek: 4, seen30Days: 4 },
} as const;
const note = { code: 'unknownFormat', params: {} } as const;

describe('bulk plate checks', () => {
  it('asks about valid rows at one place only', () => {
    const rows = [row(2, '1001', 'K514BXE'), row(3, 'ALL', 'AB12CDE'), row(4, '1001', 'X', false)];
    expect(plateCheckRowsOf(rows)).toEqual([
      { id: 2, site_SiteGroupNumber: '1001', vehicleRegistration: 'K514BXE' },
    ]);
  });

  it('puts the suggestion in the row and its payload', () => {
    const used = withSuggestion(row(2, '1001', 'K514BXE'), 'KS14BXE');
    expect(used.vehicleRegistration).toBe('KS14BXE');
    expect(used.payload?.vehicleRegistration).toBe('KS14BXE');
  });

  it('waits for a decision on each similar plate, not on a format note', () => {
    const warnings = new Map([
      [2, [seen]],
      [3, [note]],
      [5, [seen]],
    ]);
    expect(undecidedLines(warnings, new Set())).toEqual([2, 5]);
    expect(undecidedLines(warnings, new Set([5]))).toEqual([2]);
  });

  it('marks the kept rows confirmed in the upload', () => {
    const rows = [row(2, '1001', 'K514BXE'), row(3, '1001', 'AB12CDE'), row(4, '1001', 'X', false)];
    expect(uploadRowsOf(rows, new Set([2])).map((r) => [r.id, r.confirmedWarnings])).toEqual([
      [2, true],
      [3, undefined],
    ]);
  });

  it('knows the rows that need attention and the warned lines the upload confirms once', () => {
    const typo = [{ code: 'similarPermit', params: { suggestion: 'AB12CDE' } }] as never;
    const format = [{ code: 'unknownFormat', params: {} }] as never;
    const rows = [
      row(2, 'S1', 'AB12CDF'),
      row(3, 'S1', 'XX', false),
      row(4, 'S1', 'ZZZZ'),
      row(5, 'S1', 'AB1'),
    ];
    const warnings = new Map([
      [2, typo],
      [4, format],
    ]);
    expect(rows.map((r) => needsAttention(r, warnings))).toEqual([true, true, true, false]);
    expect(warnedLines(rows, warnings, new Set())).toEqual([2, 4]);
    expect(warnedLines(rows, warnings, new Set([2]))).toEqual([4]);
    expect([...withLineWarnings(warnings, 2, []).keys()]).toEqual([4]);
    expect(withLineWarnings(warnings, 5, format).get(5)).toBe(format);
  });
});
