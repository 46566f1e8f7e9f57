import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { prepareDatabase } from '../src/db/prepare.js';
import { statsHourColumns } from '../src/db/schema.js';
import { rebuildStatistics } from '../src/modules/statistics/statistics-rebuild.js';
import { clientWith } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { createTestDatabase } from './test-database.js';

const uk = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});
function ukDayHour(at: Date): { day: string; hour: number } {
  const p = Object.fromEntries(uk.formatToParts(at).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) };
}

type Counts = Record<string, number>;
function add(map: Map<string, Counts>, key: string, figures: Counts) {
  const row = map.get(key) ?? {};
  for (const [k, v] of Object.entries(figures)) row[k] = (row[k] ?? 0) + v;
  map.set(key, row);
}
/** Drops zero figures and rows, so a stored zero and a missing row compare equal. */
function nonZero(map: Map<string, Counts>): Record<string, Counts> {
  const out: Record<string, Counts> = {};
  for (const [key, row] of map) {
    const kept = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== 0));
    if (Object.keys(kept).length > 0) out[key] = kept;
  }
  return out;
}

/** The site-day figures worked out in the test from a plain read of every raw row. */
async function scanSiteDays(db: Database['db']): Promise<Record<string, Counts>> {
  const map = new Map<string, Counts>();
  const transactions = await selectRows<Record<string, unknown>>(
    db,
    sql`select site_number, occurred_at, duration_minutes, amount_pence, method from transactions`,
  );
  for (const t of transactions) {
    const start = new Date(t.occurred_at as string);
    const minutes = Number(t.duration_minutes);
    add(map, `${t.site_number}|${ukDayHour(start).day}`, {
      stays: 1,
      income_pence: Number(t.amount_pence),
      duration_minutes: minutes,
      card_stays: t.method === 'card' ? 1 : 0,
      app_stays: t.method === 'app' ? 1 : 0,
      cash_stays: t.method === 'cash' ? 1 : 0,
    });
    const end = start.getTime() + Math.max(minutes, 1) * 60_000;
    for (let slot = Math.floor(start.getTime() / 3_600_000) * 3_600_000; slot < end; slot += 3_600_000) {
      const { day, hour } = ukDayHour(new Date(slot));
      add(map, `${t.site_number}|${day}`, { [statsHourColumns[hour]!]: 1 });
    }
  }
  for (const t of await selectRows<Record<string, unknown>>(
    db,
    sql`select site_number, issue_date from tickets`,
  )) {
    add(map, `${t.site_number}|${ukDayHour(new Date(t.issue_date as string)).day}`, { tickets_issued: 1 });
  }
  for (const a of await selectRows<Record<string, unknown>>(
    db,
    sql`select site_number, action, action_at from ticket_actions`,
  )) {
    add(map, `${a.site_number}|${ukDayHour(new Date(a.action_at as string)).day}`, {
      cancellations: a.action === 'Cancel' ? 1 : 0,
      reductions: a.action === 'Pay' ? 1 : 0,
    });
  }
  return nonZero(map);
}

async function scanPermitDays(db: Database['db']): Promise<Record<string, Counts>> {
  const map = new Map<string, Counts>();
  const permits = await selectRows<Record<string, unknown>>(
    db,
    sql`select coalesce(site_number, group_number) as target, is_temp, reason, visitor_link_id is not null as visitor,
      created_at, started, ended from permits where cancelled_at is null`,
  );
  for (const p of permits) {
    const key = (at: unknown) =>
      `${p.target}|${ukDayHour(new Date(at as string)).day}|${p.is_temp}|${p.reason ?? 0}|${p.visitor}`;
    add(map, key(p.created_at), { added: 1 });
    add(map, key(p.started), { starting: 1 });
    add(map, key(p.ended), { ending: 1 });
  }
  return nonZero(map);
}

async function storedSiteDays(db: Database['db']): Promise<Record<string, Counts>> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select *, to_char(day, 'YYYY-MM-DD') as day_text from stats_site_days`,
  );
  const map = new Map<string, Counts>();
  for (const { site_number, day, day_text, ...figures } of rows) {
    add(
      map,
      `${site_number}|${day_text}`,
      Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, Number(v)])),
    );
  }
  return nonZero(map);
}

async function storedPermitDays(db: Database['db']): Promise<Record<string, Counts>> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select target, to_char(day, 'YYYY-MM-DD') as day, is_temp, reason, visitor, added, starting, ending
      from stats_permit_days`,
  );
  const map = new Map<string, Counts>();
  for (const r of rows) {
    add(map, `${r.target}|${r.day}|${r.is_temp}|${r.reason}|${r.visitor}`, {
      added: Number(r.added),
      starting: Number(r.starting),
      ending: Number(r.ending),
    });
  }
  return nonZero(map);
}

