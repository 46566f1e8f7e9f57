import {
  allFeatureNames,
  type FeatureName,
  type PlateCheckResult,
  plateCheckResultSchema,
  SIGHTINGS_IMPORT_MAX_ROWS,
} from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, type AuthHeaders, apiFor } from './api-client.js';
import { accountWith, clientWith, nowhere, sightingAt, type TestSite } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { ukDay } from './permit-fixture.js';
import { buildTestApp, type TestApp } from './test-app.js';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const read = (siteNumber: string, fields: Record<string, unknown> = {}) => ({
  siteNumber,
  registration: 'QX15ABC',
  enteredAt: hoursAgo(30),
  exitedAt: hoursAgo(29),
  readConfidence: 0.93,
  ...fields,
});

const permitAdding: FeatureName[] = ['Permits.View', 'Permits.AllPermits', 'Permits.Add'];

/**
 * A test app with a client's sites (in one group, the manager's; the clerk has the first), another
 * client's site, the operator's administrator and finance staff.
 */
async function sightingsApp() {
  const t = await buildTestApp();
  const { sites, group } = await clientWith(t, { sites: 2, group: true });
  const other = await clientWith(t, { sites: 1 });
  const headersOf = async (features: readonly FeatureName[], access: readonly string[] | 'all') =>
    (await accountWith(t, { features, access })).headers;
  return {
    t,
    sites: sites as [TestSite, TestSite],
    group: group!,
    otherSite: other.sites[0]!,
    admin: await headersOf(allFeatureNames, 'all'),
    // Holding every feature, Sightings.Import included, but not in force without all-sites access.
    manager: await headersOf([...allFeatureNames], [group!.number]),
    clerk: await headersOf(permitAdding, [sites[0]!.number]),
    finance: await headersOf(['Invoicing.Access', 'Reports.Access', 'Statistics.Access'], 'all'),
  };
}

