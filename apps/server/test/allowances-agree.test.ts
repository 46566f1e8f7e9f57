import { siteComparisonSchema, ticketAllowanceSchema } from '@client-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiFor } from './api-client.js';
import {
  accountWith,
  clientCompany,
  siteOf,
  type TestAccount,
  type TestSite,
  ticketAt,
} from './factories.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * Issue 24, "allowances that agree": the ticket allowance overview, the enforcement of cancel and
 * reduce, the statistics and the reports read one rule (enforcedReductionAllowance), so a site that
 * does not allow reductions shows none allowed everywhere instead of "no limit" beside a refusal.
 */
describe('ticket allowances: the overview, the enforcement and the statistics agree', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  /** Allows no reductions (and has no reduction allowance set): a reduce there is always refused. */
  let noReductions: TestSite;
  /** Allows reductions with no limit. */
  let anyReductions: TestSite;
  /** Allows three reductions a month. */
  let threeReductions: TestSite;
  let manager: TestAccount;
  let ticket: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PERMIT_DIGEST_ENABLED: 'false' } });
    const company = await clientCompany(t);
    noReductions = await siteOf(t, {
      company: company.id,
      allowsReductions: false,
      reductionAllowance: null,
    });
    anyReductions = await siteOf(t, { company: company.id, reductionAllowance: null });
    threeReductions = await siteOf(t, { company: company.id, reductionAllowance: 3 });
    manager = await accountWith(t, {
      features: ['Tickets.Cancel', 'Tickets.Reduce', 'Statistics.Access'],
      access: [noReductions.number, anyReductions.number, threeReductions.number],
    });
    ticket = await ticketAt(t, noReductions.number, {
      registration: 'AG12REE',
      issued: new Date(Date.now() - 86_400_000),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows no reductions allowed where every reduce is refused, and no limit only where there is none', async () => {
    const overview = (await api.as(manager).get('/api/tickets/allowances')).json(
      z.array(ticketAllowanceSchema),
    );
    const allocated = Object.fromEntries(overview.map((r) => [r.siteNumber, r.allocatedSettlements]));
    expect(allocated).toEqual({
      [noReductions.number]: 0,
      [anyReductions.number]: null,
      [threeReductions.number]: 3,
    });
    // What the overview says is what the enforcement does.
    const reduce = await api.as(manager).get(`/api/tickets/Pay/${ticket}`);
    expect(reduce.statusCode, reduce.body).toBe(400);
  });

  it('the statistics read the same rule: a site that allows none is at 0% with none used, never unlimited', async () => {
    const body = (await api.as(manager).get('/api/statistics/sites?period=last-month')).json(
      siteComparisonSchema,
    );
    const use = Object.fromEntries(body.rows.map((r) => [r.site, r.reductionUse]));
    expect(use[noReductions.number]).toBe(0);
    expect(use[anyReductions.number]).toBeNull();
    expect(use[threeReductions.number]).toBe(0);
    for (const row of body.rows) {
      if (row.reductionUse !== null) expect(row.reductionUse).toBeLessThanOrEqual(100);
      if (row.cancellationUse !== null) expect(row.cancellationUse).toBeLessThanOrEqual(100);
    }
  });
});
