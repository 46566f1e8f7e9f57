import type { Permit } from '@client-portal/contract';
import type { Queries } from '../../../db/kysely.js';
import { presentPermit } from '../permit-presenter.js';
import type { LivePermitCount, StoredPermitPeriod } from './permit-add-conflicts.js';
import type { PlannedPermit, SiteDirectory } from './permit-add-rows.js';

/** The columns a stored permit answers with (an insert's `returning`: the table, not an alias). */
const addedPermitColumns = [
  'id',
  'scope',
  'target',
  'vehicle_registration',
  'driver_name',
  'is_temp',
  'started',
  'ended',
  'cancelled_at',
] as const;

/** The statements of this repository, built but not run: what permit-add-repository.sql shows. */
export const permitAddQueries = {
  sites: (queries: Queries) => queries.selectFrom('sites').select('site_number').orderBy('site_number'),

  groupMembers: (queries: Queries) =>
    queries
      .selectFrom('site_groups as g')
      .leftJoin('site_group_members as m', 'm.group_number', 'g.group_number')
      .select(['g.group_number', 'm.site_number'])
      .orderBy('g.group_number')
      .orderBy('m.site_number'),

  lockSites: (queries: Queries, sites: readonly string[]) =>
    queries
      .selectFrom('sites')
      .select('site_number')
      .where((eb) => eb('site_number', '=', eb.fn.any(eb.val([...sites]))))
      .orderBy('site_number')
      .forNoKeyUpdate(),

  lockGroups: (queries: Queries, groups: readonly string[]) =>
    queries
      .selectFrom('site_groups')
      .select('group_number')
      .where((eb) => eb('group_number', '=', eb.fn.any(eb.val([...groups]))))
      .orderBy('group_number')
      .forNoKeyUpdate(),

  /** Stored permits of these vehicles that end after `since`, except one being edited. */
  permitsOfVehicles: (
    queries: Queries,
    registrations: readonly string[],
    since: Date,
    exceptPermitId: number,
  ) =>
    queries
      .selectFrom('permits')
      .select(['scope', 'target', 'vehicle_registration', 'started', 'ended'])
      .where((eb) => eb('vehicle_registration', '=', eb.fn.any(eb.val([...registrations]))))
      .where('ended', '>', since)
      .where('cancelled_at', 'is', null)
      .where('id', '<>', exceptPermitId),

  livePermitCounts: (queries: Queries, targets: readonly string[], now: Date) =>
    queries
      .selectFrom('permits')
      .select((eb) => [
        'target',
        eb.fn.countAll<string>().filterWhere('is_temp', '=', true).as('temporary'),
        eb.fn.countAll<string>().filterWhere('is_temp', '=', false).as('permanent'),
      ])
      .where((eb) => eb('target', '=', eb.fn.any(eb.val([...targets]))))
      .where('ended', '>', now)
      .groupBy('target'),

  /** A bulk add's upload: the row that taking the whole upload back locks and marks. */
  insertUpload: (queries: Queries, createdBy: string, permitCount: number, at: Date) =>
    queries
      .insertInto('permit_uploads')
      .values({ created_by: createdBy, permit_count: permitCount, created_at: at })
      .returning('id'),

  insert: (queries: Queries, planned: readonly PlannedPermit[], createdBy: string, uploadId: number | null) =>
    queries
      .insertInto('permits')
      .values(
        planned.map((p) => ({
          scope: p.scope,
          site_number: p.scope === 'site' ? p.target : null,
          group_number: p.scope === 'group' ? p.target : null,
          vehicle_registration: p.vehicleRegistration,
          driver_name: p.driverName,
          is_temp: p.isTemp,
          duration: p.duration,
          started: p.started,
          ended: p.ended,
          reason: p.reason,
          authorised_by: p.authorisedBy,
          created_by: createdBy,
          upload_id: uploadId,
          visitor_link_id: p.visitorLinkId ?? null,
        })),
      )
      .returning(addedPermitColumns),
};

