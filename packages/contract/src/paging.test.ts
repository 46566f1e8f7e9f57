import { describe, expect, it } from 'vitest';
import { PAGE_SKIP_MAX, pageQuerySchema, pageRequest, pageSchema } from './paging.js';
import { ruleCheck } from './rules.js';

const query = pageQuerySchema(['email', 'name']);

describe('the paging query', () => {
  it('defaults skip to 0 and takes it as text', () => {
    expect(query.parse({})).toEqual({ skip: 0 });
    expect(query.parse({ sort: 'name', direction: 'desc', skip: '30' })).toEqual({
      sort: 'name',
      direction: 'desc',
      skip: 30,
    });
  });

  it('refuses unknown sort columns and directions, skips beyond the pager and long cursors', () => {
    expect(ruleCheck(query, { sort: 'password' }).map((i) => [i.field, i.code])).toEqual([['sort', 'oneOf']]);
    expect(ruleCheck(query, { direction: 'up' }).map((i) => [i.field, i.code])).toEqual([
      ['direction', 'oneOf'],
    ]);
    expect(ruleCheck(query, { skip: PAGE_SKIP_MAX })).toEqual([]);
    expect(ruleCheck(query, { skip: PAGE_SKIP_MAX + 1 }).map((i) => i.field)).toEqual(['skip']);
    expect(ruleCheck(query, { skip: -1 }).map((i) => i.field)).toEqual(['skip']);
    expect(ruleCheck(query, { after: 'c'.repeat(601) }).map((i) => i.field)).toEqual(['after']);
  });

  it('a page holds at most ten rows', () => {
    const page = pageSchema(query.shape.skip);
    const rows = Array.from({ length: 11 }, () => 0);
    expect(page.safeParse({ rows, total: 11, first: null, last: null }).success).toBe(false);
    expect(page.safeParse({ rows: rows.slice(1), total: 11, first: 'a', last: 'b' }).success).toBe(true);
  });
});

describe('asking for a page', () => {
  const shown = { pageIndex: 2, first: 'f', last: 'l' };
  it('goes forward after the last row, back before the first, skipping whole pages', () => {
    expect(pageRequest(shown, 3)).toEqual({ after: 'l', skip: 0 });
    expect(pageRequest(shown, 5)).toEqual({ after: 'l', skip: 20 });
    expect(pageRequest(shown, 1)).toEqual({ before: 'f', skip: 0 });
    expect(pageRequest(shown, 0)).toEqual({ skip: 0 });
    expect(pageRequest(shown, 2)).toEqual({ skip: 0 });
  });
});
