import { addIsoMonths, TABLE_PAGE_SIZE, ukToday } from '@client-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from './api-client.js';
import { bearerFor } from './sign-in-as.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * Bounded by design: every list answers one page. The lists below hold far more than a page for the
 * operator's staff, so a route that answered everything would fail here; and the API description
 * may declare no other unbounded list.
 */
const thisMonth = `${ukToday().slice(0, 7)}-01`;
const lastMonth = `from=${addIsoMonths(thisMonth, -1)}&to=${thisMonth}`;
const pagedLists = [
  '/api/permits',
  '/api/permits?state=expired',
  '/api/user/accounts',
  '/api/tickets?state=cancelled',
  '/api/tickets?state=paid',
  `/api/invoice/parking-transactions/SG01?${lastMonth}`,
  `/api/invoice/permit-charges/SG01?${lastMonth}`,
];

/** Answers that are arrays, each small by nature (bounded by the estate or a fixed limit in its route). */
const smallLists: Record<string, string> = {
  '/api/sites/accessible': "the caller's own sites and groups",
  '/api/sites/search': 'at most 50 matches',
  '/api/permits/allowances/{site}': "one site's row, or a group's and its members'",
  '/api/permits/allowances/{site}/use': "one site's row, or a group's and its members'",
  '/api/application/roles': 'the roles (a handful per client)',
  '/api/tickets/allowances': "one row per site of the caller's",
  '/api/invoice/_definitions': 'the four invoices',
  '/api/reports/_definitions': 'the four reports',
  '/api/permits/plate-check': 'one row per registration asked: one here, up to 5,000 by POST',
  '/api/permits/{type}/{permitId}/plate-check': 'one row: the registration a permit is corrected to',
  '/api/statistics/sites': "the comparison table: one row per site of the caller's",
};

describe('no list route answers more than a page', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await bearerFor(t, 'admin@operator.example');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers at most one page, with a total beyond it, on every paged list', async () => {
    for (const url of pagedLists) {
      const res = await api.as(admin).get(url);
      expect(res.statusCode, url).toBe(200);
      const body = res.json() as { rows: unknown[]; total: number };
      expect(Array.isArray(body), url).toBe(false);
      expect(body.rows.length, url).toBeLessThanOrEqual(TABLE_PAGE_SIZE);
      expect(body.total, `${url} should hold more than a page of demo data`).toBeGreaterThan(TABLE_PAGE_SIZE);
      expect(body.rows.length, url).toBe(TABLE_PAGE_SIZE);
    }
  });

  it('declares no other list answer without a bound', async () => {
    const doc = (await api.get('/api/docs/json')).json() as {
      paths: Record<
        string,
        { get?: { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> } }
      >;
    };
    const unbounded: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      const schema = operations.get?.responses?.['200']?.content?.['application/json']?.schema as
        | { type?: string; maxItems?: number; properties?: { rows?: { maxItems?: number } } }
        | undefined;
      if (!schema) continue;
      if (schema.type === 'array' && schema.maxItems === undefined && !(path in smallLists))
        unbounded.push(path);
      if (schema.properties?.rows && !(path in smallLists))
        expect(schema.properties.rows.maxItems, path).toBe(TABLE_PAGE_SIZE);
    }
    expect(unbounded).toEqual([]);
  });
});
