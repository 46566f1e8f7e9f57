import { featureCatalogue, flagCatalogue, maskCoveredBy } from '@client-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.js';
import type { Database } from '../client.js';
import { migrate } from '../migrate.js';
import { DEMO_TOTP_SECRET, demoFacts, seedDemo } from './index.js';
import { registrationFromCode, sqlRegistrationFromCode } from './registrations.js';
import { SIGHTING_DAYS } from './sightings.js';
import { companies, sites } from './sites.js';

/** A test that seeds a fresh database of its own gets the room a hook gets (migrations, seed, triggers). */
const SEEDING_TIMEOUT_MS = 180_000;
const TODAY = new Date('2026-05-20T09:15:00Z');
/** Just after midnight on the first of a month: "this month" is five minutes long. */
const MONTH_START_TODAY = new Date('2026-03-01T00:05:00Z');

interface Opened {
  database: Database;
  drop(): Promise<void>;
}

/**
 * A fresh database seeded for `today`. Most tests use a small transaction volume to stay quick; 'default'
 * leaves the volume to the seed, exactly as a real start-up does.
 */
async function seeded(
  today: Date,
  volume: 'small' | 'default' = 'small',
): Promise<Opened & { result: { seeded: boolean; ms: number } }> {
  const { database, drop } = await createTestDatabase();
  const result = await database.withStartupLock(async (session) => {
    await migrate(session);
    return seedDemo(session, volume === 'small' ? { today, transactionsPerSitePerDay: 2 } : { today });
  });
  return { database, drop, result };
}

async function rows<T = Record<string, unknown>>(database: Database, text: string, params: unknown[] = []) {
  return database.withStartupLock(async (session) => (await session.query<T>(text, params)).rows);
}

async function count(database: Database, text: string, params: unknown[] = []): Promise<number> {
  const [row] = await rows<{ n: string | number }>(database, text, params);
  return Number(row?.n);
}

const STATES_SQL = `
  select count(*) filter (where started > $1) as upcoming,
    count(*) filter (where started <= $1 and ended > $1 + interval '7 days') as current,
    count(*) filter (where started <= $1 and ended > $1 and ended <= $1 + interval '7 days') as expiring,
    count(*) filter (where ended <= $1 and ended > $1 - interval '7 days') as expired,
    count(*) filter (where ended <= $1 - interval '7 days') as history
  from permits`;

const DIGESTS = {
  permits: `select id, scope, site_number, group_number, vehicle_registration, driver_name, is_temp, duration,
    started, ended, reason, authorised_by, created_by, created_at from permits`,
  tickets: 'select * from tickets',
  ticketActions: 'select * from ticket_actions',
  transactions: 'select * from transactions',
  users: `select id, email, email_confirmed, access_all_sites, two_factor_enabled, created_at,
    password_hash is null as no_password from users`,
  access: 'select * from user_access',
  roles: 'select r.id, r.name, r.parent_id, f.feature from roles r join role_features f on f.role_id = r.id',
  sites: 'select * from sites',
  sightings:
    'select site_number, registration, entered_at, exited_at, read_confidence from vehicle_sightings',
};

async function digest(database: Database): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, query] of Object.entries(DIGESTS)) {
    const [row] = await rows<{ d: string }>(
      database,
      `select md5(string_agg(x::text, '|' order by x::text)) as d from (${query}) x`,
    );
    out[name] = row?.d ?? '';
  }
  return out;
}

