import {
  addIsoDays,
  allFeatureNames,
  PROBLEM_CONTENT_TYPE,
  siteRetentionNoticeSchema,
  ukToday,
} from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFacts } from '../src/db/seed/demo-facts.js';
import { loadAnonymiser, runRetention } from '../src/modules/privacy/index.js';
import { SITE_NOTICE_READS_PER_ADDRESS } from '../src/modules/privacy/public-routes.js';
import { apiFor } from './api-client.js';
import {
  accountWith,
  clientCompany,
  groupOf,
  permitAt,
  sightingAt,
  siteOf,
  type TestAccount,
  ticketAt,
  transactionAt,
} from './factories.js';
import { selectRows } from './fixture-rows.js';
import { buildSecondInstance, buildTestApp, TEST_TODAY, type TestApp } from './test-app.js';

let t: TestApp;
let admin: TestAccount;
const api = apiFor(() => t);
const log = { info: () => {}, warn: () => {}, error: () => {} } as never;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await accountWith(t, { features: allFeatureNames, access: 'all' });
});
afterAll(async () => t?.close());

const count = async (query: ReturnType<typeof sql>) =>
  Number((await selectRows<{ n: number }>(t.database.db, query))[0]?.n);

describe('retention settings', () => {
  it("are the operator's application settings, defaults filled in, public for the privacy notice", async () => {
    const answer = await api.get('/api/application/config');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().config).toMatchObject({
      RetentionCameraReadDays: '30',
      RetentionPermitMonths: '24',
      RetentionTransactionMonths: '13',
      RetentionAuditMonths: '24',
      RetentionNotificationMonths: '24',
    });
  });

  it('refuse a value out of range with a message', async () => {
    const answer = await api
      .as(admin)
      .post('/api/application/config', { config: { RetentionCameraReadDays: '0' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.RetentionCameraReadDays).toEqual([
      'Days camera reads are kept must be between 1 and 365.',
    ]);
  });

  it("let a client company only shorten the operator's periods", async () => {
    const company = await clientCompany(t);
    const longer = await api.as(admin).put(`/api/privacy/retention/companies/${company.id}`, {
      cameraReadDays: 31,
      permitMonths: null,
      transactionMonths: 12,
    });
    expect(longer.statusCode).toBe(400);
    expect(longer.json().errors).toEqual({
      cameraReadDays: ["Days camera reads are kept may only shorten the operator's 30 days."],
    });
    const shorter = await api.as(admin).put(`/api/privacy/retention/companies/${company.id}`, {
      cameraReadDays: 7,
      permitMonths: null,
      transactionMonths: 12,
    });
    expect(shorter.statusCode).toBe(200);
    const list = (await api.as(admin).get('/api/privacy/retention')).json();
    expect(list.companies).toContainEqual({
      companyId: company.id,
      companyName: company.name,
      cameraReadDays: 7,
      permitMonths: null,
      transactionMonths: 12,
    });
    const clerk = await accountWith(t, { features: ['Permits.View'], access: [demoFacts.clerkSite.number] });
    expect((await api.as(clerk).get('/api/privacy/retention')).statusCode).toBe(403);
  });
});

describe("a client company's shorter periods", () => {
  const periods = { cameraReadDays: 10, permitMonths: null, transactionMonths: 6 };

  it("are set by the company's own administrator, only for their company, only shorter", async () => {
    const company = await clientCompany(t);
    const other = await clientCompany(t);
    const site = await siteOf(t, { company: company.id });
    await siteOf(t, { company: other.id });
    const clientAdmin = await accountWith(t, {
      features: ['Users.Add', 'Users.View'],
      access: [site.number],
    });
    const list = await api.as(clientAdmin).get('/api/privacy/retention');
    expect(list.statusCode).toBe(200);
    expect(list.json().companies).toEqual([
      {
        companyId: company.id,
        companyName: company.name,
        cameraReadDays: null,
        permitMonths: null,
        transactionMonths: null,
      },
    ]);
    expect(list.json().operator.cameraReadDays).toBe(30);

    const own = await api.as(clientAdmin).put(`/api/privacy/retention/companies/${company.id}`, periods);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ companyId: company.id, companyName: company.name, ...periods });
    // Another company, or one that does not exist: out of reach, whatever the figures.
    for (const id of [other.id, 999_999])
      expect(
        (await api.as(clientAdmin).put(`/api/privacy/retention/companies/${id}`, periods)).statusCode,
      ).toBe(404);
    const longer = await api
      .as(clientAdmin)
      .put(`/api/privacy/retention/companies/${company.id}`, { ...periods, transactionMonths: 14 });
    expect(longer.statusCode).toBe(400);
    expect(longer.json().errors).toEqual({
      transactionMonths: [
        "Months transactions keep their registration may only shorten the operator's 13 months.",
      ],
    });
    // Without Users.Add a client's user sets nothing: no feature, 403 before anything is read.
    const clerk = await accountWith(t, { features: ['Permits.View'], access: [site.number] });
    expect(
      (await api.as(clerk).put(`/api/privacy/retention/companies/${company.id}`, periods)).statusCode,
    ).toBe(403);
  });

  it("are found by name by the operator's administrators, for any company", async () => {
    const company = await clientCompany(t);
    const found = await api.as(admin).get('/api/privacy/retention', { query: { search: company.name } });
    expect(found.json().companies.map((c: { companyId: number }) => c.companyId)).toEqual([company.id]);
    const all = await api.as(admin).get('/api/privacy/retention');
    expect(all.json().companies.length).toBeLessThanOrEqual(20);
  });

  it('are what the privacy notice shows a signed-in reader of that company', async () => {
    const company = await clientCompany(t);
    const site = await siteOf(t, { company: company.id });
    await api.as(admin).put(`/api/privacy/retention/companies/${company.id}`, periods);
    const reader = await accountWith(t, { features: ['Permits.View'], access: [site.number] });
    const mine = await api.as(reader).get('/api/privacy/retention/mine');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().company).toEqual({ companyId: company.id, companyName: company.name, ...periods });
    expect(mine.json().operator.transactionMonths).toBe(13);
    const operatorStaff = await api.as(admin).get('/api/privacy/retention/mine');
    expect(operatorStaff.json().company).toBeNull();
    expect((await api.get('/api/privacy/retention/mine')).statusCode).toBe(401);
  });
});

