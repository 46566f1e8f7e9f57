import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPermitRowFields,
  inferPermitAddMode,
  permitAddBodySchema,
  permitAddQuerySchema,
  permitRowKey,
  stripRegistration,
} from './permit-add.js';
import { normaliseRegistration } from './permits.js';

const row = {
  id: 2,
  site_SiteGroupNumber: '1001',
  vehicleRegistration: 'AB12CDE',
  driverName: "Ann O'Neill",
  duration: 'Temporary',
  started: '2026-03-10',
  ended: '2026-03-20',
};
const bulk = { mode: 'bulk', mayUseCustom: false } as const;
const single = { mode: 'single', mayUseCustom: true } as const;
const codes = (raw: Record<string, unknown>, ctx: Parameters<typeof checkPermitRowFields>[1] = bulk) =>
  checkPermitRowFields(raw, ctx).issues.map((i) => `${i.field} ${i.code}`);

describe('checkPermitRowFields', () => {
  it('passes a good row, normalising site and registration and trimming the name', () => {
    const { row: checked, issues } = checkPermitRowFields(
      { ...row, site_SiteGroupNumber: ' sg 01 ', vehicleRegistration: 'ab12 cde', driverName: ' Jo ' },
      bulk,
    );
    expect(issues).toEqual([]);
    expect(checked).toMatchObject({
      site_SiteGroupNumber: 'SG01',
      vehicleRegistration: 'AB12CDE',
      driverName: 'Jo',
    });
  });

  it('reports one code per field, with its parameters, every field on its own', () => {
    const { issues } = checkPermitRowFields(
      { ...row, driverName: 'x'.repeat(51), vehicleRegistration: 'AB-12', site_SiteGroupNumber: '' },
      bulk,
    );
    expect(issues).toEqual([
      { field: 'site_SiteGroupNumber', code: 'required', params: { min: 1 } },
      { field: 'vehicleRegistration', code: 'pattern', params: {} },
      { field: 'driverName', code: 'maxLength', params: { max: 50 } },
    ]);
  });

  it('says required for an absent field and invalidType for the wrong JSON type', () => {
    expect(codes({ ...row, driverName: undefined, started: 20260101 })).toEqual([
      'driverName required',
      'started invalidType',
    ]);
    expect(codes({ ...row, duration: '' })).toEqual(['duration required']);
    expect(codes({ ...row, duration: 'Forever' })).toEqual(['duration oneOf']);
    expect(codes({ ...row, reason: 99 }, single)).toEqual(['reason oneOf', 'authorisedBy required']);
  });

  it('takes real yyyy-mm-dd days only, and no end as no end', () => {
    expect(codes({ ...row, started: '2026-02-30' })).toEqual(['started invalidDate']);
    expect(codes({ ...row, started: '10/03/2026' })).toEqual(['started invalidDate']);
    expect(codes({ ...row, ended: '' })).toEqual([]);
    expect(codes({ ...row, ended: null })).toEqual([]);
  });

  it('keeps ALL and S, G, hyphen and digits as sites, and names with letters of any script', () => {
    expect(codes({ ...row, site_SiteGroupNumber: 'all' })).toEqual([]);
    expect(codes({ ...row, site_SiteGroupNumber: '10A1' })).toEqual(['site_SiteGroupNumber pattern']);
    expect(codes({ ...row, driverName: 'Zoë Łukasz-Smith Jr./B' })).toEqual([]);
    expect(codes({ ...row, driverName: 'Robert <b>' })).toEqual(['driverName pattern']);
  });

  it('allows Custom only in a single add with Permits.CustomDuration', () => {
    const custom = { ...row, duration: 'Custom', authorisedBy: 'Boss' };
    expect(codes(custom, bulk)).toEqual(['duration notInBulk']);
    expect(codes(custom, single)).toEqual([]);
    expect(codes(custom, { mode: 'single', mayUseCustom: false })).toEqual(['duration notAllowed']);
  });
});

describe('registration normalisers', () => {
  it('compares registrations upper-cased without spaces, whatever was typed', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const once = normaliseRegistration(typed);
        expect(normaliseRegistration(once)).toBe(once);
        expect(once).not.toMatch(/\s/);
        expect(once).toBe(once.toUpperCase());
      }),
    );
  });

  it('strips everything but capitals and digits as the form is typed in, and a stripped value passes', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const stripped = stripRegistration(typed);
        expect(stripped).toMatch(/^[A-Z0-9]*$/);
        expect(stripRegistration(stripped)).toBe(stripped);
        const issues = codes({ ...row, vehicleRegistration: stripped.slice(0, 10) });
        expect(issues).toEqual(stripped ? [] : ['vehicleRegistration required']);
      }),
    );
  });
});

describe('POST /permits wire', () => {
  it('needs an explicit mode', () => {
    expect(permitAddQuerySchema.safeParse({ mode: 'bulk' }).success).toBe(true);
    expect(permitAddQuerySchema.safeParse({}).success).toBe(true);
    expect(permitAddQuerySchema.safeParse({ mode: 'many' }).success).toBe(false);
  });

  it('infers the mode of the spec’s call (no query string) from its rows', () => {
    const csvRow = { id: 2, site_SiteGroupNumber: '1001', driverName: 'Bo' };
    expect(inferPermitAddMode([row])).toBe('bulk');
    expect(inferPermitAddMode([{ ...csvRow, authorisedBy: 'Sam Boss' }])).toBe('single');
    expect(inferPermitAddMode([{ ...csvRow, reason: 2 }])).toBe('single');
    expect(inferPermitAddMode([csvRow])).toBe('bulk');
    expect(inferPermitAddMode([{ ...csvRow, authorisedBy: '', reason: null }])).toBe('bulk');
    expect(inferPermitAddMode([row, row])).toBe('bulk');
    expect(inferPermitAddMode([csvRow, { ...csvRow, id: 3 }])).toBe('bulk');
  });

  it('types the rows and keys messages as the spec names them', () => {
    expect(permitAddBodySchema.safeParse([row]).success).toBe(true);
    expect(permitAddBodySchema.safeParse([]).success).toBe(false);
    expect(permitRowKey('bulk', 7, 'driverName')).toBe('7_driverName');
    expect(permitRowKey('single', 0, 'driverName')).toBe('driverName');
  });
});