/** Rules that hold for any `today`. */
async function expectConsistent(database: Database, today: Date) {
  const t = today.toISOString();
  // Tickets: actions match statuses, fall between issue and today and within the 28-day window.
  expect(
    await count(
      database,
      `select count(*) as n from tickets t where (t.status = 'cancelled') <>
        exists (select 1 from ticket_actions a where a.ticket_number = t.ticket_number and a.action = 'Cancel')`,
    ),
  ).toBe(0);
  expect(
    await count(
      database,
      `select count(*) as n from tickets t where (t.reduced_until is not null) <>
        exists (select 1 from ticket_actions a where a.ticket_number = t.ticket_number and a.action = 'Pay')`,
    ),
  ).toBe(0);
  expect(
    await count(
      database,
      `select count(*) as n from ticket_actions a join tickets t using (ticket_number) join sites s
        on s.site_number = t.site_number
      where a.site_number <> t.site_number or a.action_at < t.issue_date or a.action_at > $1
        or a.action_at > t.issue_date + interval '28 days' or (a.action = 'Pay' and not s.allows_reductions)`,
      [t],
    ),
  ).toBe(0);
  expect(
    await count(
      database,
      `select count(*) as n from tickets where issue_date > $1 or violation_date > issue_date
        or length(ticket_number) > 12 or reduced_amount_pence >= full_amount_pence`,
      [t],
    ),
  ).toBe(0);
  // This month's actions stay within each site's monthly allowances.
  const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)).toISOString();
  expect(
    await count(
      database,
      `select count(*) as n from sites s
      where s.cancellation_allowance < (select count(*) from ticket_actions a where a.site_number = s.site_number
          and a.action = 'Cancel' and a.action_at >= $1)
        or s.reduction_allowance < (select count(*) from ticket_actions a where a.site_number = s.site_number
          and a.action = 'Pay' and a.action_at >= $1)`,
      [month],
    ),
  ).toBe(0);
  // Permits: one per vehicle, lengths as their duration says, within the allowances.
  expect(
    await count(database, 'select count(*) - count(distinct vehicle_registration) as n from permits'),
  ).toBe(0);
  expect(
    await count(
      database,
      `select count(*) as n from permits where started >= ended or vehicle_registration !~ '^[A-Z]{2}[0-9]{2}[A-Z]{3}$'
        or (duration = 'Temporary') <> is_temp
        or (duration = 'Temporary' and ended > started + interval '28 days')
        or (duration = 'Permanent' and ended <> started + interval '1 year')
        or created_at > $1 or started > $1::timestamptz + interval '1 year'`,
      [t],
    ),
  ).toBe(0);
  expect(
    await count(
      database,
      `select count(*) as n from permit_allowances a
      where a.temporary_allowance < (select count(*) from permits p where p.is_temp and p.ended > $1
          and coalesce(p.site_number, p.group_number) = a.site_or_group_number)
        or a.permanent_allowance < (select count(*) from permits p where not p.is_temp and p.ended > $1
          and coalesce(p.site_number, p.group_number) = a.site_or_group_number)`,
      [t],
    ),
  ).toBe(0);
  // Transactions: every site, the last 13 months up to yesterday.
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 12, 1)).toISOString();
  const [span] = await rows<{ sites: number; early: number; late: number }>(
    database,
    `select count(distinct site_number)::int as sites,
      count(*) filter (where occurred_at < $1)::int as early,
      count(*) filter (where occurred_at >= date_trunc('day', $2::timestamptz at time zone 'UTC') at time zone 'UTC')::int as late
    from transactions`,
    [first, t],
  );
  expect(span).toEqual({ sites: sites.length, early: 0, late: 0 });
}