describe('daily statistics aggregates', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const expectAgreement = async () => {
    expect(await storedSiteDays(database.db)).toEqual(await scanSiteDays(database.db));
    expect(await storedPermitDays(database.db)).toEqual(await scanPermitDays(database.db));
  };

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await prepareDatabase(database, { seed: true, transactionsPerSitePerDay: 1 });
  }, 240_000);
  afterAll(async () => drop());

  // Checks the demo seed's own rows (its aggregates were built as it inserted them): the seed stays.
  it('agree with a scan of the raw rows after the demo seed', async () => {
    const [{ n }] = (await selectRows<{ n: string }>(
      database.db,
      sql`select count(*) as n from stats_site_days`,
    )) as [{ n: string }];
    expect(Number(n)).toBeGreaterThan(1000);
    await expectAgreement();
  }, 120_000);

  it('follow inserts, edits and deletes of every raw table, in one statement or many', async () => {
    const db = database.db;
    // Sites and a group of the test's own; the seed's rows change alongside (the id % n rows).
    const { sites, group } = await clientWith({ database }, { sites: 3, group: true });
    const [one, two, three] = sites.map((site) => site.number) as [string, string, string];
    const all = group!.number;
    // Stays across midnight and across the clocks going back (26 October 2025, 01:00-02:00 twice).
    await db.execute(sql`insert into transactions (site_number, occurred_at, vehicle_registration, duration_minutes, amount_pence, method)
      values (${one}, '2025-10-25T22:30:00Z', 'AG1', 240, 700, 'card'),
             (${one}, '2025-10-25T23:59:00Z', 'AG2', 0, 100, 'cash'),
             (${two}, '2025-06-30T22:45:00Z', 'AG3', 1440, 1500, 'app'),
             (${two}, '2025-06-30T22:45:00Z', 'AG4', 30, 150, 'other')`);
    await expectAgreement();
    await db.execute(sql`update transactions set site_number = ${three}, duration_minutes = duration_minutes + 61,
      amount_pence = amount_pence + 1, occurred_at = occurred_at + interval '90 minutes'
      where vehicle_registration in ('AG1', 'AG3') or id % 97 = 0`);
    await db.execute(sql`update transactions set method = 'app' where vehicle_registration = 'AG2'`);
    await db.execute(sql`delete from transactions where vehicle_registration = 'AG4' or id % 89 = 0`);
    await expectAgreement();

    await db.execute(sql`insert into tickets (ticket_number, site_number, vehicle_registration, violation_date, issue_date,
        full_amount_pence, reduced_amount_pence, status)
      values ('AGG0001', ${one}, 'AG1', '2025-03-29T23:30:00Z', '2025-03-30T23:30:00Z', 10000, 6000, 'open'),
             ('AGG0002', ${two}, 'AG2', '2025-03-01T10:00:00Z', '2025-03-02T10:00:00Z', 10000, 6000, 'open')`);
    await db.execute(sql`insert into ticket_actions (ticket_number, site_number, action, action_at)
      values ('AGG0001', ${one}, 'Cancel', '2025-04-01T00:30:00+01:00'), ('AGG0002', ${two}, 'Pay', '2025-04-02T12:00:00Z')`);
    await expectAgreement();
    await db.execute(
      sql`update tickets set issue_date = issue_date - interval '40 days' where ticket_number = 'AGG0002' or ticket_number like 'PCN%5'`,
    );
    await db.execute(sql`update ticket_actions set action = 'Pay' where ticket_number = 'AGG0001'`);
    await db.execute(sql`delete from ticket_actions where ticket_number = 'AGG0002' or id % 7 = 0`);
    await expectAgreement();

    await db.execute(sql`insert into permits (scope, site_number, group_number, vehicle_registration, driver_name, is_temp,
        duration, started, ended, reason)
      values ('site', ${one}, null, 'AG1', 'A Driver', true, 'Temporary', '2025-05-01T23:00:00Z', '2025-05-08T23:00:00Z', 3),
             ('group', null, ${all}, 'AG2', 'B Driver', false, 'Permanent', '2025-05-01T00:00:00Z', '2026-05-01T00:00:00Z', null)`);
    // A visitor's permit (decision 47) is a kind of its own: counted apart from the temporary ones.
    await db.execute(sql`insert into visitor_links (site_number, name, token, kiosk_key, duration_kind, daily_cap, created_by)
      values (${two}, 'Reception', 'agg-token', 'agg-kiosk', 'endOfDay', 50, (select id from users order by id limit 1))`);
    await db.execute(sql`insert into permits (scope, site_number, vehicle_registration, driver_name, is_temp,
        duration, started, ended, reason, visitor_link_id)
      values ('site', ${two}, 'AG5', 'Visitor', true, 'Temporary', '2025-05-02T09:00:00Z', '2025-05-02T23:00:00Z', 4,
        (select id from visitor_links where token = 'agg-token'))`);
    await expectAgreement();
    await db.execute(sql`update permits set ended = ended - interval '3 days', reason = 4
      where vehicle_registration in ('AG1', 'AG2') or id % 53 = 0`);
    await db.execute(sql`delete from permits where vehicle_registration = 'AG2' or id % 61 = 0`);
    await expectAgreement();
  }, 240_000);

  it('are the same after a rebuild from the raw rows', async () => {
    const before = await storedSiteDays(database.db);
    await database.db.execute(sql`update stats_site_days set stays = stays + 1`);
    const counts = await rebuildStatistics(database.kysely);
    expect(counts.siteDays).toBeGreaterThan(1000);
    expect(await storedSiteDays(database.db)).toEqual(before);
    await expectAgreement();
  }, 120_000);
});
