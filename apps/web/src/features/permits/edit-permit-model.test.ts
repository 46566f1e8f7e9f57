import type { PermitDetail } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import {
  type EditPermitContext,
  editPermitErrors,
  endDayOf,
  fieldMessages,
  initialEditValues,
  toPermitEditBody,
} from './edit-permit-model';

const t = i18n.t.bind(i18n);
const TODAY = '2026-03-10';
/** A temporary permit from 8 to 15 March 2026 (UK days; GMT, so midnight UTC). */
const permit: PermitDetail = {
  type: 'site',
  permitId: 7,
  reference: 'P1001-000007',
  site_SiteGroupNumber: '1002',
  vehicleRegistration: 'AB12CDE',
  driverName: 'Jo Bloggs',
  isTemp: true,
  started: '2026-03-08T00:00:00.000Z',
  ended: '2026-03-16T00:00:00.000Z',
  cancelledAt: null,
  duration: 'Temporary',
  reason: 4,
  authorisedBy: 'A. Manager',
  addedBy: 'manager@acme.example',
  addedAt: '2026-03-07T09:00:00.000Z',
  uploadId: null,
  visitorLink: null,
};
const ctx: EditPermitContext = { permit, today: TODAY, permanentYears: 1 };
const errorsOf = (changes: Partial<ReturnType<typeof initialEditValues>>, context = ctx) =>
  editPermitErrors({ ...initialEditValues(context.permit), ...changes }, t, context);

describe('the edit form model', () => {
  it('starts from the stored values, with the inclusive end day', () => {
    expect(endDayOf(permit)).toBe('2026-03-15');
    expect(initialEditValues(permit)).toEqual({
      vehicleRegistration: 'AB12CDE',
      driverName: 'Jo Bloggs',
      reason: '4',
      ended: '2026-03-15',
    });
  });

  it('sends no end for a permanent permit and null for no reason', () => {
    const permanent = { ...permit, duration: 'Permanent' as const, isTemp: false };
    expect(toPermitEditBody({ ...initialEditValues(permanent), reason: '' }, permanent)).toEqual({
      vehicleRegistration: 'AB12CDE',
      driverName: 'Jo Bloggs',
      reason: null,
      ended: null,
    });
  });

  it('checks the fields by the add rules and a changed end by its window, in the add form’s words', () => {
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ vehicleRegistration: '', driverName: 'Jo <b>' })).toEqual({
      vehicleRegistration: 'Please enter the vehicle registration.',
      driverName: 'Driver name contains invalid characters.',
    });
    // A temporary permit ends at most 28 days after it starts (8 March + 28 = 5 April).
    expect(errorsOf({ ended: '2026-04-06' }).ended).toBe('The end date cannot be after 05/04/2026.');
    expect(errorsOf({ ended: '2026-04-05' })).toEqual({});
    expect(errorsOf({ ended: '2026-03-09' }).ended).toBe('The end date cannot be before 10/03/2026.');
    expect(errorsOf({ ended: '' }).ended).toBe('Please enter the end date.');
  });

  it('shows the server’s rows under their fields', () => {
    expect(fieldMessages([{ field: 'vehicleRegistration', code: 'overlap', params: {} }], t)).toEqual({
      vehicleRegistration: 'This vehicle already has a permit at this site for these dates.',
    });
  });
});