describe('seedDemo', () => {
  let a: Awaited<ReturnType<typeof seeded>>;

  beforeAll(async () => {
    a = await seeded(TODAY);
  });
  afterAll(async () => {
    await a?.drop();
  });

  it('seeds once, then finds its marker and does nothing', async () => {
    expect(a.result.seeded).toBe(true);
    const again = await a.database.withStartupLock((session) => seedDemo(session, { today: TODAY }));
    expect(again.seeded).toBe(false);
    expect(
      await count(a.database, "select count(*) as n from app_secrets where name = 'demo-seeded-at'"),
    ).toBe(1);
  });

  it('makes the promised volumes', async () => {
    expect(await count(a.database, 'select count(*) as n from sites')).toBeGreaterThanOrEqual(40);
    expect(await count(a.database, 'select count(*) as n from site_groups')).toBeGreaterThanOrEqual(4);
    expect(await count(a.database, 'select count(*) as n from client_companies')).toBe(companies.length);
    expect(await count(a.database, 'select count(*) as n from permits')).toBeGreaterThanOrEqual(5000);
    expect(await count(a.database, 'select count(*) as n from tickets')).toBeGreaterThanOrEqual(2000);
    expect(await count(a.database, 'select count(*) as n from features')).toBe(featureCatalogue.length);
    expect(await count(a.database, 'select count(*) as n from flags')).toBe(flagCatalogue.length);
    const groups = await rows<{ group_number: string; company: string; n: number }>(
      a.database,
      `select g.group_number, c.name as company, count(*)::int as n from site_groups g
        join client_companies c on c.id = g.company_id join site_group_members m using (group_number)
      group by 1, 2 order by 1`,
    );
    expect(groups.slice(0, 2)).toEqual([
      { group_number: 'SG01', company: 'Acme Retail Parks Ltd', n: 6 },
      { group_number: 'SG02', company: 'Bolt Healthcare NHS Trust', n: 6 },
    ]);
  });

  it('has permits in every state, at least 30 of each at the clerk site', async () => {
    const [all] = await rows<Record<string, string>>(a.database, STATES_SQL, [TODAY.toISOString()]);
    const [clerk] = await rows<Record<string, string>>(a.database, `${STATES_SQL} where site_number = $2`, [
      TODAY.toISOString(),
      demoFacts.clerkSite.number,
    ]);
    for (const state of ['upcoming', 'current', 'expiring', 'expired', 'history']) {
      expect(Number(all?.[state]), state).toBeGreaterThan(100);
      expect(Number(clerk?.[state]), state).toBeGreaterThanOrEqual(30);
    }
    const kinds = await rows<{ scope: string; duration: string }>(
      a.database,
      'select distinct scope, duration from permits order by 1, 2',
    );
    expect(kinds).toHaveLength(6);
  });

  it('has tickets in every status and recent open ones at every Acme site', async () => {
    const statuses = await rows<{ status: string }>(
      a.database,
      'select distinct status from tickets order by 1',
    );
    expect(statuses.map((s) => s.status)).toEqual([
      'cancelled',
      'court',
      'debtRecovery',
      'open',
      'paid',
      'popla',
      'secondReminder',
      'settled',
    ]);
    const acme = await rows<{ site_number: string; n: number }>(
      a.database,
      `select s.site_number, count(t.*)::int as n from sites s
        join client_companies c on c.id = s.company_id and c.name = 'Acme Retail Parks Ltd'
        left join tickets t on t.site_number = s.site_number and t.status = 'open' and t.reduced_until is null
          and t.issue_date > $1::timestamptz - interval '28 days'
      group by 1`,
      [TODAY.toISOString()],
    );
    expect(acme.length).toBe(14);
    for (const site of acme) expect(site.n, site.site_number).toBeGreaterThanOrEqual(5);
    const named = await rows<{ ticket_number: string; status: string; site_number: string }>(
      a.database,
      `select ticket_number, status, site_number from tickets where ticket_number = any($1)
        and issue_date > $2::timestamptz - interval '28 days'`,
      [demoFacts.tickets.openAtClerkSite, TODAY.toISOString()],
    );
    expect(named).toHaveLength(demoFacts.tickets.openAtClerkSite.length);
    for (const ticket of named) expect(ticket).toMatchObject({ status: 'open', site_number: '1001' });
    expect(await count(a.database, 'select count(*) as n from ticket_actions')).toBeGreaterThan(100);
  });

  it('uses up the allowances of the used-up sites', async () => {
    const used = demoFacts.tickets.allowanceUsedUp.site;
    const [row] = await rows<{ cancels: number; pays: number; ca: number; ra: number }>(
      a.database,
      `select (select count(*)::int from ticket_actions where site_number = $1 and action = 'Cancel' and action_at >= $2) as cancels,
        (select count(*)::int from ticket_actions where site_number = $1 and action = 'Pay' and action_at >= $2) as pays,
        cancellation_allowance as ca, reduction_allowance as ra from sites where site_number = $1`,
      [used, '2026-05-01T00:00:00Z'],
    );
    expect(row?.cancels).toBe(row?.ca);
    expect(row?.pays).toBe(row?.ra);
    const full = demoFacts.fullPermitAllowanceSite;
    const [permits] = await rows<{ temp: number; perm: number }>(
      a.database,
      `select count(*) filter (where is_temp)::int as temp, count(*) filter (where not is_temp)::int as perm
      from permits where site_number = $1 and ended > $2`,
      [full.number, TODAY.toISOString()],
    );
    expect(permits).toEqual({ temp: full.temporary, perm: full.permanent });
  });

  it('keeps its data consistent', async () => {
    await expectConsistent(a.database, TODAY);
  });

  it('names vehicles that really hold permits in the stated states', async () => {
    const vehicles = demoFacts.vehiclesAtClerkSite;
    const found = await rows<{ vehicle_registration: string; started: Date; ended: Date }>(
      a.database,
      'select vehicle_registration, started, ended from permits where site_number = $1 and vehicle_registration = any($2)',
      [demoFacts.clerkSite.number, Object.values(vehicles)],
    );
    const at = (reg: string) => found.find((p) => p.vehicle_registration === reg);
    const now = TODAY.getTime();
    expect(new Date(at(vehicles.upcoming)!.started).getTime()).toBeGreaterThan(now);
    expect(new Date(at(vehicles.current)!.ended).getTime()).toBeGreaterThan(now + 7 * 86_400_000);
    expect(new Date(at(vehicles.expiringSoon)!.ended).getTime()).toBeLessThan(now + 7 * 86_400_000);
    expect(new Date(at(vehicles.expired)!.ended).getTime()).toBeLessThan(now);
    const [sql] = await rows<{ r: string }>(
      a.database,
      `select ${sqlRegistrationFromCode('123456789::bigint')} as r`,
    );
    expect(sql?.r).toBe(registrationFromCode(123_456_789));
  });

  it('derives camera reads from the permits, tickets and payments: most permitted vehicles seen, some never, a few misread', async () => {
    const since = `$1::timestamptz - interval '${SIGHTING_DAYS} days'`;
    const [permitted] = await rows<{ running: number; seen: number }>(
      a.database,
      `select count(*)::int as running,
        count(*) filter (where exists (select 1 from vehicle_sightings v where v.site_number = p.site_number
          and v.registration = p.vehicle_registration and v.entered_at >= p.started))::int as seen
      from permits p where p.site_number is not null and p.started < ${since} + interval '30 days'
        and p.ended > $1::timestamptz`,
      [TODAY.toISOString()],
    );
    expect(permitted!.running).toBeGreaterThan(100);
    expect(permitted!.seen / permitted!.running).toBeGreaterThan(0.75);
    expect(permitted!.seen).toBeLessThan(permitted!.running);
    // Every read is a permitted vehicle in its period at its site (or its group's), a ticketed vehicle at
    // the violation, a paying one, or the seen visitor; the rest are misreads one confusable character off.
    const [reads] = await rows<{ all: number; unexplained: number; misread: number; twins: number }>(
      a.database,
      `with explained as (
        select v.*, exists (select 1 from permits p left join site_group_members m on m.group_number = p.group_number
            where p.vehicle_registration = v.registration and coalesce(p.site_number, m.site_number) = v.site_number
              and v.entered_at >= p.started and v.entered_at < p.ended)
          or exists (select 1 from tickets t where t.vehicle_registration = v.registration
            and t.site_number = v.site_number and t.violation_date between v.entered_at and v.exited_at)
          or exists (select 1 from transactions x where x.vehicle_registration = v.registration
            and x.site_number = v.site_number and x.occurred_at = v.entered_at)
          or (v.registration = $1 and v.site_number = $2) as fits
        from vehicle_sightings v)
      select count(*)::int as all, count(*) filter (where not fits)::int as unexplained,
        count(*) filter (where not fits and read_confidence < 0.8)::int as misread,
        count(*) filter (where not fits and exists (select 1 from permits p
          where length(p.vehicle_registration) = length(registration)
            and translate(p.vehicle_registration, 'OISBZG', '015826') = translate(registration, 'OISBZG', '015826')))::int
          as twins
      from explained`,
      [demoFacts.seenVisitor.registration, demoFacts.seenVisitor.site],
    );
    expect(reads!.all).toBeGreaterThan(10_000);
    expect(reads!.unexplained).toBeGreaterThan(0);
    expect(reads!.unexplained / reads!.all).toBeLessThan(0.03);
    expect(reads!.misread).toBe(reads!.unexplained);
    expect(reads!.twins).toBe(reads!.unexplained);
    const [tickets] = await rows<{ recent: number; unseen: number }>(
      a.database,
      `select count(*)::int as recent, count(*) filter (where not exists (select 1 from vehicle_sightings v
          where v.registration = t.vehicle_registration and v.site_number = t.site_number
            and t.violation_date between v.entered_at and v.exited_at))::int as unseen
      from tickets t where t.violation_date >= ${since} and t.violation_date < $1::timestamptz`,
      [TODAY.toISOString()],
    );
    expect(tickets!.recent).toBeGreaterThan(100);
    expect(tickets!.unseen).toBe(0);
  });

  it('makes the demo accounts with their roles, access and confirmation', async () => {
    const users = await rows<{
      email: string;
      confirmed: boolean;
      all_sites: boolean;
      has_password: boolean;
      two_factor: boolean;
      secret: string | null;
      roles: string;
      access: string | null;
    }>(
      a.database,
      `select u.email, u.email_confirmed as confirmed, u.access_all_sites as all_sites,
        u.password_hash is not null as has_password, u.two_factor_enabled as two_factor, u.two_factor_secret as secret,
        (select string_agg(r.name, ',' order by r.name) from user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = u.id) as roles,
        (select string_agg(coalesce(x.site_number, x.group_number), ',' order by 1) from user_access x
          where x.user_id = u.id) as access
      from users u order by u.email`,
    );
    const user = (email: string) => users.find((u) => u.email === email);
    expect(users.length).toBeGreaterThanOrEqual(26);
    expect(user('admin@operator.example')).toMatchObject({
      all_sites: true,
      roles: 'Administrator',
      confirmed: true,
    });
    expect(user('manager@acme.example')).toMatchObject({
      roles: 'Client Manager',
      access: 'SG01',
      confirmed: true,
    });
    expect(user('clerk@acme.example')).toMatchObject({
      roles: 'Site Clerk',
      access: '1001',
      has_password: true,
    });
    expect(user('mfa@acme.example')).toMatchObject({
      two_factor: true,
      secret: DEMO_TOTP_SECRET,
      access: '1001',
    });
    expect(user('new@acme.example')).toMatchObject({
      confirmed: false,
      has_password: false,
      roles: 'Site Clerk',
    });
    expect(user('manager@bolt.example')).toMatchObject({
      roles: 'Client Manager',
      access: 'SG02',
      all_sites: false,
    });
    expect(
      await count(
        a.database,
        `select count(*) as n from users u where not exists (select 1 from audit_events e
          where e.subject_user_id = u.id and e.type = 'AccountCreated')`,
      ),
    ).toBe(0);
    for (const account of demoFacts.accounts) expect(user(account.email), account.email).toBeDefined();
  });

  it('gives roles subsets of their parents and users only flags their roles cover', async () => {
    const roleRows = await rows<{ name: string; parent: string | null; features: string[] }>(
      a.database,
      `select r.name, p.name as parent, array_agg(f.feature order by f.feature) as features
      from roles r left join roles p on p.id = r.parent_id join role_features f on f.role_id = r.id group by 1, 2`,
    );
    const byName = new Map(roleRows.map((r) => [r.name, r]));
    expect(byName.get('Administrator')?.features).toHaveLength(featureCatalogue.length);
    expect(byName.get('Client Manager')?.features).toContain('Roles.View');
    expect(byName.get('Client Manager')?.features).not.toContain('Roles.Add');
    expect(byName.get('Site Clerk')?.features).toEqual([
      'Permits.Add',
      'Permits.AllPermits',
      'Permits.View',
      'Tickets.Cancel',
    ]);
    for (const role of roleRows) {
      if (!role.parent) continue;
      const parent = byName.get(role.parent)?.features ?? [];
      for (const feature of role.features) expect(parent, `${role.name} ${feature}`).toContain(feature);
    }
    const flagged = await rows<{ email: string; mask: string; features: string[] }>(
      a.database,
      `select u.email, fl.mask, array(select rf.feature from user_roles ur join role_features rf using (role_id)
          where ur.user_id = u.id) as features
      from user_flags uf join users u on u.id = uf.user_id join flags fl on fl.normalized_name = uf.flag`,
    );
    expect(flagged.length).toBeGreaterThan(5);
    for (const f of flagged) expect(maskCoveredBy(f.mask, f.features), `${f.email} ${f.mask}`).toBe(true);
    const config = await rows<{ key: string }>(a.database, 'select key from app_config order by key');
    expect(config.map((c) => c.key)).toEqual(
      expect.arrayContaining([
        'WelcomeMessage',
        'LatestNewsMessageHeading',
        'PermanentPermitYears',
        'TicketReduceDays',
      ]),
    );
  });

  it(
    'is deterministic: a second fresh database with the same today holds the same rows',
    async () => {
      const b = await seeded(TODAY);
      try {
        expect(await digest(b.database)).toEqual(await digest(a.database));
      } finally {
        await b.drop();
      }
    },
    SEEDING_TIMEOUT_MS,
  );

  it(
    'works on the first of a month, just after midnight',
    async () => {
      const c = await seeded(MONTH_START_TODAY);
      try {
        await expectConsistent(c.database, MONTH_START_TODAY);
      } finally {
        await c.drop();
      }
    },
    SEEDING_TIMEOUT_MS,
  );
});

