import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import type { BulkColumn, CsvRecord } from './bulk-csv';
import { type BulkRowContext, checkBulkRecord, parseCsvDate } from './bulk-rows';

const t = i18n.t.bind(i18n);
const clerk: BulkRowContext = {
  accessAllSites: false,
  siteNumbers: new Set(['1001', 'SG01']),
  permanentYears: 1,
};
const admin: BulkRowContext = { accessAllSites: true, siteNumbers: new Set(), permanentYears: 2 };

const good: Record<BulkColumn, string> = {
  Site: '1001',
  'Vehicle Registration': 'AB12CDE',
  'Driver Name': 'Jo Bloggs',
  Temporary: 'Yes',
  'Start Date': '01/03/2026',
  'End Date': '15/03/2026',
};

const check = (cells: Partial<Record<BulkColumn, string>>, ctx = clerk) => {
  const record: CsvRecord = { line: 7, cells: { ...good, ...cells } };
  return checkBulkRecord(record, ctx, t);
};
const messagesOf = (cells: Partial<Record<BulkColumn, string>>, ctx = clerk) => check(cells, ctx).messages;

describe('parseCsvDate', () => {
  it('reads dd/mm/yyyy (UK order) and yyyy-mm-dd as an ISO day', () => {
    expect(parseCsvDate('01/03/2026')).toBe('2026-03-01');
    expect(parseCsvDate(' 1/3/2026 ')).toBe('2026-03-01');
    expect(parseCsvDate('2026-03-01')).toBe('2026-03-01');
    expect(parseCsvDate('2026-3-1')).toBe('2026-03-01');
    expect(parseCsvDate('29/02/2028')).toBe('2028-02-29');
    expect(parseCsvDate('01/03/2026 00:00')).toBe('2026-03-01');
  });

  it('refuses impossible and other forms', () => {
    for (const text of [
      '31/02/2026',
      '13/13/2026',
      '2026-02-30',
      '01-03-2026',
      'March 1 2026',
      '1/3/26',
      '',
    ]) {
      expect(parseCsvDate(text)).toBeUndefined();
    }
  });

  it('round-trips every real day written either way', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          const [y, m, d] = iso.split('-');
          expect(parseCsvDate(iso)).toBe(iso);
          expect(parseCsvDate(`${d}/${m}/${y}`)).toBe(iso);
        },
      ),
    );
  });
});

describe('checkBulkRecord', () => {
  it('turns a valid temporary row into a payload keyed by its line', () => {
    const row = check({ Site: ' 10 01 ', 'Vehicle Registration': 'ab12 cde', Temporary: 'YES' });
    expect(row.messages).toEqual([]);
    expect(row.payload).toEqual({
      id: 7,
      site_SiteGroupNumber: '1001',
      vehicleRegistration: 'AB12CDE',
      driverName: 'Jo Bloggs',
      duration: 'Temporary',
      started: '2026-03-01',
      ended: '2026-03-15',
    });
    expect(row).not.toHaveProperty('payload.reason');
    expect(row).not.toHaveProperty('payload.authorisedBy');
  });

  it('ignores End Date for a permanent row and shows the computed end', () => {
    const row = check({ Temporary: 'no', 'End Date': 'whenever' });
    expect(row.messages).toEqual([]);
    expect(row.payload).toMatchObject({ duration: 'Permanent', started: '2026-03-01', ended: null });
    expect(row.ended).toBe('2027-02-28');
    expect(check({ Temporary: 'No', 'End Date': '' }, admin).ended).toBe('2028-02-29');
  });

  it('requires every field, End Date only for temporary rows', () => {
    expect(
      messagesOf({
        Site: ' ',
        'Vehicle Registration': '',
        'Driver Name': '',
        Temporary: '',
        'Start Date': '',
      }),
    ).toEqual([
      'Site is required',
      'Vehicle Registration is required',
      'Driver Name is required',
      'Temporary is required',
      'Start Date is required',
    ]);
    expect(messagesOf({ 'End Date': '' })).toEqual(['End Date is required']);
    expect(messagesOf({ Temporary: 'No', 'End Date': '' })).toEqual([]);
  });

  it('limits lengths', () => {
    expect(messagesOf({ Site: '10010010011' })).toEqual(['Site max. length is 10 characters']);
    expect(messagesOf({ 'Vehicle Registration': 'AB12 CDE 3456' })).toEqual([
      'Vehicle Registration max. length is 10 characters',
    ]);
    expect(messagesOf({ 'Driver Name': 'J'.repeat(51) })).toEqual([
      'Driver Name max. length is 50 characters',
    ]);
    expect(messagesOf({ 'Driver Name': 'J'.repeat(50) })).toEqual([]);
  });

  it('wants Yes or No for Temporary and real dates', () => {
    expect(messagesOf({ Temporary: 'Y' })).toEqual(['Temporary must be Yes or No']);
    expect(messagesOf({ 'Start Date': '31/02/2026' })).toEqual(['Start Date must be a valid date']);
    expect(messagesOf({ 'End Date': 'soon' })).toEqual(['End Date must be a valid date']);
  });

  it('checks the characters of site, registration and driver name', () => {
    expect(messagesOf({ Site: '10x1' })).toEqual(['Site must contain a valid site or site group number.']);
    expect(messagesOf({ 'Vehicle Registration': 'AB-12' })).toEqual([
      'Vehicle registration must only contain alphanumeric characters.',
    ]);
    expect(messagesOf({ 'Driver Name': 'Jo <b>' })).toEqual(['Driver name contains invalid characters.']);
    expect(messagesOf({ 'Driver Name': "Ann-Marie O'Neil Jr./Sr. Zoë 2" })).toEqual([]);
  });

  it('allows only the user’s own sites, and ALL only to all-sites users', () => {
    expect(messagesOf({ Site: 'sg01' })).toEqual([]);
    expect(messagesOf({ Site: '2001' })).toEqual(['2001 is not assigned to your account']);
    expect(messagesOf({ Site: 'all' })).toEqual(['ALL is not assigned to your account']);
    expect(messagesOf({ Site: '2001' }, admin)).toEqual([]);
    expect(check({ Site: 'All' }, admin).payload?.site_SiteGroupNumber).toBe('ALL');
  });

  it('keeps what was written for the preview when a cell is wrong', () => {
    const row = check({ Site: '', Temporary: 'maybe', 'Start Date': 'tomorrow', 'End Date': 'later' });
    expect(row).toMatchObject({ site: '', temporary: undefined, started: 'tomorrow', ended: 'later' });
    expect(row.payload).toBeUndefined();
  });
});
