import {
  addIsoDays,
  addIsoYears,
  allFeatureNames,
  PERMIT_BULK_MAX_PERMITS,
  PERMIT_BULK_MAX_ROWS,
  type Permit,
  permitAddResultSchema,
  permitPageSchema,
} from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFacts } from '../src/db/seed/demo-facts.js';
import { writeEntry } from '../src/modules/config/config-repository.js';
import { ukStartOfDay } from '../src/modules/permits/add/permit-dates.js';
import { type AuthHeaders, apiFor } from './api-client.js';
import { accountWith, clientWith, nowhere, permitAt, type TestSite } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { type Answer, type Bearer, newRegistrations, problemOf, ukDay } from './permit-fixture.js';
import { buildTestApp, type TestApp } from './test-app.js';

describe('POST /api/permits: single and bulk adds, all or nothing', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let admin: Bearer;
  let manager: Bearer;
  let clerk: Bearer;
  let finance: Bearer;
  /** The client's six sites in one group, the manager's; the clerk has the first. */
  let sites: TestSite[];
  let group: TestSite;
  /** Another client's site and group. */
  let otherSite: TestSite;
  let otherGroup: TestSite;
  const s = (i: number) => sites[i]!.number;

  const reg = newRegistrations('ZQ', 5);
  const day = ukDay;

  const add = (headers: AuthHeaders | undefined, body: unknown, mode: 'single' | 'bulk' = 'bulk') =>
    api.as(headers).post(`/api/permits?mode=${mode}`, body as never);
  const addSingle = (headers: AuthHeaders | undefined, body: unknown) => add(headers, body, 'single');
  const single = (fields: Record<string, unknown> = {}) => [
    {
      id: 0,
      site_SiteGroupNumber: s(2),
      vehicleRegistration: reg(),
      driverName: "Ann O'Neill",
      duration: 'Temporary',
      started: day(0),
      ended: day(7),
      reason: 2,
      authorisedBy: 'Sam Boss',
      ...fields,
    },
  ];
  const row = (line: number, fields: Record<string, unknown> = {}) => ({
    id: line,
    site_SiteGroupNumber: s(2),
    vehicleRegistration: reg(),
    driverName: 'Bo Smith',
    duration: 'Temporary',
    started: day(0),
    ended: day(7),
    ...fields,
  });
  const created = (res: Answer): Permit[] => {
    expect(res.statusCode, res.body).toBe(201);
    return res.json(permitAddResultSchema).permits;
  };
  const refused = (res: Answer): Record<string, string[]> => {
    const body = problemOf(res, 400);
    expect(body.errors, res.body).toBeDefined();
    return body.errors as Record<string, string[]>;
  };
  const storedOf = async (...registrations: string[]) => {
    const [r] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from permits where vehicle_registration in (${sql.join(
        registrations.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
    return Number(r!.n);
  };
  const livePermitsAt = async (target: string, isTemp: boolean) => {
    const [r] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from permits where coalesce(site_number, group_number) = ${target}
          and is_temp = ${isTemp} and ended > now()`,
    );
    return Number(r!.n);
  };
  const setAllowance = async (number: string, temporary: number | null, permanent: number | null) => {
    const res = await api
      .as(admin)
      .put('/api/permits/allowances', [
        { site_SiteGroupNumber: number, temporaryAllowance: temporary, permanentAllowance: permanent },
      ]);
    expect(res.statusCode, res.body).toBe(200);
  };
  const setPermanentYears = (years: string) =>
    writeEntry(t.database.kysely, 'PermanentPermitYears', years, admin.userId, t.app.caches.config);

  /** Every site in the database, the seed's included: what a permit at ALL sites covers. */
  const siteCount = async () => {
    const [r] = await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sites`);
    return r!.n;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const client = await clientWith(t, { sites: 6, group: true });
    sites = client.sites;
    group = client.group!;
    const other = await clientWith(t, { sites: 1, group: true });
    otherSite = other.sites[0]!;
    otherGroup = other.group!;
    admin = (await accountWith(t, { features: allFeatureNames, access: 'all' })).headers;
    manager = (
      await accountWith(t, {
        features: [
          'Permits.View',
          'Permits.AllPermits',
          'Permits.Add',
          'Permits.BulkAdd',
          'Permits.CustomDuration',
        ],
        access: [group.number],
      })
    ).headers;
    // Adds permits one at a time, without a custom duration.
    clerk = (
      await accountWith(t, {
        features: ['Permits.View', 'Permits.AllPermits', 'Permits.Add', 'Tickets.Cancel'],
        access: [s(0)],
      })
    ).headers;
    finance = (
      await accountWith(t, {
        features: ['Invoicing.Access', 'Reports.Access', 'Statistics.Access'],
        access: 'all',
      })
    ).headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('features', () => {
    it('lets the clerk add one permit at their site, stored as theirs and audited', async () => {
      const body = single({ site_SiteGroupNumber: s(0) });
      const [permit] = created(await addSingle(clerk, body));
      expect(permit).toMatchObject({
        type: 'site',
        site_SiteGroupNumber: s(0),
        vehicleRegistration: body[0]!.vehicleRegistration,
        driverName: "Ann O'Neill",
        isTemp: true,
      });
      const [stored] = await selectRows<{
        created_by: string;
        reason: number;
        authorised_by: string;
        duration: string;
      }>(
        t.database.db,
        sql`select created_by, reason, authorised_by, duration from permits where id = ${permit!.permitId}`,
      );
      expect(stored).toEqual({
        created_by: clerk.userId,
        reason: 2,
        authorised_by: 'Sam Boss',
        duration: 'Temporary',
      });
      const [audit] = await selectRows<{ description: string }>(
        t.database.db,
        sql`select description from audit_events where type = 'PermitsAdded' and actor_user_id = ${clerk.userId}`,
      );
      expect(audit?.description).toContain(body[0]!.vehicleRegistration as string);
    });

    it('refuses a bulk add (403) to the clerk, who lacks Permits.BulkAdd, and writes nothing', async () => {
      const rows = [row(2, { site_SiteGroupNumber: s(0) }), row(3, { site_SiteGroupNumber: s(0) })];
      const res = await add(clerk, rows);
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toContain('application/problem+json');
      // The mode says which add it is, whatever the rows hold.
      expect((await add(clerk, single({ site_SiteGroupNumber: s(0) }))).statusCode).toBe(403);
      expect(await storedOf(...rows.map((r) => r.vehicleRegistration as string))).toBe(0);
    });

    it('refuses callers without any add feature (403) and anonymous ones (401)', async () => {
      expect((await addSingle(finance, single())).statusCode).toBe(403);
      expect((await addSingle(undefined, single())).statusCode).toBe(401);
    });

    it('allows Custom only in a single add and only with Permits.CustomDuration', async () => {
      const custom = { duration: 'Custom', ended: day(60) };
      expect(refused(await addSingle(clerk, single({ ...custom, site_SiteGroupNumber: s(0) })))).toEqual({
        duration: ['You may not add permits with a custom duration.'],
      });
      expect(refused(await add(manager, [row(2, custom)]))).toEqual({
        '2_duration': ['Duration must be Permanent or Temporary.'],
      });
      const [permit] = created(await addSingle(manager, single(custom)));
      expect(permit!.isTemp).toBe(false);
    });
  });

  describe('sites within reach', () => {
    it('answers "not assigned" alike for another client’s site, an unknown one and an ungranted group', async () => {
      const cases: [AuthHeaders, string][] = [
        [clerk, s(1)],
        [clerk, group.number],
        [manager, otherSite.number],
        [manager, otherGroup.number],
        [manager, nowhere.site],
        [manager, nowhere.group],
      ];
      for (const [headers, site] of cases) {
        const body = single({ site_SiteGroupNumber: site });
        expect(refused(await addSingle(headers, body)), site).toEqual({
          site_SiteGroupNumber: [`${site} is not assigned to your account`],
        });
        expect(await storedOf(body[0]!.vehicleRegistration as string)).toBe(0);
      }
    });

    it('stores a permit for a granted group as a group permit', async () => {
      const spaced = ` ${group.number.toLowerCase()} `;
      const [permit] = created(await addSingle(manager, single({ site_SiteGroupNumber: spaced })));
      expect(permit).toMatchObject({ type: 'group', site_SiteGroupNumber: group.number });
    });

    it('lets an all-sites user add ALL: one site permit at every site; others are refused', async () => {
      const vehicle = reg();
      const everywhere = [row(2, { site_SiteGroupNumber: 'all', vehicleRegistration: vehicle })];
      // ALL is every site in the database, the demo seed's included: the seed's full site (its allowance
      // used up) is what makes a permit at every site exceed a cap, so nothing is stored.
      const full = demoFacts.fullPermitAllowanceSite;
      const everySite = await siteCount();
      expect(refused(await add(admin, everywhere))).toEqual({
        Allowance: [
          `The temporary permit allowance for site ${full.number} (${full.temporary}) would be exceeded.`,
        ],
      });
      expect(await storedOf(vehicle)).toBe(0);
      await setAllowance(full.number, null, full.permanent);
      let permits: Permit[];
      try {
        permits = created(await add(admin, everywhere));
      } finally {
        await setAllowance(full.number, full.temporary, full.permanent);
      }
      expect(permits).toHaveLength(everySite);
      expect(new Set(permits.map((p) => p.site_SiteGroupNumber)).size).toBe(everySite);
      expect(permits.every((p) => p.type === 'site' && p.vehicleRegistration === vehicle)).toBe(true);

      const body = [row(2, { site_SiteGroupNumber: 'ALL' })];
      expect(refused(await add(manager, body))).toEqual({
        '2_site_SiteGroupNumber': ['ALL is not assigned to your account'],
      });
      expect(await storedOf(body[0]!.vehicleRegistration as string)).toBe(0);
    });
  });

  describe('the permit cap counts permits after ALL is expanded', () => {
    it('refuses an upload whose ALL rows would store more permits than the cap, storing none', async () => {
      // Each ALL row makes one permit per site: just enough rows to pass the cap by one site's worth.
      const everySite = await siteCount();
      const rows = Math.floor(PERMIT_BULK_MAX_PERMITS / everySite) + 1;
      expect(rows).toBeLessThanOrEqual(PERMIT_BULK_MAX_ROWS);
      const body = Array.from({ length: rows }, (_, i) =>
        row(i + 2, { site_SiteGroupNumber: 'ALL', vehicleRegistration: reg() }),
      );
      const res = await add(admin, body);
      expect(res.statusCode).toBe(400);
      expect(refused(res)).toEqual({
        id: [
          `This upload would add ${rows * everySite} permits (a row naming ALL adds one at every site); ` +
            `at most ${PERMIT_BULK_MAX_PERMITS} can be added at once.`,
        ],
      });
      expect(await storedOf(...body.map((r) => r.vehicleRegistration as string))).toBe(0);
    });
  });

  describe('days', () => {
    it('starts from 3 days back (not 4) to one year ahead (not a day more)', async () => {
      const yearAhead = addIsoYears(day(0), 1);
      created(await addSingle(manager, single({ started: day(-3), ended: day(0) })));
      expect(
        Object.keys(refused(await addSingle(manager, single({ started: day(-4), ended: day(0) })))),
      ).toEqual(['started']);
      created(await addSingle(manager, single({ started: yearAhead, ended: yearAhead })));
      const dayMore = addIsoDays(yearAhead, 1);
      expect(
        refused(await addSingle(manager, single({ started: dayMore, ended: dayMore }))).started?.[0],
      ).toMatch(/^Start Date must be between \d\d\/\d\d\/\d{4} and \d\d\/\d\d\/\d{4}\.$/);
      expect(refused(await addSingle(manager, single({ started: '2026-02-30' })))).toEqual({
        started: ['Start Date must be a valid date'],
      });
    });

    it('ends a temporary permit within 28 days of its start, not before today, and needs an end', async () => {
      created(await addSingle(manager, single({ started: day(2), ended: day(30) })));
      expect(
        Object.keys(refused(await addSingle(manager, single({ started: day(2), ended: day(31) })))),
      ).toEqual(['ended']);
      expect(
        Object.keys(refused(await addSingle(manager, single({ started: day(-2), ended: day(-1) })))),
      ).toEqual(['ended']);
      expect(
        Object.keys(refused(await addSingle(manager, single({ started: day(5), ended: day(4) })))),
      ).toEqual(['ended']);
      expect(refused(await add(manager, [row(2, { ended: null }), row(3, { ended: undefined })]))).toEqual({
        '2_ended': ['End Date is required'],
        '3_ended': ['End Date is required'],
      });
    });

    it('computes a permanent end from PermanentPermitYears, which also bounds a custom end', async () => {
      await setPermanentYears('3');
      try {
        const start = day(1);
        const [permanent] = created(
          await addSingle(manager, single({ duration: 'Permanent', started: start, ended: day(2) })),
        );
        expect(permanent!.isTemp).toBe(false);
        expect(permanent!.started).toBe(ukStartOfDay(start).toISOString());
        expect(permanent!.ended).toBe(ukStartOfDay(addIsoYears(start, 3)).toISOString());

        const last = addIsoYears(start, 3);
        const [custom] = created(
          await addSingle(manager, single({ duration: 'Custom', started: start, ended: last })),
        );
        expect(custom!.ended).toBe(ukStartOfDay(addIsoDays(last, 1)).toISOString());
        const tooLong = single({ duration: 'Custom', started: start, ended: addIsoDays(last, 1) });
        expect(Object.keys(refused(await addSingle(manager, tooLong)))).toEqual(['ended']);
      } finally {
        await setPermanentYears('1');
      }
      const [oneYear] = created(await add(manager, [row(2, { duration: 'Permanent', ended: null })]));
      expect(oneYear!.ended).toBe(ukStartOfDay(addIsoYears(day(0), 1)).toISOString());
    });

    it('lists a permit starting today as current at once, and a later one as upcoming', async () => {
      const [today] = created(await addSingle(manager, single({ started: day(0), ended: day(3) })));
      const [later] = created(await addSingle(manager, single({ started: day(2), ended: day(3) })));
      expect(today!.started).toBe(ukStartOfDay(day(0)).toISOString());
      expect(today!.ended).toBe(ukStartOfDay(day(4)).toISOString());
      const listed = async (state: string, vehicle: string) => {
        const res = await api.as(manager).get(`/api/permits?state=${state}&vehicleRegistration=${vehicle}`);
        expect(res.statusCode).toBe(200);
        return res.json(permitPageSchema).rows.map((p) => p.permitId);
      };
      expect(await listed('current', today!.vehicleRegistration)).toEqual([today!.permitId]);
      expect(await listed('expiringSoon', today!.vehicleRegistration)).toEqual([today!.permitId]);
      expect(await listed('upcoming', later!.vehicleRegistration)).toEqual([later!.permitId]);
      const one = await api.as(manager).get(`/api/permits/site/${today!.permitId}`);
      expect(one.json()).toMatchObject(today!);
    });
  });

  describe('overlaps', () => {
    const overlapMessage = 'This vehicle already has a permit at this site for these dates.';

    it('refuses a vehicle that already holds a permit at the site, also through a group permit', async () => {
      // A current permit at the clerk's site.
      const current = reg();
      await permitAt(t, s(0), { registration: current, started: day(-2), ended: day(20) });
      for (const site of [s(0), group.number]) {
        expect(
          refused(
            await addSingle(manager, single({ site_SiteGroupNumber: site, vehicleRegistration: current })),
          ),
        ).toEqual({ vehicleRegistration: [overlapMessage] });
      }
      const atGroup = single({ site_SiteGroupNumber: group.number, started: day(40), ended: day(45) });
      created(await addSingle(manager, atGroup));
      const atMember = single({
        site_SiteGroupNumber: s(3),
        vehicleRegistration: atGroup[0]!.vehicleRegistration,
        started: day(45),
        ended: day(50),
      });
      expect(refused(await addSingle(manager, atMember))).toEqual({ vehicleRegistration: [overlapMessage] });
      // The day after the group permit ends, the vehicle is free again.
      created(await addSingle(manager, [{ ...atMember[0]!, started: day(46) }]));
    });

    it('refuses rows of one upload that overlap each other, and allows back-to-back ones', async () => {
      const vehicle = reg();
      const clash = [
        row(2, { vehicleRegistration: vehicle }),
        row(3, { vehicleRegistration: vehicle, started: day(7), ended: day(9) }),
      ];
      expect(refused(await add(manager, clash))).toEqual({
        '3_vehicleRegistration': ['This vehicle is also on line 2 at this site for these dates.'],
      });
      expect(await storedOf(vehicle)).toBe(0);
      const backToBack = [
        row(2, { vehicleRegistration: vehicle, ended: day(5) }),
        row(3, { vehicleRegistration: vehicle, started: day(6), ended: day(9) }),
        row(4, { vehicleRegistration: vehicle, site_SiteGroupNumber: s(1) }),
      ];
      expect(created(await add(manager, backToBack))).toHaveLength(3);
    });
  });

  describe('allowances', () => {
    /** A site of the group whose allowances its live permits use up. */
    const full = { number: '', temporary: 0, permanent: 0 };
    beforeAll(async () => {
      full.number = s(4);
      for (const temporary of [true, false]) {
        await permitAt(t, full.number, { registration: reg(), started: day(-1), ended: day(30), temporary });
      }
      full.temporary = await livePermitsAt(full.number, true);
      full.permanent = await livePermitsAt(full.number, false);
      await setAllowance(full.number, full.temporary, full.permanent);
    });

    it('refuses a permit over a full site’s allowance under Allowance, counting Custom as permanent', async () => {
      const cases = [
        [
          'Temporary',
          `The temporary permit allowance for site ${full.number} (${full.temporary}) would be exceeded.`,
        ],
        [
          'Permanent',
          `The permanent permit allowance for site ${full.number} (${full.permanent}) would be exceeded.`,
        ],
        [
          'Custom',
          `The permanent permit allowance for site ${full.number} (${full.permanent}) would be exceeded.`,
        ],
      ] as const;
      for (const [duration, message] of cases) {
        const body = single({ site_SiteGroupNumber: full.number, duration, ended: day(20) });
        expect(refused(await addSingle(manager, body)), duration).toEqual({ Allowance: [message] });
        expect(await storedOf(body[0]!.vehicleRegistration as string)).toBe(0);
      }
    });

    it('counts every row of a bulk add against the cap, all or nothing', async () => {
      await setAllowance(s(5), (await livePermitsAt(s(5), true)) + 1, null);
      const rows = [row(2, { site_SiteGroupNumber: s(5) }), row(3, { site_SiteGroupNumber: s(5) })];
      expect(Object.keys(refused(await add(manager, rows)))).toEqual(['Allowance']);
      expect(await storedOf(...rows.map((r) => r.vehicleRegistration as string))).toBe(0);
      created(await add(manager, [rows[0]]));
      // Permanent permits are not capped there.
      created(await add(manager, [row(2, { site_SiteGroupNumber: s(5), duration: 'Permanent' })]));
    });

    it('applies a group’s own cap to its group permits', async () => {
      await setAllowance(group.number, await livePermitsAt(group.number, true), null);
      try {
        expect(refused(await addSingle(manager, single({ site_SiteGroupNumber: group.number })))).toEqual({
          Allowance: [expect.stringContaining(`for site group ${group.number}`)],
        });
      } finally {
        await setAllowance(group.number, null, null);
      }
    });

    it('lets only one of two concurrent adds take the last place', async () => {
      await setAllowance(s(3), (await livePermitsAt(s(3), true)) + 1, null);
      const results = await Promise.all([
        addSingle(manager, single({ site_SiteGroupNumber: s(3) })),
        addSingle(manager, single({ site_SiteGroupNumber: s(3) })),
        add(manager, [row(2, { site_SiteGroupNumber: s(3) })]),
      ]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses, results.map((r) => r.body).join('\n')).toEqual([201, 400, 400]);
      for (const res of results.filter((r) => r.statusCode === 400)) {
        expect(Object.keys(res.json().errors)).toEqual(['Allowance']);
      }
    });

    it('lets only one of two concurrent adds of the same vehicle at a site through', async () => {
      const vehicle = reg();
      const results = await Promise.all([
        add(manager, [row(2, { vehicleRegistration: vehicle })]),
        addSingle(manager, single({ vehicleRegistration: vehicle, site_SiteGroupNumber: group.number })),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      expect(await storedOf(vehicle)).toBe(1);
    });
  });

  describe('the spec’s call: an array body and no mode', () => {
    const post = (headers: AuthHeaders, body: unknown) => api.as(headers).post('/api/permits', body as never);

    it('adds the one row of the single form (it carries authorisedBy) as a single add', async () => {
      const body = single({ site_SiteGroupNumber: s(0) });
      const [permit] = created(await post(clerk, body));
      expect(permit).toMatchObject({
        site_SiteGroupNumber: s(0),
        vehicleRegistration: body[0]!.vehicleRegistration,
      });
      expect(await storedOf(body[0]!.vehicleRegistration as string)).toBe(1);
      // Single-add rules hold: its messages are keyed by field, without a line.
      const missing = await post(clerk, single({ site_SiteGroupNumber: s(0), driverName: undefined }));
      expect(refused(missing)).toEqual({ driverName: ['Driver Name is required'] });
    });

    it('adds several CSV rows as a bulk add, and one CSV row too', async () => {
      const rows = [row(2), row(3), row(4)];
      const permits = created(await post(manager, rows));
      expect(permits).toHaveLength(3);
      expect(await storedOf(...rows.map((r) => r.vehicleRegistration as string))).toBe(3);
      const one = row(2);
      expect(created(await post(manager, [one]))).toHaveLength(1);
      expect(await storedOf(one.vehicleRegistration as string)).toBe(1);
      // Bulk rules hold: messages keyed by line, and bulk needs Permits.BulkAdd.
      expect(refused(await post(manager, [row(2), row(3, { driverName: undefined })]))).toEqual({
        '3_driverName': ['Driver Name is required'],
      });
      expect((await post(clerk, [row(2), row(3)])).statusCode).toBe(403);
    });
  });

  describe('bulk messages and malformed bodies', () => {
    it('keys every message by CSV line and field, and writes none of the rows', async () => {
      const rows = [
        row(2),
        row(3, { vehicleRegistration: 'AB-12!' }),
        row(4, { started: 'soon' }),
        row(5, { driverName: undefined, site_SiteGroupNumber: '9999' }),
        row(6, { driverName: 'Robert <b>', vehicleRegistration: 'ABCDEFGHIJK' }),
      ];
      expect(refused(await add(manager, rows))).toEqual({
        '3_vehicleRegistration': ['Vehicle registration must only contain alphanumeric characters.'],
        '4_started': ['Start Date must be a valid date'],
        '5_driverName': ['Driver Name is required'],
        '5_site_SiteGroupNumber': ['9999 is not assigned to your account'],
        '6_driverName': ['Driver name contains invalid characters.'],
        '6_vehicleRegistration': ['Vehicle Registration max. length is 10 characters'],
      });
      expect(await storedOf(rows[0]!.vehicleRegistration as string)).toBe(0);
    });

    it('lists each refused check of a row with its line, field, code and parameters', async () => {
      const res = await add(manager, [
        row(2, { driverName: 'x'.repeat(51) }),
        row(3, { site_SiteGroupNumber: '9999' }),
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json().rows).toEqual([
        { line: 2, field: 'driverName', code: 'maxLength', params: { max: 50 } },
        { line: 3, field: 'site_SiteGroupNumber', code: 'notAssigned', params: { value: '9999' } },
      ]);
      const single1 = await addSingle(manager, single({ authorisedBy: undefined }));
      expect(single1.json()).toMatchObject({
        errors: { authorisedBy: ['Authorised By is required'] },
        rows: [{ line: null, field: 'authorisedBy', code: 'required', params: {} }],
      });
    });

    it('refuses an unknown mode, and a single add of more than one row', async () => {
      const res = await api.as(manager).post('/api/permits?mode=many', single());
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ mode: ['Give mode=single or mode=bulk, or leave it out.'] });
      const two = [...single(), ...single()];
      expect((await addSingle(manager, two)).json()).toMatchObject({
        status: 400,
        detail: 'A single add carries exactly one row.',
      });
    });

    it('refuses repeated or missing line numbers as top-level messages', async () => {
      const errors = refused(await add(manager, [row(2), row(2), { ...row(3), id: 'x' }]));
      expect(errors).toEqual({
        id: ['Line 2 appears more than once.', 'Row 3 has no valid line number (id).'],
      });
    });

    it('answers 400 problems, never 500, to bodies of the wrong shape', async () => {
      const tooMany = Array.from({ length: PERMIT_BULK_MAX_ROWS + 1 }, (_, i) => row(i + 2));
      for (const text of [
        '{}',
        '"text"',
        '42',
        'null',
        '[]',
        '[1]',
        '[null]',
        '[{',
        JSON.stringify(tooMany),
      ]) {
        // Raw inject: the body is text that is not (or not quite) the JSON the helper would send.
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/permits?mode=bulk',
          headers: { ...manager, 'content-type': 'application/json' },
          payload: text,
        });
        expect(res.statusCode, text.slice(0, 40)).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
      }
      const wrongTypes = [
        {
          id: 0,
          site_SiteGroupNumber: [s(2)],
          vehicleRegistration: 5,
          driverName: null,
          duration: 'Forever',
          started: 20260101,
          ended: true,
          reason: 99,
          authorisedBy: 7,
        },
      ];
      expect(Object.keys(refused(await addSingle(manager, wrongTypes))).sort()).toEqual([
        'authorisedBy',
        'driverName',
        'duration',
        'ended',
        'reason',
        'site_SiteGroupNumber',
        'started',
        'vehicleRegistration',
      ]);
    });

    it(`stores a bulk upload of the most rows allowed (${PERMIT_BULK_MAX_ROWS}) in one go`, async () => {
      const rows = Array.from({ length: PERMIT_BULK_MAX_ROWS }, (_, i) =>
        row(i + 2, { site_SiteGroupNumber: i % 2 ? s(2) : s(3), duration: 'Permanent', ended: null }),
      );
      const permits = created(await add(manager, rows));
      expect(permits).toHaveLength(PERMIT_BULK_MAX_ROWS);
      expect(permits.map((p) => p.vehicleRegistration)).toEqual(rows.map((r) => r.vehicleRegistration));
    });
  });
});