describe('seedDemo at its default volume', () => {
  let d: Awaited<ReturnType<typeof seeded>>;

  beforeAll(async () => {
    d = await seeded(TODAY, 'default');
  });
  afterAll(async () => {
    await d?.drop();
  });

  it('makes over 100,000 transactions covering 13 months at every site, and the promised volumes', async () => {
    expect(d.result.seeded).toBe(true);
    expect(await count(d.database, 'select count(*) as n from transactions')).toBeGreaterThanOrEqual(100_000);
    // May 2025 up to May 2026 (TODAY's month) is 13 calendar months, each with payments at every site.
    const perSite = await rows<{ site_number: string; months: number; first: string; last: string }>(
      d.database,
      `select s.site_number, count(distinct to_char(t.occurred_at at time zone 'UTC', 'YYYY-MM'))::int as months,
        to_char(min(t.occurred_at) at time zone 'UTC', 'YYYY-MM') as first,
        to_char(max(t.occurred_at) at time zone 'UTC', 'YYYY-MM') as last
      from sites s left join transactions t using (site_number) group by 1 order by 1`,
    );
    expect(perSite.length).toBeGreaterThanOrEqual(40);
    for (const site of perSite) {
      expect(site, site.site_number).toEqual({
        site_number: site.site_number,
        months: 13,
        first: '2025-05',
        last: '2026-05',
      });
    }
    expect(await count(d.database, 'select count(*) as n from site_groups')).toBeGreaterThanOrEqual(4);
    expect(await count(d.database, 'select count(*) as n from client_companies')).toBeGreaterThanOrEqual(2);
    expect(await count(d.database, 'select count(*) as n from permits')).toBeGreaterThanOrEqual(5000);
    expect(await count(d.database, 'select count(*) as n from tickets')).toBeGreaterThanOrEqual(2000);
    await expectConsistent(d.database, TODAY);
  });
});