describe('POST /api/sightings: the operator imports camera reads', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let admin: AuthHeaders;
  let manager: AuthHeaders;
  let clerk: AuthHeaders;
  let site: string;
  const readHere = (fields: Record<string, unknown> = {}) => read(site, fields);

  const importRows = (headers: AuthHeaders | undefined, payload: unknown, contentType = 'application/json') =>
    api.as(headers).post('/api/sightings', payload as never, { headers: { 'content-type': contentType } });
  const readsOf = async (registration: string) => {
    const [r] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from vehicle_sightings where registration = ${registration}`,
    );
    return Number(r!.n);
  };
  const refused = (res: Answer) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    return res.json() as {
      errors: Record<string, string[]>;
      rows: { line: number; field: string; code: string }[];
    };
  };

  beforeAll(async () => {
    let sites: TestSite[];
    ({ t, admin, manager, clerk, sites } = await sightingsApp());
    site = sites[0]!.number;
  });
  afterAll(() => t.close());

  it('stores a JSON batch, normalising each plate', async () => {
    const res = await importRows(admin, {
      rows: [readHere({ registration: 'qx15 abd' }), readHere({ registration: 'QX15ABD', exitedAt: null })],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ imported: 2 });
    expect(await readsOf('QX15ABD')).toBe(2);
  });

  it('stores a CSV export as sent, header line or not', async () => {
    const csv = [
      'siteNumber,registration,enteredAt,exitedAt,readConfidence',
      `${site},QX15ABE,${hoursAgo(5)},${hoursAgo(4)},0.9`,
      `${site},"QX15 ABE",${hoursAgo(3)},,1`,
    ].join('\r\n');
    const res = await importRows(admin, csv, 'text/csv');
    expect(res.statusCode, res.body).toBe(201);
    expect(await readsOf('QX15ABE')).toBe(2);
  });

  it('refuses a batch with any bad line, by line and field, and stores none of it', async () => {
    const body = refused(
      await importRows(admin, {
        rows: [
          readHere({ registration: 'QX15ABF' }),
          readHere({ registration: 'QX-15' }),
          readHere({ readConfidence: 1.5 }),
          readHere({ enteredAt: 'yesterday', exitedAt: hoursAgo(1) }),
          readHere({ exitedAt: hoursAgo(40) }),
          readHere({ siteNumber: nowhere.site }),
        ],
      }),
    );
    expect(body.errors['2_registration']).toEqual(['Registration must only contain letters and digits']);
    expect(body.errors['3_readConfidence']).toEqual(['Read confidence must be between 0 and 1']);
    expect(body.errors['6_siteNumber']).toEqual(['Site number is not a known site']);
    expect(body.errors['4_enteredAt']?.[0]).toContain('ISO 8601');
    expect(body.errors['5_exitedAt']).toEqual(['Exited at must not be before the entry']);
    expect(body.rows).toContainEqual(
      expect.objectContaining({ line: 3, field: 'readConfidence', code: 'outOfRange' }),
    );
    expect(await readsOf('QX15ABF')).toBe(0);
  });

  it(`refuses an empty batch and one of more than ${SIGHTINGS_IMPORT_MAX_ROWS} reads`, async () => {
    expect(refused(await importRows(admin, { rows: [] })).errors.rows).toBeDefined();
    const many = Array.from({ length: SIGHTINGS_IMPORT_MAX_ROWS + 1 }, () => readHere());
    expect(refused(await importRows(admin, { rows: many })).errors.rows).toBeDefined();
    expect(refused(await importRows(admin, 'nonsense', 'text/csv')).errors['1_registration']).toBeDefined();
  });

  it("is the operator's alone: a client manager and a clerk are refused, and nothing is stored", async () => {
    for (const caller of [manager, clerk]) {
      const res = await importRows(caller, { rows: [readHere({ registration: 'QX15ABG' })] });
      expect(res.statusCode, res.body).toBe(403);
    }
    expect((await importRows(undefined, { rows: [readHere()] })).statusCode).toBe(401);
    expect(await readsOf('QX15ABG')).toBe(0);
  });
});

describe('plate check: GET and POST /api/permits/plate-check, and the add that enforces it', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let admin: AuthHeaders;
  let manager: AuthHeaders;
  let clerk: AuthHeaders;
  let finance: AuthHeaders;
  /** The clerk's site and the group's other one. */
  let site: string;
  let otherInGroup: string;
  let group: string;
  /** Another client's site. */
  let elsewhere: string;
  /** A vehicle without a permit seen at the clerk's site on four days this week, and the misread one off it. */
  const seenVisitor = { registration: 'KS14BXE', typo: 'K514BXE', timesThisWeek: 4 };
  const day = ukDay;

  const checkOne = (headers: AuthHeaders, site: string, registration: string) =>
    api
      .as(headers)
      .get(`/api/permits/plate-check?site=${site}&registration=${encodeURIComponent(registration)}`);
  const warningsOf = (res: Answer) => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json(plateCheckResultSchema) as PlateCheckResult).rows[0]?.warnings;
  };
  const addSingle = (headers: AuthHeaders, registration: string, extra: Record<string, unknown> = {}) =>
    api.as(headers).post('/api/permits?mode=single', [
      {
        id: 0,
        site_SiteGroupNumber: site,
        vehicleRegistration: registration,
        driverName: 'Ann Lee',
        duration: 'Temporary',
        started: day(0),
        ended: day(3),
        reason: 4,
        authorisedBy: 'Sam Boss',
        ...extra,
      },
    ] as never);

  beforeAll(async () => {
    const app = await sightingsApp();
    ({ t, admin, manager, clerk, finance } = app);
    site = app.sites[0].number;
    otherInGroup = app.sites[1].number;
    group = app.group.number;
    elsewhere = app.otherSite.number;
    for (let k = 1; k <= seenVisitor.timesThisWeek; k++) {
      const enteredAt = new Date(Date.now() - k * 86_400_000 + 3_600_000);
      await sightingAt(t, site, {
        registration: seenVisitor.registration,
        enteredAt,
        exitedAt: new Date(enteredAt.getTime() + 90 * 60_000),
      });
    }
  });
  afterAll(() => t.close());

  it('suggests the vehicle seen at the site when the typed plate is one confusable character off', async () => {
    expect(warningsOf(await checkOne(clerk, site, seenVisitor.typo.toLowerCase()))).toEqual([
      {
        code: 'similarSeen',
        params: {
          suggestion: seenVisitor.registration,
          seenThisWeek: seenVisitor.timesThisWeek,
          seen30Days: seenVisitor.timesThisWeek,
        },
      },
    ]);
    // The vehicle's own plate, and one typed at a site where it was never seen, raise nothing.
    expect(warningsOf(await checkOne(clerk, site, seenVisitor.registration))).toEqual([]);
    expect(warningsOf(await checkOne(manager, otherInGroup, seenVisitor.typo))).toEqual([]);
  });

  it('suggests a transposition of a vehicle the operator just imported, at a group as at its sites', async () => {
    const reads = [1, 2, 3].map((k) =>
      read(otherInGroup, { registration: 'QX15ABC', enteredAt: hoursAgo(24 * k), exitedAt: null }),
    );
    expect((await api.as(admin).post('/api/sightings', { rows: reads })).statusCode).toBe(201);
    const expected = {
      code: 'similarSeen',
      params: { suggestion: 'QX15ABC', seenThisWeek: 3, seen30Days: 3 },
    };
    expect(warningsOf(await checkOne(manager, otherInGroup, 'QX15ACB'))).toEqual([expected]);
    expect(warningsOf(await checkOne(manager, group, 'QX51ABC'))).toEqual([expected]);
  });

  it('suggests another permit’s vehicle there, and notes a plate of no UK format without blocking', async () => {
    const permitted = await addSingle(manager, 'ZQ19ABC', { confirmedWarnings: true });
    expect(permitted.statusCode, permitted.body).toBe(201);
    expect(warningsOf(await checkOne(manager, site, 'ZQ91ABC'))).toEqual([
      { code: 'similarPermit', params: { suggestion: 'ZQ19ABC' } },
    ]);
    expect(warningsOf(await checkOne(manager, site, 'MYCAR'))).toEqual([
      { code: 'unknownFormat', params: {} },
    ]);
    const personal = await addSingle(manager, 'MYCAR');
    expect(personal.statusCode, personal.body).toBe(201);
  });

  it('answers 404 for a site out of reach or unknown, 403 without an add feature', async () => {
    expect((await checkOne(clerk, elsewhere, seenVisitor.typo)).statusCode).toBe(404);
    expect((await checkOne(clerk, group, seenVisitor.typo)).statusCode).toBe(404);
    expect((await checkOne(admin, nowhere.site, seenVisitor.typo)).statusCode).toBe(404);
    expect((await checkOne(finance, site, seenVisitor.typo)).statusCode).toBe(403);
  });

  it('checks the rows of a bulk preview in one request; rows out of reach get the format note only', async () => {
    const res = await api.as(clerk).post('/api/permits/plate-check', {
      rows: [
        { id: 2, site_SiteGroupNumber: site, vehicleRegistration: seenVisitor.typo },
        { id: 3, site_SiteGroupNumber: site, vehicleRegistration: 'AB12CDE' },
        { id: 4, site_SiteGroupNumber: elsewhere, vehicleRegistration: seenVisitor.typo },
        { id: 5, site_SiteGroupNumber: elsewhere, vehicleRegistration: 'X' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json(plateCheckResultSchema).rows;
    expect(rows.map((r) => [r.id, r.warnings.map((w) => w.code)])).toEqual([
      [2, ['similarSeen']],
      [3, []],
      [4, []],
      [5, ['unknownFormat']],
    ]);
    const tooMany = Array.from({ length: 5001 }, (_, id) => ({
      id,
      site_SiteGroupNumber: site,
      vehicleRegistration: 'AB12CDE',
    }));
    const refused = await api.as(clerk).post('/api/permits/plate-check', { rows: tooMany });
    expect(refused.statusCode).toBe(400);
  });

  it('refuses an unconfirmed add of the typo with the warning as the field error, and stores a confirmed one', async () => {
    const unconfirmed = await addSingle(clerk, seenVisitor.typo);
    expect(unconfirmed.statusCode, unconfirmed.body).toBe(400);
    const body = unconfirmed.json() as { errors: Record<string, string[]>; rows: unknown[] };
    expect(body.errors.vehicleRegistration).toEqual([
      'Did you mean KS14 BXE, seen here 4 times this week? Confirm the registration to keep it as typed.',
    ]);
    expect(body.rows).toEqual([
      {
        line: null,
        field: 'vehicleRegistration',
        code: 'similarSeen',
        params: { suggestion: seenVisitor.registration, seenThisWeek: 4, seen30Days: 4 },
      },
    ]);
    const confirmed = await addSingle(clerk, seenVisitor.typo, { confirmedWarnings: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
  });

  it('refuses the unconfirmed rows of a bulk add by line, all or nothing', async () => {
    const row = (id: number, vehicleRegistration: string, extra: Record<string, unknown> = {}) => ({
      id,
      site_SiteGroupNumber: otherInGroup,
      vehicleRegistration,
      driverName: 'Bo Smith',
      duration: 'Temporary',
      started: day(0),
      ended: day(2),
      ...extra,
    });
    const res = await api
      .as(manager)
      .post('/api/permits?mode=bulk', [
        row(2, 'QX15ACB'),
        row(3, 'QX15ACC'),
        row(4, 'QX51ABC', { confirmedWarnings: true }),
      ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys((res.json() as { errors: object }).errors)).toEqual(['2_vehicleRegistration']);
  });
  it("lists when each permit's vehicle was last seen since it started, and filters those never seen", async () => {
    for (const plate of ['ZQ19ABD', 'ZQ19AFH']) {
      const res = await addSingle(manager, plate, {
        site_SiteGroupNumber: otherInGroup,
        confirmedWarnings: true,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const enteredAt = new Date(Date.now() - 60_000).toISOString();
    const imported = await api.as(admin).post('/api/sightings', {
      rows: [read(otherInGroup, { registration: 'ZQ19ABD', enteredAt, exitedAt: null })],
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const list = async (query: string) => {
      const res = await api.as(manager).get(`/api/permits?siteNumber=${otherInGroup}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        rows: { vehicleRegistration: string; lastSeenAt: string | null }[];
        total: number;
      };
    };
    expect((await list('vehicleRegistration=ZQ19ABD')).rows.map((r) => r.lastSeenAt)).toEqual([enteredAt]);
    expect((await list('vehicleRegistration=ZQ19AFH')).rows.map((r) => r.lastSeenAt)).toEqual([null]);
    expect((await list('vehicleRegistration=ZQ19ABD&notSeen=true')).total).toBe(0);
    const notSeen = await list('vehicleRegistration=ZQ19AFH&notSeen=true');
    expect(notSeen.total).toBe(1);
    const counted = await api
      .as(manager)
      .get(`/api/permits/_count?siteNumber=${otherInGroup}&notSeen=true&vehicleRegistration=ZQ19ABD`);
    expect(counted.json()).toEqual({ count: 0 });
  });
});
