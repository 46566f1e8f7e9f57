import { afterEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../../lib/storage';
import { readRecentSites, rememberSite } from './recent-sites';

const site = (n: number) => ({ siteNumber: String(1000 + n), name: `Site ${n}` });

describe('recent sites', () => {
  afterEach(() => window.localStorage.clear());

  it('starts empty, and ignores a stored value of the wrong shape', () => {
    expect(readRecentSites()).toEqual([]);
    window.localStorage.setItem(storageKeys.recentSites, JSON.stringify([{ number: 1 }]));
    expect(readRecentSites()).toEqual([]);
  });

  it('keeps the most recent pick first, without duplicates', () => {
    rememberSite(site(1));
    rememberSite(site(2));
    rememberSite(site(1));
    expect(readRecentSites()).toEqual([site(1), site(2)]);
  });

  it('keeps only the last five picks', () => {
    for (let n = 1; n <= 7; n++) rememberSite(site(n));
    expect(readRecentSites()).toEqual([site(7), site(6), site(5), site(4), site(3)]);
  });
});