/** Every site, and every group with its member sites (both small tables). */
export async function loadSiteDirectory(queries: Queries): Promise<SiteDirectory> {
  const sites = await permitAddQueries.sites(queries).execute();
  const members = await permitAddQueries.groupMembers(queries).execute();
  const groups = new Map<string, string[]>();
  for (const row of members) {
    const found = groups.get(row.group_number) ?? [];
    if (row.site_number) found.push(row.site_number);
    groups.set(row.group_number, found);
  }
  return { sites: sites.map((r) => r.site_number), groups };
}

/**
 * Locks the rows of these sites, then of these groups, each in number order, until the transaction
 * ends. Every permit add locks the sites its permits are valid at and its groups, so two adds that
 * could clash (same vehicle at a shared site, or the same allowance) run one after the other. Row
 * locks need no lock-table slots, so even an all-sites add is cheap; the fixed order cannot deadlock.
 */
export async function lockPermitPlaces(tx: Queries, sites: readonly string[], groups: readonly string[]) {
  if (sites.length > 0) await permitAddQueries.lockSites(tx, sites).execute();
  if (groups.length > 0) await permitAddQueries.lockGroups(tx, groups).execute();
}

/** Stored permits of these vehicles that end after `since` (older ones cannot overlap anything new). */
export async function findPermitsOfVehicles(
  queries: Queries,
  registrations: readonly string[],
  since: Date,
  directory: SiteDirectory,
  /** A permit being edited, which cannot clash with itself. */
  exceptPermitId = 0,
): Promise<StoredPermitPeriod[]> {
  if (registrations.length === 0) return [];
  const rows = await permitAddQueries
    .permitsOfVehicles(queries, registrations, since, exceptPermitId)
    .execute();
  return rows.map((r) => {
    // The check constraint holds scope to the two types; target is generated, never null.
    const scope = r.scope === 'group' ? 'group' : 'site';
    const target = r.target ?? '';
    return {
      scope,
      target,
      sites: scope === 'group' ? (directory.groups.get(target) ?? []) : [target],
      vehicleRegistration: r.vehicle_registration,
      started: new Date(r.started),
      ended: new Date(r.ended),
    };
  });
}

/** Current plus upcoming permits (not ended at `now`) of each kind stored for each site or group. */
export async function countLivePermits(
  queries: Queries,
  targets: readonly string[],
  now: Date,
): Promise<Map<string, LivePermitCount>> {
  const counts = new Map<string, LivePermitCount>();
  if (targets.length === 0) return counts;
  for (const r of await permitAddQueries.livePermitCounts(queries, targets, now).execute()) {
    if (r.target === null) continue;
    counts.set(r.target, { temporary: Number(r.temporary), permanent: Number(r.permanent) });
  }
  return counts;
}

/** Rows per INSERT: 13 parameters each stays well under PostgreSQL's 65,535 per statement. */
const INSERT_CHUNK = 1_000;

/** Records a bulk upload of `permitCount` permits and answers its id. */
export async function insertUpload(
  tx: Queries,
  createdBy: string,
  permitCount: number,
  at: Date,
): Promise<number> {
  const row = await permitAddQueries.insertUpload(tx, createdBy, permitCount, at).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Stores the planned permits in row order (of one upload, or none) and answers them as the list does. */
export async function insertPermits(
  tx: Queries,
  planned: readonly PlannedPermit[],
  createdBy: string,
  uploadId: number | null,
): Promise<Permit[]> {
  const stored: Permit[] = [];
  for (let from = 0; from < planned.length; from += INSERT_CHUNK) {
    const chunk = planned.slice(from, from + INSERT_CHUNK);
    const rows = await permitAddQueries.insert(tx, chunk, createdBy, uploadId).execute();
    for (const r of rows.sort((a, b) => a.id - b.id)) stored.push(presentPermit(r));
  }
  return stored;
}
