import {
  addIsoDays,
  addIsoMonths,
  enforcementStatisticsSchema,
  parkingStatisticsSchema,
  permitStatisticsSchema,
  siteComparisonSchema,
  statisticsRange,
  ukToday,
} from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHeaders, apiFor } from './api-client.js';
import { accountWith, clientWith, groupOf, nowhere, siteOf, type TestSite } from './factories.js';
import { buildTestApp, type TestApp } from './test-app.js';

const today = ukToday();
const { from, to } = (
  statisticsRange({ period: 'last-month' }, today) as { ok: true; range: { from: string; to: string } }
).range;
/** Midday UK time (GMT or BST) on a day of last month, as an instant. */
const ukNoon = (day: string) => {
  const offset = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'shortOffset' })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((p) => p.type === 'timeZoneName')?.value;
  return offset === 'GMT+1' ? `${day}T11:00:00Z` : `${day}T12:00:00Z`;
};
const day2 = addIsoDays(from, 1);
const day3 = addIsoDays(from, 2);

/** Numbers of the test-made sites and group (see insertRows). */
let siteA: string;
let siteB: string;
let groupAB: string;

/**
 * Test-made sites A and B in a test-made group AB (reachable by the operator's admin alone), with
 * rows whose figures the test works out by hand.
 */
async function insertRows(t: TestApp) {
  const db = t.database.db;
  const siteOne = await siteOf(t, { name: 'Test Park One', cancellationAllowance: 4 });
  const siteTwo = await siteOf(t, { name: 'Test Park Two', cancellationAllowance: 2, reductionAllowance: 3 });
  const siteGroup = await groupOf(t, [siteOne, siteTwo], { name: 'Test Group' });
  [siteA, siteB, groupAB] = [siteOne.number, siteTwo.number, siteGroup.number];
  // Site A: three stays on day 2 (noon UK), one on day 3; site B: one stay on day 2.
  await db.execute(sql`insert into transactions (site_number, occurred_at, vehicle_registration, duration_minutes, amount_pence, method)
    values (${siteA}, ${ukNoon(day2)}, 'ST1', 60, 250, 'card'),
           (${siteA}, ${ukNoon(day2)}, 'ST2', 120, 400, 'card'),
           (${siteA}, ${ukNoon(day2)}, 'ST3', 30, 150, 'cash'),
           (${siteA}, ${ukNoon(day3)}, 'ST4', 180, 550, 'app'),
           (${siteB}, ${ukNoon(day2)}, 'ST5', 240, 700, 'app'),
           (${siteA}, ${ukNoon(addIsoDays(from, -1))}, 'OUT', 60, 9999, 'card')`);
  await db.execute(sql`insert into tickets (ticket_number, site_number, vehicle_registration, violation_date, issue_date,
      full_amount_pence, reduced_amount_pence, status)
    values ('T9000001', ${siteA}, 'ST1', ${ukNoon(day2)}, ${ukNoon(day2)}, 10000, 6000, 'cancelled'),
           ('T9000002', ${siteA}, 'ST2', ${ukNoon(day2)}, ${ukNoon(day3)}, 10000, 6000, 'paid'),
           ('T9000003', ${siteB}, 'ST5', ${ukNoon(day2)}, ${ukNoon(day3)}, 10000, 6000, 'open')`);
  await db.execute(sql`insert into ticket_actions (ticket_number, site_number, action, action_at)
    values ('T9000001', ${siteA}, 'Cancel', ${ukNoon(day3)}), ('T9000002', ${siteA}, 'Pay', ${ukNoon(day3)})`);
  // Permits: one temporary at site A valid from day 2 for 2 days (reason 2), one permanent group permit from
  // before the period, added on day 3 (reason none).
  await db.execute(sql`insert into permits (scope, site_number, group_number, vehicle_registration, driver_name, is_temp,
      duration, started, ended, reason, created_at)
    values ('site', ${siteA}, null, 'PT1', 'A Driver', true, 'Temporary',
            (${day2}::date::timestamp at time zone 'Europe/London'),
            (${addIsoDays(day2, 2)}::date::timestamp at time zone 'Europe/London'), 2, ${ukNoon(day2)}),
           ('group', null, ${groupAB}, 'PT2', 'B Driver', false, 'Permanent',
            (${addIsoDays(from, -10)}::date::timestamp at time zone 'Europe/London'),
            (${addIsoMonths(from, 12)}::date::timestamp at time zone 'Europe/London'), null, ${ukNoon(day3)})`);
  // A visitor's permit at site A (decision 47): added and valid on day 3 alone, through a visitor link.
  await db.execute(sql`insert into visitor_links (site_number, name, token, kiosk_key, duration_kind, daily_cap, created_by)
    values (${siteA}, 'Outpatients', 'stats-token', 'stats-kiosk', 'endOfDay', 50, (select id from users order by id limit 1))`);
  await db.execute(sql`insert into permits (scope, site_number, vehicle_registration, driver_name, is_temp, duration,
      started, ended, reason, created_at, visitor_link_id)
    values ('site', ${siteA}, 'PT3', 'Visitor', true, 'Temporary',
            (${day3}::date::timestamp at time zone 'Europe/London'),
            (${addIsoDays(day3, 1)}::date::timestamp at time zone 'Europe/London'), 4, ${ukNoon(day3)},
            (select id from visitor_links where token = 'stats-token'))`);
}

