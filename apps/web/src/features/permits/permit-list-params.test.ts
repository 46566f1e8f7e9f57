import { describe, expect, it } from 'vitest';
import {
  permitListPath,
  permitListSearch,
  readPermitListParams,
  writePermitListParams,
} from './permit-list-params';

const read = (search: string) => readPermitListParams(new URLSearchParams(search));

describe('permit list query string', () => {
  it('reads the three filters, normalising site and registration', () => {
    expect(read('state=expiringSoon&siteNumber=%201001%20&vehicleRegistration=kx70%20cof')).toEqual({
      state: 'expiringSoon',
      siteNumber: '1001',
      vehicleRegistration: 'KX70COF',
    });
    expect(read('siteNumber=sg01').siteNumber).toBe('SG01');
  });

  it('treats missing, empty and unknown values as no filter', () => {
    const none = { state: undefined, siteNumber: undefined, vehicleRegistration: undefined };
    expect(read('')).toEqual(none);
    expect(read('state=&siteNumber=&vehicleRegistration=%20%20')).toEqual(none);
    expect(read('state=someday').state).toBeUndefined();
  });

  it('writes only the filters set, so the dashboard link and the list agree', () => {
    expect(writePermitListParams({ state: 'current' }).toString()).toBe('state=current');
    expect(
      writePermitListParams({
        state: 'expired',
        siteNumber: '1001',
        vehicleRegistration: 'KX70COF',
      }).toString(),
    ).toBe('state=expired&siteNumber=1001&vehicleRegistration=KX70COF');
    expect(writePermitListParams({}).toString()).toBe('');
    const params = { state: 'upcoming', siteNumber: 'SG01', vehicleRegistration: 'AB12CDE' } as const;
    expect(readPermitListParams(writePermitListParams(params))).toEqual(params);
  });
});

describe('the list query string on the other permit pages', () => {
  it('keeps only the list’s filters, normalised, for links back to the list', () => {
    expect(permitListSearch('state=current&siteNumber=sg01&foo=bar')).toBe('?state=current&siteNumber=SG01');
    expect(permitListSearch('')).toBe('');
    expect(permitListPath('?vehicleRegistration=ab1')).toBe('/permits?vehicleRegistration=AB1');
    expect(permitListPath('')).toBe('/permits');
  });
});
