import {
  allFeatureNames,
  type FeatureName,
  operatorOnlyFeatures,
  permitAddResultSchema,
  permitDetailSchema,
  permitEditResultSchema,
  permitHistorySchema,
  plateCheckResultSchema,
  ticketHistoryPageSchema,
  ticketSchema,
} from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ukStartOfDay } from '../src/modules/permits/add/permit-dates.js';
import { type AuthHeaders, apiFor } from './api-client.js';
import { accountWith, clientWith, type TestSite, ticketAt } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { type Answer, type Bearer, newRegistrations, problemOf, ukDay } from './permit-fixture.js';
import { buildTestApp, type TestApp } from './test-app.js';

/** A client manager's permit and ticket features (the operator's own are not in force for a client). */
const managing = allFeatureNames.filter(
  (f) =>
    (f.startsWith('Permits.') || f.startsWith('Tickets.')) &&
    !(operatorOnlyFeatures as readonly FeatureName[]).includes(f),
);

type Key = { type: 'site' | 'group'; permitId: number };

describe('permit edit, history and the tickets a permit covers (issue 14)', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let admin: Bearer;
  let manager: Bearer;
  let clerk: Bearer;
  let bolt: Bearer;
  /** The manager's email address, as the history names who did what. */
  let managerEmail: string;
  /** The client's six sites in one group, the manager's; the clerk has the first. */
  let sites: TestSite[];
  let groupNumber: string;
  const s = (i: number) => sites[i]!.number;

  const reg = newRegistrations('ZQE', 4);
  const day = ukDay;
  let tickets = 0;
  const ticketNumber = () => `PCN9${String(++tickets).padStart(7, '0')}`;

  const addOne = async (headers: AuthHeaders, fields: Record<string, unknown> = {}) => {
    const res = await api.as(headers).post('/api/permits?mode=single', [
      {
        id: 0,
        site_SiteGroupNumber: s(1),
        vehicleRegistration: reg(),
        driverName: 'Ann Smith',
        duration: 'Temporary',
        started: day(0),
        ended: day(7),
        reason: 2,
        authorisedBy: 'Sam Boss',
        ...fields,
      },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json(permitAddResultSchema);
  };
  const keyOf = (p: { type: 'site' | 'group'; permitId: number }): Key => ({
    type: p.type,
    permitId: p.permitId,
  });
  const path = (key: Key) => `/api/permits/${key.type}/${key.permitId}`;
  const edit = (headers: AuthHeaders | undefined, key: Key, body: unknown) =>
    api.as(headers).put(path(key), body as never);
  const history = async (key: Key, headers: AuthHeaders = manager) => {
    const res = await api.as(headers).get(`${path(key)}/history`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json(permitHistorySchema);
  };
  const problem = (res: Answer, status: number) =>
    problemOf<{
      detail: string;
      errors?: Record<string, string[]>;
      rows?: { field: string; code: string }[];
    }>(res, status);
  const codes = (res: Answer) => problem(res, 400).rows?.map((r) => `${r.field}:${r.code}`) ?? [];
  const openTicket = (site: string, vehicle: string, violation: Date) =>
    ticketAt(t, site, { ticketNumber: ticketNumber(), registration: vehicle, issued: violation });
  const body = (fields: Record<string, unknown>) => ({
    vehicleRegistration: fields.vehicleRegistration,
    driverName: 'Ann Smith',
    reason: 2,
    ended: day(7),
    ...fields,
  });
  const noon = (n: number) => new Date(ukStartOfDay(day(n)).getTime() + 12 * 3_600_000);

  beforeAll(async () => {
    t = await buildTestApp();
    const client = await clientWith(t, { sites: 6, group: true });
    sites = client.sites;
    groupNumber = client.group!.number;
    const other = await clientWith(t, { sites: 1, group: true });
    admin = (await accountWith(t, { features: allFeatureNames, access: 'all' })).headers;
    const managerAccount = await accountWith(t, { features: managing, access: [groupNumber] });
    manager = managerAccount.headers;
    managerEmail = managerAccount.email;
    // Without Permits.Edit.
    clerk = (
      await accountWith(t, {
        features: ['Permits.View', 'Permits.AllPermits', 'Permits.Add', 'Tickets.Cancel'],
        access: [s(0)],
      })
    ).headers;
    bolt = (await accountWith(t, { features: managing, access: [other.group!.number] })).headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('documents the edit and history calls with their answers', async () => {
    const doc = (await api.get('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const responses = (p: string, method: string) =>
      Object.keys(doc.paths[p]?.[method]?.responses ?? {}).sort();
    // 429: an API key past its rate limit (decision 43).
    expect(responses('/api/permits/{type}/{permitId}', 'put')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '429',
      '503',
    ]);
    expect(responses('/api/permits/{type}/{permitId}/history', 'get')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '429',
      '503',
    ]);
  });

  // Checks the demo seed's permits (their history was backfilled by a migration): the seed stays.
  it('backfills one added row for every seeded permit, by whoever added it', async () => {
    const [row] = await selectRows<{ permits: number; events: number; strays: number }>(
      t.database.db,
      sql`select (select count(*)::int from permits) as permits,
            (select count(*)::int from permit_events where kind = 'added') as events,
            (select count(*)::int from permits p where (select count(*) from permit_events e
               where e.permit_id = p.id and e.kind = 'added'
               and e.user_id is not distinct from p.created_by and e.at = p.created_at) <> 1) as strays`,
    );
    expect(row!.events).toBe(row!.permits);
    expect(row!.strays).toBe(0);
  });

  it('writes one added row per permit on a single and a bulk add', async () => {
    const { permits: one } = await addOne(manager);
    const single = await history(keyOf(one[0]!));
    expect(single.events).toEqual([
      expect.objectContaining({ kind: 'added', field: null, by: managerEmail }),
    ]);
    const rows = Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      site_SiteGroupNumber: s(5),
      vehicleRegistration: reg(),
      driverName: 'Bo Bulk',
      duration: 'Temporary',
      started: day(0),
      ended: day(3),
    }));
    const res = await api.as(manager).post('/api/permits?mode=bulk', rows);
    expect(res.statusCode, res.body).toBe(201);
    const ids = res.json(permitAddResultSchema).permits.map((p) => p.permitId);
    const [count] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from permit_events where kind = 'added' and user_id = ${manager.userId}
          and permit_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    expect(count!.n).toBe(300);
  });

  it('corrects registration, driver, reason and end day, one history row per changed field, audited', async () => {
    const { permits } = await addOne(manager);
    const key = keyOf(permits[0]!);
    const to = reg();
    const res = await edit(manager, key, {
      vehicleRegistration: to.toLowerCase().replace('ZQ', 'zq '),
      driverName: 'Ann Smyth',
      reason: 3,
      ended: day(10),
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json(permitEditResultSchema);
    expect(result.changed).toEqual(['vehicleRegistration', 'driverName', 'reason', 'ended']);
    expect(result.permit).toMatchObject({ vehicleRegistration: to, driverName: 'Ann Smyth' });
    expect(result.permit.ended).toBe(ukStartOfDay(day(11)).toISOString());

    const detail = (await api.as(manager).get(path(key))).json(permitDetailSchema);
    expect(detail).toMatchObject({ reason: 3, duration: 'Temporary', addedBy: managerEmail });

    const { events, total } = await history(key);
    expect(total).toBe(5);
    expect(events.slice(1).map((e) => [e.kind, e.field, e.from, e.to, e.by])).toEqual([
      ['edited', 'vehicleRegistration', permits[0]!.vehicleRegistration, to, managerEmail],
      ['edited', 'driverName', 'Ann Smith', 'Ann Smyth', managerEmail],
      ['edited', 'reason', '2', '3', managerEmail],
      ['edited', 'ended', permits[0]!.ended, result.permit.ended, managerEmail],
    ]);
    const [audit] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where type = 'PermitEdited'
          and details->>'permitId' = ${String(key.permitId)}`,
    );
    expect(audit!.n).toBe(1);
  });

  it('checks a corrected registration like the single add: similar plate seen or permitted there, format note', async () => {
    // Read three times this week at the second site by the cameras; a permit there holds ZQ52KLM.
    for (const hours of [2, 26, 50])
      await t.database.db.execute(
        sql`insert into vehicle_sightings (site_number, registration, entered_at, read_confidence)
            values (${s(1)}, 'ZQ51VWX', now() - make_interval(hours => ${hours}), 0.95)`,
      );
    await addOne(manager, { vehicleRegistration: 'ZQ52KLM' });
    const check = async (key: Key, registration: string, headers: AuthHeaders = manager) => {
      const res = await api
        .as(headers)
        .get(`${path(key)}/plate-check?registration=${encodeURIComponent(registration)}`);
      return res;
    };
    const warningsOf = async (key: Key, registration: string) => {
      const res = await check(key, registration);
      expect(res.statusCode, res.body).toBe(200);
      return res.json(plateCheckResultSchema).rows[0]!.warnings;
    };

    const { permits } = await addOne(manager);
    const key = keyOf(permits[0]!);
    // One confusable character off a vehicle seen there: the suggestion, as the add shows it.
    const slip = { code: 'unknownFormat', params: {} };
    expect(await warningsOf(key, 'zq5i vwx')).toEqual([
      { code: 'similarSeen', params: { suggestion: 'ZQ51VWX', seenThisWeek: 3, seen30Days: 3 } },
      slip,
    ]);
    const refused = problem(await edit(manager, key, body({ vehicleRegistration: 'ZQ5IVWX' })), 400);
    expect(refused.rows).toEqual([
      expect.objectContaining({
        field: 'vehicleRegistration',
        code: 'similarSeen',
        params: { suggestion: 'ZQ51VWX', seenThisWeek: 3, seen30Days: 3 },
      }),
    ]);
    expect(refused.errors?.vehicleRegistration?.[0]).toContain('ZQ51 VWX');
    expect((await history(key)).total).toBe(1);
    // One transposition off another permit's plate there, neither seen: similarPermit.
    expect(await warningsOf(key, 'ZQ5ZKLM')).toEqual([
      { code: 'similarPermit', params: { suggestion: 'ZQ52KLM' } },
      slip,
    ]);
    expect(codes(await edit(manager, key, body({ vehicleRegistration: 'ZQ5ZKLM' })))).toEqual([
      'vehicleRegistration:similarPermit',
    ]);
    // Confirmed ("Save anyway"): saved with the typed plate.
    const kept = await edit(manager, key, body({ vehicleRegistration: 'ZQ5IVWX', confirmedWarnings: true }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json(permitEditResultSchema).permit.vehicleRegistration).toBe('ZQ5IVWX');
    // An unchanged registration is not asked about again (only the driver changes).
    const driver = await edit(
      manager,
      key,
      body({ vehicleRegistration: 'ZQ5IVWX', driverName: 'Ann Smyth' }),
    );
    expect(driver.statusCode, driver.body).toBe(200);
    // Correcting the slip to the vehicle seen there: nothing to warn of.
    expect(await warningsOf(key, 'ZQ51VWX')).toEqual([]);
    expect((await edit(manager, key, body({ vehicleRegistration: 'ZQ51VWX' }))).statusCode).toBe(200);
    // Nor is the permit's own old plate a twin of a correction never seen (no "did you mean" the slip).
    expect((await edit(manager, key, body({ vehicleRegistration: 'ZQ5IABC' }))).statusCode).toBe(200);
    expect(await warningsOf(key, 'ZQ51ABC')).toEqual([]);
    expect((await edit(manager, key, body({ vehicleRegistration: 'ZQ51ABC' }))).statusCode).toBe(200);
    // A plate of no UK format: a note only, never refused.
    expect(await warningsOf(key, 'ZQVWXVWX')).toEqual([{ code: 'unknownFormat', params: {} }]);
    expect((await edit(manager, key, body({ vehicleRegistration: 'ZQVWXVWX' }))).statusCode).toBe(200);

    // Out of reach 404, without Permits.Edit 403.
    expect((await check(key, 'ZQ5IVWX', bolt)).statusCode).toBe(404);
    expect((await check(key, 'ZQ5IVWX', clerk)).statusCode).toBe(403);
    expect((await check(key, '', manager)).statusCode).toBe(400);
  });

  it('writes nothing when nothing changes', async () => {
    const { permits } = await addOne(manager);
    const p = permits[0]!;
    const res = await edit(manager, keyOf(p), body({ vehicleRegistration: p.vehicleRegistration }));
    expect(res.json(permitEditResultSchema).changed).toEqual([]);
    expect((await history(keyOf(p))).total).toBe(1);
  });

  it('refuses each field by the add rules, with codes, and writes nothing', async () => {
    const { permits } = await addOne(manager);
    const p = permits[0]!;
    expect(
      codes(
        await edit(manager, keyOf(p), {
          vehicleRegistration: 'AB-12',
          driverName: ' ',
          reason: 99,
          ended: 'x',
        }),
      ),
    ).toEqual(['vehicleRegistration:pattern', 'driverName:required', 'reason:oneOf', 'ended:invalidDate']);
    // A temporary permit ends at most 28 days after its start, and not before today.
    expect(
      codes(
        await edit(manager, keyOf(p), body({ vehicleRegistration: p.vehicleRegistration, ended: day(29) })),
      ),
    ).toEqual(['ended:tooLate']);
    expect(
      codes(
        await edit(manager, keyOf(p), body({ vehicleRegistration: p.vehicleRegistration, ended: day(-1) })),
      ),
    ).toEqual(['ended:tooEarly']);
    expect(
      codes(await edit(manager, keyOf(p), body({ vehicleRegistration: p.vehicleRegistration, ended: '' }))),
    ).toEqual(['ended:required']);
    expect((await history(keyOf(p))).total).toBe(1);
  });

  it('keeps a permanent permit’s computed end whatever end day is sent', async () => {
    const { permits } = await addOne(manager, { duration: 'Permanent', ended: null });
    const p = permits[0]!;
    const res = await edit(
      manager,
      keyOf(p),
      body({ vehicleRegistration: p.vehicleRegistration, ended: day(3) }),
    );
    const result = res.json(permitEditResultSchema);
    expect(result.changed).toEqual([]);
    expect(result.permit.ended).toBe(p.ended);
  });

  it('refuses a registration or end day that would overlap another permit of the vehicle there', async () => {
    const { permits: first } = await addOne(manager, { started: day(0), ended: day(5) });
    const { permits: second } = await addOne(manager, { started: day(10), ended: day(12) });
    const a = first[0]!;
    const b = second[0]!;
    // b may take a's vehicle: their days do not meet.
    const renamed = await edit(
      manager,
      keyOf(b),
      body({ vehicleRegistration: a.vehicleRegistration, ended: day(12) }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Stretching a into b's days, now the same vehicle's, is refused.
    expect(
      codes(
        await edit(manager, keyOf(a), body({ vehicleRegistration: a.vehicleRegistration, ended: day(11) })),
      ),
    ).toEqual(['vehicleRegistration:overlap']);
    // A group permit counts at its member sites: it may not take the vehicle for a's days.
    const { permits: group } = await addOne(manager, {
      site_SiteGroupNumber: groupNumber,
      started: day(3),
      ended: day(8),
    });
    expect(
      codes(
        await edit(
          manager,
          keyOf(group[0]!),
          body({ vehicleRegistration: a.vehicleRegistration, ended: day(8) }),
        ),
      ),
    ).toEqual(['vehicleRegistration:overlap']);
    expect((await history(keyOf(a))).total).toBe(1);
  });

  it('answers 409 for a permit that has ended, and records an expiry in the history', async () => {
    const { permits } = await addOne(manager, { started: day(-1) });
    const p = permits[0]!;
    const expired = await api.as(manager).post(`${path(keyOf(p))}/expire`, {});
    expect(expired.statusCode, expired.body).toBe(200);
    const last = (await history(keyOf(p))).events.at(-1)!;
    expect(last).toMatchObject({
      kind: 'expired',
      field: 'ended',
      from: p.ended,
      by: managerEmail,
    });
    expect(
      problem(await edit(manager, keyOf(p), body({ vehicleRegistration: p.vehicleRegistration })), 409)
        .detail,
    ).toContain('ended');
  });

  it('answers 404 out of reach whatever the body, 403 without Permits.Edit, 401 signed out', async () => {
    const { permits } = await addOne(manager);
    const { permits: group } = await addOne(manager, { site_SiteGroupNumber: groupNumber });
    for (const p of [permits[0]!, group[0]!]) {
      problem(await edit(bolt, keyOf(p), { vehicleRegistration: '!!' }), 404);
      problem(await api.as(bolt).get(`${path(keyOf(p))}/history`), 404);
    }
    // The other type of the same id is another (non-existent) permit.
    problem(await edit(manager, { type: 'group', permitId: permits[0]!.permitId }, body({})), 404);
    problem(await edit(clerk, keyOf(permits[0]!), body({ vehicleRegistration: 'AB12CDE' })), 403);
    problem(await edit(undefined, keyOf(permits[0]!), body({ vehicleRegistration: 'AB12CDE' })), 401);
    expect((await history(keyOf(permits[0]!))).total).toBe(1);
  });

  it('lists the open tickets a new or corrected permit covers, at its site or a group member site', async () => {
    const vehicle = reg();
    const covered = await openTicket(s(1), vehicle, noon(-1));
    await openTicket(s(1), vehicle, noon(-3)); // before the permit starts
    await openTicket(s(2), vehicle, noon(-1)); // another site
    const added = await addOne(manager, { vehicleRegistration: vehicle, started: day(-1) });
    expect(added.coveredTickets).toEqual({
      tickets: [
        {
          ticketNumber: covered,
          siteNumber: s(1),
          vehicleRegistration: vehicle,
          violationDate: noon(-1).toISOString(),
          permitId: added.permits[0]!.permitId,
        },
      ],
      more: false,
    });

    // Correcting another permit's plate to the ticketed one lists the tickets it now covers.
    const other = reg();
    const atGroup = await openTicket(s(3), other, noon(-2));
    const { permits } = await addOne(manager, {
      site_SiteGroupNumber: groupNumber,
      started: day(-2),
      ended: day(3),
    });
    const res = await edit(manager, keyOf(permits[0]!), body({ vehicleRegistration: other, ended: day(3) }));
    const result = res.json(permitEditResultSchema);
    expect(result.coveredTickets.tickets.map((x) => x.ticketNumber)).toEqual([atGroup]);
  });

  it('says on the ticket lookup and in the history that a permit covered the vehicle', async () => {
    const vehicle = reg();
    const number = await openTicket(s(1), vehicle, noon(-1));
    const uncovered = await openTicket(s(1), reg(), noon(-1));
    await addOne(manager, { vehicleRegistration: vehicle, started: day(-2) });
    const lookup = async (n: string) =>
      (await api.as(manager).get(`/api/tickets/Cancel/${n}`)).json(ticketSchema);
    expect((await lookup(number)).permitCovered).toBe(true);
    expect((await lookup(uncovered)).permitCovered).toBe(false);
    for (const n of [number, uncovered]) {
      const res = await api.as(manager).post(`/api/tickets/${n}/Cancel`, {});
      expect(res.statusCode, res.body).toBe(200);
    }
    const page = ticketHistoryPageSchema.parse(
      (await api.as(admin).get('/api/tickets?state=cancelled&sort=ticketNumber&direction=desc')).json(),
    );
    const flags = new Map(page.rows.map((r) => [r.ticketNumber, r.permitCovered]));
    expect(flags.get(number)).toBe(true);
    expect(flags.get(uncovered)).toBe(false);
  });
});