describe("one car park's notice, for anyone (decision 54)", () => {
  // Each test reads from its own address: the notice is limited per address.
  let address = 0;
  const read = (site: string) =>
    api.get(`/api/privacy/retention/sites/${encodeURIComponent(site)}`, {
      remoteAddress: `10.54.0.${++address}`,
    });

  it("answers, signed out, the company's shorter periods at its car park and whose they are", async () => {
    const company = await clientCompany(t);
    const site = await siteOf(t, { company: company.id, name: 'Riverside Hospital North' });
    const set = await api.as(admin).put(`/api/privacy/retention/companies/${company.id}`, {
      cameraReadDays: 7,
      permitMonths: null,
      transactionMonths: 6,
    });
    expect(set.statusCode).toBe(200);
    const answer = await read(site.number);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json(siteRetentionNoticeSchema)).toEqual({
      site: site.number,
      siteName: 'Riverside Hospital North',
      operator: {
        cameraReadDays: 30,
        permitMonths: 24,
        transactionMonths: 13,
        auditMonths: 24,
        notificationMonths: 24,
      },
      // Names only: no company id, no user who set the periods.
      company: { name: company.name, cameraReadDays: 7, permitMonths: null, transactionMonths: 6 },
    });
  });

  it("answers null where a company's figure does not shorten the operator's, and no company for a car park of none", async () => {
    const company = await clientCompany(t);
    const site = await siteOf(t, { company: company.id });
    // Saved before the operator shortened theirs: longer than the operator's 30 days, so not in force.
    await t.database.db.execute(
      sql`insert into client_retention (company_id, camera_read_days, permit_months, transaction_months)
          values (${company.id}, 45, 24, 12)`,
    );
    const answer = (await read(site.number)).json(siteRetentionNoticeSchema);
    expect(answer.company).toEqual({
      name: company.name,
      cameraReadDays: null,
      permitMonths: null,
      transactionMonths: 12,
    });
    const ownerless = await siteOf(t);
    const operatorOnly = await read(ownerless.number);
    expect(operatorOnly.statusCode).toBe(200);
    expect(operatorOnly.json(siteRetentionNoticeSchema).company).toBeNull();
  });

  it('answers 404 problem for an unknown car park, a site group or anything but a site number', async () => {
    const company = await clientCompany(t);
    const site = await siteOf(t, { company: company.id });
    const group = await groupOf(t, [site], { company: company.id });
    for (const unknown of ['999999999', group.number, 'not-a-site', '1001; drop']) {
      const answer = await read(unknown);
      expect(answer.statusCode, unknown).toBe(404);
      expect(answer.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
      expect(answer.json().detail).toBe('There is no car park with this number.');
    }
  });

  it('is limited per address, with Retry-After', async () => {
    const site = await siteOf(t);
    const from = (remoteAddress: string) =>
      api.get(`/api/privacy/retention/sites/${site.number}`, { remoteAddress });
    const codes: number[] = [];
    for (let i = 0; i <= SITE_NOTICE_READS_PER_ADDRESS; i++) codes.push((await from('10.54.1.1')).statusCode);
    expect(codes.slice(0, SITE_NOTICE_READS_PER_ADDRESS).every((c) => c === 200)).toBe(true);
    const refused = await from('10.54.1.1');
    expect(codes.at(-1)).toBe(429);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is still answered.
    expect((await from('10.54.1.2')).statusCode).toBe(200);
  });
});

