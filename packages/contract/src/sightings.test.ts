import { describe, expect, it } from 'vitest';
import { checkSightingRow, sightingImportBodySchema } from './sightings.js';

const read = {
  siteNumber: '1001',
  registration: 'ab12 cde',
  enteredAt: '2026-03-10T08:00:00Z',
  exitedAt: '2026-03-10T09:30:00+01:00',
  readConfidence: 0.93,
};
const codes = (raw: Record<string, unknown>) =>
  checkSightingRow(raw).issues.map((i) => ({ field: i.field, code: i.code, params: i.params }));

describe('checkSightingRow', () => {
  it('passes a good read, normalising the plate like a permit', () => {
    const { row, issues } = checkSightingRow(read);
    expect(issues).toEqual([]);
    expect(row?.registration).toBe('AB12CDE');
    expect(checkSightingRow({ ...read, exitedAt: null }).issues).toEqual([]);
  });

  it('reports each field by its code, with the length limit as a parameter', () => {
    expect(codes({ ...read, siteNumber: '' })[0]).toEqual({
      field: 'siteNumber',
      code: 'required',
      params: { min: 1 },
    });
    expect(codes({ ...read, siteNumber: 'X1' })).toEqual([
      { field: 'siteNumber', code: 'pattern', params: {} },
    ]);
    expect(codes({ ...read, registration: 'AB12CDEFGHJ' })).toEqual([
      { field: 'registration', code: 'maxLength', params: { max: 10 } },
    ]);
    expect(codes({ ...read, registration: 'AB-12' })).toEqual([
      { field: 'registration', code: 'pattern', params: {} },
    ]);
    expect(codes({ ...read, enteredAt: '2026-03-10' })).toEqual([
      { field: 'enteredAt', code: 'invalidDate', params: {} },
    ]);
    expect(codes({ ...read, readConfidence: 1.5 }).map((i) => i.code)).toEqual(['outOfRange']);
    expect(codes({ ...read, readConfidence: undefined }).map((i) => `${i.field} ${i.code}`)).toEqual([
      'readConfidence required',
    ]);
  });

  it('refuses an exit before the entry, on exitedAt with the entry as its minimum', () => {
    expect(codes({ ...read, exitedAt: '2026-03-10T07:59:59Z' })).toEqual([
      { field: 'exitedAt', code: 'tooEarly', params: { min: read.enteredAt } },
    ]);
  });
});

describe('sightingImportBodySchema', () => {
  it('takes 1 to 10,000 reads', () => {
    expect(sightingImportBodySchema.safeParse({ rows: [] }).success).toBe(false);
    expect(sightingImportBodySchema.safeParse({ rows: [read] }).success).toBe(true);
    expect(sightingImportBodySchema.safeParse({ rows: Array(10_001).fill(read) }).success).toBe(false);
  });
});
