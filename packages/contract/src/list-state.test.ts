import { describe, expect, it } from 'vitest';
import { shownPageIndex, tableStateSchema } from './paging.js';
import { permitListQuerySchema, permitPageQuerySchema } from './permits.js';

describe('a list’s state in its address (decision 28)', () => {
  it('the server reads the browser’s permit list state: All sites is no site filter, the page is ignored', () => {
    const sent = { siteNumber: 'ALL', sort: 'driverName', after: 'c', skip: '10', page: '3' };
    expect(permitListQuerySchema.parse(sent)).toMatchObject({ siteNumber: 'ALL', page: 3, skip: 10 });
    const read = permitPageQuerySchema.parse(sent);
    expect(read.siteNumber).toBeUndefined();
    expect(read).toMatchObject({ sort: 'driverName', after: 'c', skip: 10 });
  });

  it('knows the page shown from a cursor’s page number, or from skip alone', () => {
    expect(shownPageIndex({ after: 'c', skip: 0, page: 4 })).toBe(3);
    expect(shownPageIndex({ before: 'c', skip: 10 })).toBe(0);
    expect(shownPageIndex({ skip: 20 })).toBe(2);
    expect(shownPageIndex({ skip: 0, page: 7 })).toBe(0);
  });

  it('a browser-sorted table’s state defaults to the first page', () => {
    expect(tableStateSchema.parse({})).toEqual({ page: 1 });
    expect(tableStateSchema.parse({ sort: 'name', direction: 'desc', page: '2' })).toEqual({
      sort: 'name',
      direction: 'desc',
      page: 2,
    });
    expect(tableStateSchema.safeParse({ page: '0' }).success).toBe(false);
  });
});