describe('statistics API', () => {
  let t: TestApp;
  let admin: AuthHeaders;
  let manager: AuthHeaders;
  let clerk: AuthHeaders;
  /** The manager's client: two sites in a group; another client's site and group. */
  let managed: { sites: TestSite[]; group: TestSite };
  let other: { sites: TestSite[]; group: TestSite };
  const api = apiFor(() => t);
  const get = (url: string, caller: AuthHeaders) => api.as(caller).get(`/api/statistics${url}`);

  beforeAll(async () => {
    t = await buildTestApp();
    await insertRows(t);
    const client = await clientWith(t, { sites: 2, group: true });
    managed = { sites: client.sites, group: client.group! };
    const another = await clientWith(t, { sites: 1, group: true });
    other = { sites: another.sites, group: another.group! };
    admin = (await accountWith(t, { features: ['Statistics.Access'], access: 'all' })).headers;
    manager = (await accountWith(t, { features: ['Statistics.Access'], access: [managed.group.number] }))
      .headers;
    clerk = (await accountWith(t, { features: ['Permits.View'], access: [managed.sites[0]!.number] }))
      .headers;
  }, 240_000);
  afterAll(async () => t?.close());

  it('parking: stays, income, average stay and methods per day and in total, figures worked out from the rows', async () => {
    const res = await get(`/parking?site=${siteA}&period=last-month`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json(parkingStatisticsSchema);
    expect(body.scope).toEqual({ kind: 'site', number: siteA, name: 'Test Park One', sites: 1 });
    expect([body.from, body.to]).toEqual([from, to]);
    expect(body.days).toHaveLength(Number(to.slice(8)));
    expect(body.days.find((d) => d.day === day2)).toEqual({
      day: day2,
      stays: 3,
      income: 8,
      averageStayMinutes: 70,
    });
    expect(body.days.find((d) => d.day === day3)).toEqual({
      day: day3,
      stays: 1,
      income: 5.5,
      averageStayMinutes: 180,
    });
    expect(body.totals).toEqual({ stays: 4, income: 13.5, averageStayMinutes: 97.5 });
    expect(body.paymentMethods).toEqual([
      { method: 'card', stays: 2 },
      { method: 'app', stays: 1 },
      { method: 'cash', stays: 1 },
    ]);
    // Day 2 at noon UK: three vehicles present in hour 12, one still at 13 (the 120-minute stay).
    const weekday = ((new Date(`${day2}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const count = body.days.filter(
      (d) => ((new Date(`${d.day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1 === weekday,
    ).length;
    const row = body.occupancy.find((o) => o.dayOfWeek === weekday)!;
    const sameDay3 = ((new Date(`${day3}T00:00:00Z`).getUTCDay() + 6) % 7) + 1 === weekday ? 1 : 0;
    expect(row.hours[12]).toBeCloseTo(Math.round(((3 + sameDay3) / count) * 10) / 10, 5);
    expect(row.hours[13]).toBeCloseTo(Math.round((1 / count) * 10) / 10, 5);
  });

  it('a group adds up its sites', async () => {
    const body = (await get(`/parking?site=${groupAB}&period=last-month`, admin)).json(
      parkingStatisticsSchema,
    );
    expect(body.scope).toEqual({ kind: 'group', number: groupAB, name: 'Test Group', sites: 2 });
    expect(body.totals).toEqual({ stays: 5, income: 20.5, averageStayMinutes: 126 });
  });

  it('permits: active per day by kind (visitor apart), added per week, reasons', async () => {
    const body = (await get(`/permits?site=${groupAB}&period=last-month`, admin)).json(
      permitStatisticsSchema,
    );
    const active = (day: string) => body.active.find((d) => d.day === day);
    expect(active(from)).toEqual({ day: from, temporary: 0, permanent: 1, visitor: 0 });
    expect(active(day2)).toEqual({ day: day2, temporary: 1, permanent: 1, visitor: 0 });
    expect(active(day3)).toEqual({ day: day3, temporary: 1, permanent: 1, visitor: 1 });
    expect(active(addIsoDays(day2, 2))).toEqual({
      day: addIsoDays(day2, 2),
      temporary: 0,
      permanent: 1,
      visitor: 0,
    });
    const added = body.addedPerWeek.reduce(
      (s, w) => ({ t: s.t + w.temporary, p: s.p + w.permanent, v: s.v + w.visitor }),
      { t: 0, p: 0, v: 0 },
    );
    expect(added).toEqual({ t: 1, p: 1, v: 1 });
    expect(body.reasons).toEqual([
      { reason: 0, name: 'None given', added: 1 },
      { reason: 2, name: 'Staff', added: 1 },
      { reason: 4, name: 'Visitor', added: 1 },
    ]);
    // A site's permits are its own: the group permit is not among site one's.
    const site = (await get(`/permits?site=${siteA}&period=last-month`, admin)).json(permitStatisticsSchema);
    expect(site.active.find((d) => d.day === day2)).toEqual({
      day: day2,
      temporary: 1,
      permanent: 0,
      visitor: 0,
    });
    expect(site.active.find((d) => d.day === day3)).toEqual({
      day: day3,
      temporary: 1,
      permanent: 0,
      visitor: 1,
    });
  });

  it('enforcement: charges, cancellations and reductions per month against the allowances', async () => {
    const body = (await get(`/enforcement?site=${siteA}&period=last-month`, admin)).json(
      enforcementStatisticsSchema,
    );
    expect(body.months).toEqual([
      {
        month: from.slice(0, 7),
        issued: 2,
        cancellations: 1,
        reductions: 1,
        cancellationAllowance: 4,
        reductionAllowance: null,
      },
    ]);
    const group = (await get(`/enforcement?site=${groupAB}&period=last-month`, admin)).json(
      enforcementStatisticsSchema,
    );
    expect(group.months[0]).toMatchObject({ issued: 3, cancellationAllowance: 6, reductionAllowance: null });
  });

  it('site comparison: every site of the scope with charges per 1,000 stays and allowance use', async () => {
    const body = (await get(`/sites?site=${groupAB}&period=last-month`, admin)).json(siteComparisonSchema);
    expect(body.rows).toEqual([
      {
        site: siteA,
        name: 'Test Park One',
        stays: 4,
        income: 13.5,
        ticketsIssued: 2,
        chargesPer1000Stays: 500,
        cancellations: 1,
        cancellationUse: 25,
        reductions: 1,
        reductionUse: null,
      },
      {
        site: siteB,
        name: 'Test Park Two',
        stays: 1,
        income: 7,
        ticketsIssued: 1,
        chargesPer1000Stays: 1000,
        cancellations: 0,
        cancellationUse: 0,
        reductions: 0,
        reductionUse: 0,
      },
    ]);
  });

  it("is scoped to the caller's sites: out of reach answers 404, none means all of theirs", async () => {
    for (const site of [siteA, groupAB, other.sites[0]!.number, other.group.number, nowhere.site]) {
      expect((await get(`/parking?site=${site}&period=last-month`, manager)).statusCode).toBe(404);
    }
    const all = (await get('/sites?period=last-month', manager)).json(siteComparisonSchema);
    expect(all.scope).toMatchObject({ kind: 'all', sites: 2 });
    expect(all.rows.map((r) => r.site)).toEqual(managed.sites.map((s) => s.number));
    expect((await get(`/parking?site=${managed.group.number}&period=last-month`, manager)).statusCode).toBe(
      200,
    );
    const clerkSite = managed.sites[0]!.number;
    expect((await get(`/parking?site=${clerkSite}&period=last-month`, clerk)).statusCode).toBe(403);
  });

  it('follows the period rules in UK days', async () => {
    const range = async (query: string) => {
      const body = (await get(`/enforcement?site=${siteA}&${query}`, admin)).json();
      return [body.from, body.to];
    };
    expect(await range('period=this-month')).toEqual([`${today.slice(0, 7)}-01`, today]);
    expect(await range('period=last-12-months')).toEqual([addIsoDays(addIsoMonths(today, -12), 1), today]);
    const customFrom = addIsoDays(addIsoMonths(today, -13), 1);
    expect(await range(`period=custom&from=${customFrom}&to=${today}`)).toEqual([customFrom, today]);
    const tooLong = await get(`/parking?period=custom&from=${addIsoMonths(today, -13)}&to=${today}`, admin);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.to).toEqual(['The period can be at most 13 months.']);
    const future = await get(`/parking?period=custom&from=${today}&to=${addIsoDays(today, 1)}`, admin);
    expect(future.json().errors.to).toEqual(['The last day cannot be later than today.']);
    expect((await get(`/parking?period=custom&from=${today}`, admin)).json().errors.to).toBeDefined();
    expect((await get('/parking?period=custom&from=2025-02-30&to=2025-03-01', admin)).statusCode).toBe(400);
  });
});