describe('the retention job', () => {
  // A past period whose transactions pass their 13 months: invoice and statistics of it before and after.
  const old = new Date(TEST_TODAY.getTime() - 400 * 86_400_000);
  const periodFrom = addIsoDays(ukToday(old), -5);
  const periodTo = addIsoDays(ukToday(old), 5);

  const figures = async (site: string) => {
    const invoice = await api.as(admin).get(`/api/invoice/parking-transactions/${site}`, {
      query: { from: periodFrom, to: addIsoDays(periodTo, 1) },
    });
    expect(invoice.statusCode).toBe(200);
    const statistics = await api.as(admin).get('/api/statistics/parking', {
      query: { site, period: 'custom', from: periodFrom, to: periodTo },
    });
    expect(statistics.statusCode).toBe(200);
    const stored = await selectRows(
      t.database.db,
      sql`select sum(stays)::int as stays, sum(income_pence)::bigint::text as income, sum(tickets_issued)::int as tickets
          from stats_site_days`,
    );
    // Vehicles in the period: the same plate maps to the same hash, so distinct counts stay.
    const perVehicle = await selectRows(
      t.database.db,
      sql`select count(distinct vehicle_registration)::int as vehicles, count(*)::int as rows from transactions
          where site_number = ${site} and occurred_at >= ${periodFrom}::date and occurred_at < ${periodTo}::date + 1`,
    );
    const { rows, ...page } = invoice.json();
    const rowsWithoutPlates = rows.map(({ vehicleRegistration: _, ...row }: Record<string, unknown>) => row);
    return {
      invoice: { ...page, rows: rowsWithoutPlates },
      statistics: statistics.json(),
      stored,
      perVehicle,
    };
  };

  it('anonymises what has passed its time, and every total for past periods stays the same', async () => {
    const company = await clientCompany(t);
    const own = await siteOf(t, { company: company.id });
    const recent = new Date(TEST_TODAY.getTime() - 10 * 86_400_000);
    // Two stays of the same old plate and one recent one: counts per plate still add up after.
    await transactionAt(t, own.number, { occurredAt: old, registration: 'OLD1PLT' });
    await transactionAt(t, own.number, {
      occurredAt: new Date(old.getTime() + 3_600_000),
      registration: 'OLD1PLT',
    });
    await transactionAt(t, own.number, { occurredAt: recent, registration: 'OLD1PLT' });
    const endedLongAgo = await permitAt(t, own.number, {
      registration: 'OLD1PLT',
      driverName: 'Olive Oldham',
      started: new Date(TEST_TODAY.getTime() - 900 * 86_400_000),
      ended: new Date(TEST_TODAY.getTime() - 800 * 86_400_000),
    });
    await sightingAt(t, own.number, {
      registration: 'OLD1PLT',
      enteredAt: new Date(TEST_TODAY.getTime() - 40 * 86_400_000),
    });
    // A read an open charge needs stays, however old.
    const evidenceAt = new Date(TEST_TODAY.getTime() - 60 * 86_400_000);
    await sightingAt(t, own.number, { registration: 'EVI1DNC', enteredAt: evidenceAt });
    await ticketAt(t, own.number, { registration: 'EVI1DNC', issued: evidenceAt, status: 'open' });

    const before = await figures(own.number);
    const result = await runRetention({ db: t.database.kysely, log }, TEST_TODAY, 'test:first');
    expect(result.ran).toBe(true);
    if (!result.ran) return;
    expect(result.counts.transactions).toBeGreaterThanOrEqual(2);
    expect(before.invoice.totals).not.toEqual({});
    expect(result.counts.permits).toBeGreaterThan(0);
    expect(result.counts.sightings).toBeGreaterThan(0);
    // Batch times are the benchmark's to measure (npm run bench -- --retention), not a shared machine's test.
    expect(result.batches).toBeGreaterThan(1);
    const after = await figures(own.number);
    expect(after).toEqual(before);

    // The old plate is gone from the old rows: a search by it finds only the recent stay.
    expect(
      await count(sql`select count(*)::int as n from transactions where vehicle_registration = 'OLD1PLT'`),
    ).toBe(1);
    const hashed = await selectRows<{ vehicle_registration: string; n: number }>(
      t.database.db,
      sql`select vehicle_registration, count(*)::int as n from transactions where site_number = ${own.number}
          and vehicle_registration <> 'OLD1PLT' group by 1`,
    );
    expect(hashed).toEqual([{ vehicle_registration: expect.stringMatching(/^#.{9}$/), n: 2 }]);
    // PostgreSQL's keyed hash (sha256 as HMAC) is the process's: erasure and subject access agree with it.
    const anonymiser = await loadAnonymiser(t.database.kysely);
    expect(hashed[0]?.vehicle_registration).toBe(anonymiser.registration('OLD1PLT'));
    const [permit] = await selectRows<{ vehicle_registration: string; driver_name: string }>(
      t.database.db,
      sql`select vehicle_registration, driver_name from permits where id = ${endedLongAgo}`,
    );
    expect(permit).toEqual({ vehicle_registration: hashed[0]?.vehicle_registration, driver_name: '' });
    const search = await api
      .as(admin)
      .get('/api/permits', { query: { site: own.number, search: 'OLD1PLT' } });
    expect(JSON.stringify(search.json())).not.toContain('Olive');
    expect(
      await count(sql`select count(*)::int as n from vehicle_sightings where registration = 'OLD1PLT'`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from vehicle_sightings where registration = 'EVI1DNC'`),
    ).toBe(1);

    // What it did is recorded: counts per kind, never a plate.
    const [run] = await selectRows<{ counts: Record<string, number>; finished: boolean }>(
      t.database.db,
      sql`select counts, finished_at is not null as finished from retention_runs where run_key = 'test:first'`,
    );
    expect(run?.finished).toBe(true);
    expect(run?.counts.transactions).toBe(result.counts.transactions);
    expect(JSON.stringify(run)).not.toContain('OLD1PLT');
  });

  it('deletes audit and notification records older than their periods', async () => {
    const ancient = new Date(TEST_TODAY.getTime() - 800 * 86_400_000).toISOString();
    await t.database.db.execute(
      sql`insert into audit_events (occurred_at, type, description) values (${ancient}, 'SignIn', 'An ancient sign-in')`,
    );
    await t.database.db.execute(
      sql`insert into notifications (category, title, body, severity, created_at, starts_at)
          values ('news', 'Ancient news', 'Old', 'info', ${ancient}, ${ancient})`,
    );
    const result = await runRetention({ db: t.database.kysely, log }, TEST_TODAY, 'test:second');
    expect(result.ran && result.counts.auditEvents).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*)::int as n from audit_events where description = 'An ancient sign-in'`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from notifications where title = 'Ancient news'`)).toBe(
      0,
    );
  });

  it('runs once when two app instances both get the job', async () => {
    const second = await buildSecondInstance(t);
    try {
      const key = `schedule:${ukToday(new Date())}`;
      await Promise.all([t.app.jobs.send('retention.run', {}), second.app.jobs.send('retention.run', {})]);
      const deadline = Date.now() + 30_000;
      for (;;) {
        const left = await count(
          sql`select count(*)::int as n from pgboss.job where name = 'retention.run' and state in ('created', 'retry', 'active')`,
        );
        if (left === 0) break;
        if (Date.now() > deadline) throw new Error('retention jobs still waiting');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const completed = await count(
        sql`select count(*)::int as n from pgboss.job where name = 'retention.run' and state = 'completed'`,
      );
      expect(completed).toBe(2);
      const runs = await selectRows<{ finished: boolean }>(
        t.database.db,
        sql`select finished_at is not null as finished from retention_runs where run_key = ${key}`,
      );
      expect(runs).toEqual([{ finished: true }]);
    } finally {
      await second.close();
    }
  });
});
