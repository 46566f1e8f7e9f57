import type { CheckedSightingRow } from '@client-portal/contract';
import { sql } from 'kysely';
import type { Queries } from '../../db/kysely.js';
import { type PermitView, policy } from '../access/index.js';

/**
 * Lists travel as one array parameter each (`= any($1)`, `unnest($1::text[], …)`): a 5,000-row plate
 * check asks about some 100,000 (site, plate) pairs, far past the 65,535 bound parameters a statement
 * may carry, and an array is one of them.
 */
const list = (values: readonly string[]) => [...values];

/** The statements of this repository, built but not run: what sightings-repository.sql shows. */
export const sightingsQueries = {
  existingSites: (db: Queries, siteNumbers: readonly string[]) =>
    db
      .selectFrom('sites')
      .select('site_number as n')
      .where((eb) => eb('site_number', '=', eb.fn.any(eb.val(list(siteNumbers))))),

  insert: (db: Queries, rows: readonly CheckedSightingRow[]) =>
    db.insertInto('vehicle_sightings').values(
      rows.map((r) => ({
        site_number: r.siteNumber,
        registration: r.registration,
        entered_at: r.enteredAt,
        exited_at: r.exitedAt ?? null,
        read_confidence: r.readConfidence,
      })),
    ),

  groupMembership: (db: Queries, groups: readonly string[], sites: readonly string[]) =>
    db
      .selectFrom('site_group_members')
      .select(['group_number as group', 'site_number as site'])
      .where((eb) =>
        eb.or([
          eb('group_number', '=', eb.fn.any(eb.val(list(groups)))),
          eb('site_number', '=', eb.fn.any(eb.val(list(sites)))),
        ]),
      ),

  /** `sites[i]`, `plates[i]`: the pairs in index order. */
  seenCounts: (
    db: Queries,
    sites: readonly string[],
    plates: readonly string[],
    monthStart: Date,
    weekStart: Date,
  ) =>
    db
      .selectFrom(
        sql<{
          site: string;
          registration: string;
        }>`unnest(${list(sites)}::text[], ${list(plates)}::text[])`.as<'v'>(sql`v(site, registration)`),
      )
      .crossJoinLateral((eb) =>
        eb
          .selectFrom('vehicle_sightings as s')
          .select((eb) => [
            eb
              .cast<number>(
                eb.fn.countAll().filterWhere('s.entered_at', '>=', weekStart.toISOString()),
                'integer',
              )
              .as('week'),
            eb.cast<number>(eb.fn.countAll(), 'integer').as('month'),
          ])
          .whereRef('s.site_number', '=', 'v.site')
          .whereRef('s.registration', '=', 'v.registration')
          .where('s.entered_at', '>=', monthStart.toISOString())
          .as('c'),
      )
      .select(['v.site', 'v.registration', 'c.week', 'c.month'])
      .where((eb) => eb('c.month', '>', eb.lit(0))),

  permitPlates: (
    db: Queries,
    view: PermitView | null,
    registrations: readonly string[],
    targets: readonly string[],
    since: Date,
    exceptPermitId?: number,
  ) => {
    const plates = db
      .selectFrom('permits as p')
      .select(['p.target', 'p.vehicle_registration as registration'])
      .distinct()
      .where((eb) => eb('p.vehicle_registration', '=', eb.fn.any(eb.val(list(registrations)))))
      .where((eb) => eb('p.target', '=', eb.fn.any(eb.val(list(targets)))))
      .where('p.ended', '>', since.toISOString())
      .where(policy.permitViewWhere(view));
    return exceptPermitId === undefined ? plates : plates.where('p.id', '<>', exceptPermitId);
  },
};

/** Which of these site numbers exist. */
export async function existingSites(db: Queries, siteNumbers: readonly string[]): Promise<Set<string>> {
  const rows = await sightingsQueries.existingSites(db, siteNumbers).execute();
  return new Set(rows.map((r) => r.n));
}

/** Stores checked reads in one statement per chunk (the caller holds the transaction). */
export async function insertSightings(tx: Queries, rows: readonly CheckedSightingRow[]): Promise<void> {
  const chunk = 2000;
  for (let start = 0; start < rows.length; start += chunk) {
    await sightingsQueries.insert(tx, rows.slice(start, start + chunk)).execute();
  }
}

/** The member sites of these groups, and the groups each of these sites belongs to. */
export async function groupMembership(
  db: Queries,
  groups: readonly string[],
  sites: readonly string[],
): Promise<{ group: string; site: string }[]> {
  return sightingsQueries.groupMembership(db, groups, sites).execute();
}

interface SeenCount {
  site: string;
  registration: string;
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
  db: Queries,
  pairs: readonly string[],
  monthStart: Date,
  weekStart: Date,
): Promise<SeenCount[]> {
  if (pairs.length === 0) return [];
  const sorted = [...pairs].sort();
  const sites = sorted.map((k) => k.slice(0, k.indexOf(',')));
  const plates = sorted.map((k) => k.slice(k.indexOf(',') + 1));
  const count = (q: Queries) =>
    sightingsQueries.seenCounts(q, sites, plates, monthStart, weekStart).execute();
  if (pairs.length <= JIT_WORTHLESS_PAIRS) return count(db);
  // Inside a transaction, as a savepoint did: JIT stays off until it ends.
  if (db.isTransaction) {
    await sql`set local jit = off`.execute(db);
    return count(db);
  }
  // Otherwise on one connection, set back after (it may be a drizzle transaction's, which cannot nest one).
  return db.connection().execute(async (connection) => {
    await sql`set jit = off`.execute(connection);
    try {
      return await count(connection);
    } finally {
      await sql`reset jit`.execute(connection);
    }
  });
}

/**
 * Permits at these sites or groups for these plates that ended after `since` (index on the plate),
 * leaving out `exceptPermitId` (the permit being edited, whose own plate is no twin to warn of).
 */
export async function permitPlates(
  db: Queries,
  view: PermitView | null,
  registrations: readonly string[],
  targets: readonly string[],
  since: Date,
  exceptPermitId?: number,
): Promise<{ target: string; registration: string }[]> {
  if (registrations.length === 0 || targets.length === 0 || view === null) return [];
  const rows = await sightingsQueries
    .permitPlates(db, view, registrations, targets, since, exceptPermitId)
    .execute();
  // The generated target is a site or a group number, never null (decision 13).
  return rows.map((r) => ({ target: r.target ?? '', registration: r.registration }));
}
