import type { CheckedSightingRow } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type RowOf, selectRows } from '../../db/rows.js';
import type { permits, siteGroupMembers, sites, vehicleSightings } from '../../db/schema.js';
import { legacyPolicySql, type PermitView } from '../access/index.js';

/**
 * Lists travel as one comma-joined text parameter split in SQL: a 5,000-row plate check asks about
 * some 100,000 (site, plate) pairs, far past the 65,535 bound parameters a statement may carry.
 * Site numbers and normalised plates hold no commas.
 */
const joined = (values: readonly string[]) => values.join(',');

/** Which of these site numbers exist. */
export async function existingSites(db: Db, siteNumbers: readonly string[]): Promise<Set<string>> {
  const rows = await selectRows<{ n: RowOf<typeof sites>['site_number'] }>(
    db,
    sql`select site_number as n from sites where site_number = any(string_to_array(${joined(siteNumbers)}, ','))`,
  );
  return new Set(rows.map((r) => r.n));
}

/** Stores checked reads in one statement per chunk (the caller holds the transaction). */
export async function insertSightings(tx: Db, rows: readonly CheckedSightingRow[]): Promise<void> {
  const chunk = 2000;
  for (let start = 0; start < rows.length; start += chunk) {
    const values = rows
      .slice(start, start + chunk)
      .map(
        (r) =>
          sql`(${r.siteNumber}, ${r.registration}, ${r.enteredAt}::timestamptz, ${r.exitedAt ?? null}::timestamptz, ${r.readConfidence})`,
      );
    await tx.execute(
      sql`insert into vehicle_sightings (site_number, registration, entered_at, exited_at, read_confidence)
          values ${sql.join(values, sql`, `)}`,
    );
  }
}

/** The member sites of these groups, and the groups each of these sites belongs to. */
export async function groupMembership(
  db: Db,
  groups: readonly string[],
  sites: readonly string[],
): Promise<{ group: string; site: string }[]> {
  return selectRows<{
    group: RowOf<typeof siteGroupMembers>['group_number'];
    site: RowOf<typeof siteGroupMembers>['site_number'];
  }>(
    db,
    sql`select group_number as "group", site_number as site from site_group_members
        where group_number = any(string_to_array(${joined(groups)}, ','))
           or site_number = any(string_to_array(${joined(sites)}, ','))`,
  );
}

interface SeenCount {
  site: RowOf<typeof vehicleSightings>['site_number'];
  registration: RowOf<typeof vehicleSightings>['registration'];
  week: number;
  month: number;
}

/** Above this many pairs the count statement is costed high enough for JIT, which only slows it. */
const JIT_WORTHLESS_PAIRS = 1_000;

/**
 * How often each (site, plate) pair was read since `monthStart`, and since `weekStart`, for the pairs
 * read at all: one statement for every pair. `pairs` are "site,plate" texts, each once. They go in in
 * index order, so the probes walk (site_number, registration, entered_at) from left to right
 * (neighbouring probes share pages); each counts its own reads in an index-only lateral aggregate, so
 * there is no join result to sort and group. JIT is off for a large batch: compiling takes longer
 * than the probes it would speed up.
 */
export async function seenCounts(
  db: Db,
  pairs: readonly string[],
  monthStart: Date,
  weekStart: Date,
): Promise<SeenCount[]> {
  if (pairs.length === 0) return [];
  const sorted = [...pairs].sort();
  const sites = sorted.map((k) => k.slice(0, k.indexOf(',')));
  const plates = sorted.map((k) => k.slice(k.indexOf(',') + 1));
  const count = (q: Db) =>
    selectRows<SeenCount>(
      q,
      sql`select v.site, v.registration, c.week, c.month
          from unnest(string_to_array(${joined(sites)}, ','), string_to_array(${joined(plates)}, ','))
               as v(site, registration)
          cross join lateral (
            select count(*) filter (where s.entered_at >= ${weekStart.toISOString()}::timestamptz)::int as week,
                   count(*)::int as month
            from vehicle_sightings s
            where s.site_number = v.site and s.registration = v.registration
              and s.entered_at >= ${monthStart.toISOString()}::timestamptz) c
          where c.month > 0`,
    );
  if (pairs.length <= JIT_WORTHLESS_PAIRS) return count(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return count(tx);
  });
}

/**
 * Permits at these sites or groups for these plates that ended after `since` (index on the plate),
 * leaving out `exceptPermitId` (the permit being edited, whose own plate is no twin to warn of).
 */
export async function permitPlates(
  db: Db,
  view: PermitView | null,
  registrations: readonly string[],
  targets: readonly string[],
  since: Date,
  exceptPermitId?: number,
): Promise<{ target: string; registration: string }[]> {
  if (registrations.length === 0 || targets.length === 0 || view === null) return [];
  return selectRows<{
    target: NonNullable<RowOf<typeof permits>['target']>;
    registration: RowOf<typeof permits>['vehicle_registration'];
  }>(
    db,
    sql`select distinct p.target, p.vehicle_registration as registration from permits p
        where p.vehicle_registration = any(string_to_array(${joined(registrations)}, ','))
          and p.target = any(string_to_array(${joined(targets)}, ','))
          and p.ended > ${since.toISOString()}::timestamptz and ${legacyPolicySql.permitViewWhere(view)}
          ${exceptPermitId === undefined ? sql`` : sql`and p.id <> ${exceptPermitId}`}`,
  );
}
