import { describe, expect, it } from 'vitest';
import { ALL_SITES } from '../../components/site-picker';
import { i18n } from '../../i18n';
import {
  type AddPermitContext,
  type AddPermitValues,
  addPermitErrors,
  initialAddPermitValues,
  serverFieldErrors,
  toPermitAddRow,
} from './add-permit-model';

const t = i18n.t.bind(i18n);
const TODAY = '2026-03-10';
const ctx: AddPermitContext = { today: TODAY, permanentYears: 1, allowCustom: true };
const riverside = { siteNumber: '1001', name: 'Riverside' };
const clerk = { accessAllSites: false, sites: [riverside] };

const valid: AddPermitValues = {
  site: [riverside],
  duration: 'Temporary',
  vehicleRegistration: 'AB12CDE',
  driverName: 'Jo Bloggs',
  started: TODAY,
  ended: '2026-03-20',
  reason: '',
  authorisedBy: 'A. Manager',
  driverEmail: '',
};

function errorsOf(values: Partial<AddPermitValues>, context = ctx) {
  return addPermitErrors({ ...valid, ...values }, t, context);
}

describe('initialAddPermitValues', () => {
  it('takes the site and registration from the query string', () => {
    const manager = { accessAllSites: false, sites: [{ siteNumber: 'SG01', name: 'North' }, riverside] };
    const values = initialAddPermitValues('?siteNumber=1001&vehicleRegistration=ab12%20cde', manager, TODAY);
    expect(values.site).toEqual([riverside]);
    expect(values.vehicleRegistration).toBe('AB12CDE');
    expect(values.started).toBe(TODAY);
    expect(values.duration).toBe('');
  });

  it('uses the only site, but not an only group, and not a site the user cannot use', () => {
    expect(initialAddPermitValues('', clerk, TODAY).site).toEqual([riverside]);
    const group = { accessAllSites: false, sites: [{ siteNumber: 'SG01', name: 'North' }] };
    expect(initialAddPermitValues('', group, TODAY).site).toEqual([]);
    expect(initialAddPermitValues('?siteNumber=2001', clerk, TODAY).site).toEqual([]);
  });

  it('gives all-sites users ALL or any site number', () => {
    const admin = { accessAllSites: true, sites: [] };
    expect(initialAddPermitValues('?siteNumber=ALL', admin, TODAY).site).toEqual([ALL_SITES]);
    expect(initialAddPermitValues('?siteNumber=ALL', clerk, TODAY).site).toEqual([]);
    expect(initialAddPermitValues('?siteNumber=2001', admin, TODAY).site).toEqual([
      { siteNumber: '2001', name: '' },
    ]);
  });
});

