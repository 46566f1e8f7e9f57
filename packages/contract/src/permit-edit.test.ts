import { describe, expect, it } from 'vitest';
import { checkPermitEditFields, permitEditBodySchema, permitEditFields } from './permit-edit.js';

const codes = (raw: Record<string, unknown>) =>
  checkPermitEditFields(raw).issues.map((i) => ({ field: i.field, code: i.code, params: i.params }));

describe('checkPermitEditFields', () => {
  it('takes the four fields Permits.Edit corrects, with the add row’s normalising', () => {
    const { edit, issues } = checkPermitEditFields({
      vehicleRegistration: 'ab12 cde',
      driverName: ' Jo ',
      reason: 2,
      ended: '2026-03-20',
      started: '2020-01-01',
      site_SiteGroupNumber: '9999',
    });
    expect(issues).toEqual([]);
    expect(edit).toEqual({
      vehicleRegistration: 'AB12CDE',
      driverName: 'Jo',
      reason: 2,
      ended: '2026-03-20',
    });
    expect(permitEditFields).toEqual(['vehicleRegistration', 'driverName', 'reason', 'ended']);
  });

  it('reports every bad field at once, one code each, with the limit as a parameter', () => {
    const issues = codes({
      vehicleRegistration: 'AB-12',
      driverName: 'x'.repeat(51),
      reason: 99,
      ended: '20/03/2026',
    });
    expect(issues).toEqual([
      { field: 'vehicleRegistration', code: 'pattern', params: {} },
      { field: 'driverName', code: 'maxLength', params: { max: 50 } },
      { field: 'reason', code: 'oneOf', params: {} },
      { field: 'ended', code: 'invalidDate', params: {} },
    ]);
  });

  it('keeps the good fields of a row with a bad one', () => {
    const { edit, issues } = checkPermitEditFields({ vehicleRegistration: 'AB12CDE', driverName: '' });
    expect(issues.map((i) => `${i.field} ${i.code}`)).toEqual(['driverName required']);
    expect(edit.vehicleRegistration).toBe('AB12CDE');
  });

  it('lets a reason be cleared and an end be left open', () => {
    const { edit, issues } = checkPermitEditFields({
      vehicleRegistration: 'AB12CDE',
      driverName: 'Jo',
      reason: null,
      ended: '',
    });
    expect(issues).toEqual([]);
    expect(edit).toMatchObject({ reason: null, ended: '' });
  });
});

describe('permitEditBodySchema', () => {
  it('carries confirmedWarnings for a plate kept despite a warning, and nothing the edit cannot change', () => {
    expect(Object.keys(permitEditBodySchema.shape).sort()).toEqual([
      'confirmedWarnings',
      'driverName',
      'ended',
      'reason',
      'vehicleRegistration',
    ]);
  });
});