describe('addPermitErrors', () => {
  it('accepts a complete form', () => {
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ duration: 'Permanent', ended: '' })).toEqual({});
  });

  it('requires site, type, registration, driver, start and authorised by', () => {
    expect(
      errorsOf({
        site: [],
        duration: '',
        vehicleRegistration: '',
        driverName: ' ',
        started: '',
        authorisedBy: '',
      }),
    ).toEqual({
      site: 'Please select a site or site group.',
      duration: 'Please choose a permit type.',
      vehicleRegistration: 'Please enter the vehicle registration.',
      driverName: 'Please enter the driver name.',
      started: 'Please enter the start date.',
      authorisedBy: 'Please enter who authorised the permit.',
    });
  });

  it('offers Custom only with Permits.CustomDuration', () => {
    expect(errorsOf({ duration: 'Custom', ended: '2026-12-01' })).toEqual({});
    expect(errorsOf({ duration: 'Custom', ended: '2026-12-01' }, { ...ctx, allowCustom: false })).toEqual({
      duration: 'Please choose a permit type.',
    });
  });

  it('checks characters and lengths', () => {
    expect(errorsOf({ vehicleRegistration: 'ab-12' }).vehicleRegistration).toBe(
      'Please only enter capital alphanumeric characters.',
    );
    expect(errorsOf({ vehicleRegistration: 'AB12CDE1234' }).vehicleRegistration).toBe(
      'Vehicle registration max. length is 10 characters',
    );
    expect(errorsOf({ driverName: 'Jo <script>' }).driverName).toBe(
      'Driver name contains invalid characters.',
    );
    expect(errorsOf({ driverName: 'x'.repeat(51) }).driverName).toBe(
      'Driver name max. length is 50 characters',
    );
    expect(errorsOf({ authorisedBy: 'Boss;' }).authorisedBy).toBe(
      'Authorised by contains invalid characters.',
    );
  });

  it('keeps the start between 3 days ago and a year ahead', () => {
    expect(errorsOf({ started: '2026-03-07', ended: '2026-03-20' })).toEqual({});
    expect(errorsOf({ started: '2026-03-06' }).started).toBe('The start date cannot be before 07/03/2026.');
    expect(errorsOf({ started: '2027-03-10', duration: 'Permanent' })).toEqual({});
    expect(errorsOf({ started: '2027-03-11', duration: 'Permanent' }).started).toBe(
      'The start date cannot be after 10/03/2027.',
    );
  });

  it('keeps a temporary end between the later of today and the start, and start + 28 days', () => {
    expect(errorsOf({ ended: '' }).ended).toBe('Please enter the end date.');
    expect(errorsOf({ started: '2026-03-08', ended: '2026-03-09' }).ended).toBe(
      'The end date cannot be before 10/03/2026.',
    );
    expect(errorsOf({ started: '2026-03-15', ended: '2026-03-14' }).ended).toBe(
      'The end date cannot be before 15/03/2026.',
    );
    expect(errorsOf({ started: '2026-03-15', ended: '2026-04-12' })).toEqual({});
    expect(errorsOf({ started: '2026-03-15', ended: '2026-04-13' }).ended).toBe(
      'The end date cannot be after 12/04/2026.',
    );
  });

  it('keeps a custom end between the start and the start + the permanent years', () => {
    const custom = { duration: 'Custom' as const, started: '2026-03-08' };
    expect(errorsOf({ ...custom, ended: '2026-03-08' })).toEqual({});
    expect(errorsOf({ ...custom, ended: '2026-03-07' }).ended).toBe(
      'The end date cannot be before 08/03/2026.',
    );
    expect(errorsOf({ ...custom, ended: '2027-03-09' }).ended).toBe(
      'The end date cannot be after 08/03/2027.',
    );
    expect(errorsOf({ ...custom, ended: '2028-03-08' }, { ...ctx, permanentYears: 2 })).toEqual({});
  });
});

describe('toPermitAddRow', () => {
  it('builds the single-add row: authorisedBy set, reason as a number, no end for Permanent', () => {
    expect(toPermitAddRow({ ...valid, reason: '4', driverName: ' Jo Bloggs ' })).toEqual({
      id: 1,
      site_SiteGroupNumber: '1001',
      vehicleRegistration: 'AB12CDE',
      driverName: 'Jo Bloggs',
      duration: 'Temporary',
      started: TODAY,
      ended: '2026-03-20',
      reason: 4,
      authorisedBy: 'A. Manager',
      driverEmail: null,
    });
    expect(toPermitAddRow({ ...valid, duration: 'Permanent', site: [ALL_SITES] })).toMatchObject({
      site_SiteGroupNumber: 'ALL',
      duration: 'Permanent',
      ended: null,
      reason: null,
    });
  });
});

describe('serverFieldErrors', () => {
  it('puts the row issues of the answer on the form fields, in the form words', () => {
    expect(
      serverFieldErrors(
        [
          { field: 'site_SiteGroupNumber', code: 'notAssigned', params: { value: '9999' } },
          { field: 'vehicleRegistration', code: 'overlap', params: {} },
          { field: 'started', code: 'tooLate', params: { min: '2026-03-07', max: '2027-03-10' } },
        ],
        t,
      ),
    ).toEqual({
      site: '9999 is not assigned to your account',
      vehicleRegistration: 'This vehicle already has a permit at this site for these dates.',
      started: 'The start date cannot be after 10/03/2027.',
    });
  });
});
