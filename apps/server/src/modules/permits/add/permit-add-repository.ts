import type { Permit, PermitType } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { type RowOf, selectRows } from '../../../db/rows.js';
import { permits, type siteGroupMembers, type siteGroups, type sites } from '../../../db/schema.js';
import { presentPermit } from '../permit-presenter.js';
import type { LivePermitCount, StoredPermitPeriod } from './permit-add-conflicts.js';
import type { PlannedPermit, SiteDirectory } from './permit-add-rows.js';

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

type SiteNumber = RowOf<typeof sites>['site_number'];

/** Every site, and every group with its member sites (both small tables). */
export async function loadSiteDirectory(db: Db): Promise<SiteDirectory> {
  const sites = await selectRows<{ n: SiteNumber }>(
    db,
    sql`select site_number as n from sites order by site_number`,
  );
  const members = await selectRows<{
    g: RowOf<typeof siteGroups>['group_number'];
    s: RowOf<typeof siteGroupMembers>['site_number'] | null;
  }>(
    db,
    sql`select g.group_number as g, m.site_number as s from site_groups g
        left join site_group_members m on m.group_number = g.group_number
        order by g.group_number, m.site_number`,
  );
  const groups = new Map<string, string[]>();
  for (const row of members) {
    const found = groups.get(row.g) ?? [];
    if (row.s) found.push(row.s);
    groups.set(row.g, found);
  }
  return { sites: sites.map((r) => r.n), groups };
}

/**
 * Locks the rows of these sites, then of these groups, each in number order, until the transaction
 * ends. Every permit add locks the sites its permits are valid at and its groups, so two adds that
 * could clash (same vehicle at a shared site, or the same allowance) run one after the other. Row
 * locks need no lock-table slots, so even an all-sites add is cheap; the fixed order cannot deadlock.
 */
export async function lockPermitPlaces(db: Db, sites: readonly string[], groups: readonly string[]) {
  if (sites.length > 0) {
    await db.execute(
      sql`select site_number from sites where site_number in (${list(sites)})
          order by site_number for no key update`,
    );
  }
  if (groups.length > 0) {
    await db.execute(
      sql`select group_number from site_groups where group_number in (${list(groups)})
          order by group_number for no key update`,
    );
  }
}

/** Stored columns typed from schema.ts; scope narrowed by the check constraint, target computed. */
type PeriodRow = Pick<RowOf<typeof permits>, 'vehicle_registration' | 'started' | 'ended'> & {
  scope: PermitType;
  target: string;
};

/** Stored permits of these vehicles that end after `since` (older ones cannot overlap anything new). */
export async function findPermitsOfVehicles(
  db: Db,
  registrations: readonly string[],
  since: Date,
  directory: SiteDirectory,
  /** A permit being edited, which cannot clash with itself. */
  exceptPermitId = 0,
): Promise<StoredPermitPeriod[]> {
  if (registrations.length === 0) return [];
  const rows = await selectRows<PeriodRow>(
    db,
    sql`select scope, coalesce(site_number, group_number) as target, vehicle_registration, started, ended
        from permits where vehicle_registration in (${list(registrations)})
        and ended > ${since.toISOString()}::timestamptz and id <> ${exceptPermitId}`,
  );
  return rows.map((r) => ({
    scope: r.scope,
    target: r.target,
    sites: r.scope === 'group' ? (directory.groups.get(r.target) ?? []) : [r.target],
    vehicleRegistration: r.vehicle_registration,
    started: new Date(r.started),
    ended: new Date(r.ended),
  }));
}

/** Current plus upcoming permits (not ended at `now`) of each kind stored for each site or group. */
export async function countLivePermits(
  db: Db,
  targets: readonly string[],
  now: Date,
): Promise<Map<string, LivePermitCount>> {
  const counts = new Map<string, LivePermitCount>();
  if (targets.length === 0) return counts;
  const rows = await selectRows<{
    target: NonNullable<RowOf<typeof permits>['target']>;
    temporary: number | string;
    permanent: number | string;
  }>(
    db,
    sql`select target,
          count(*) filter (where is_temp)::int as temporary,
          count(*) filter (where not is_temp)::int as permanent
        from permits
        where target in (${list(targets)}) and ended > ${now.toISOString()}::timestamptz
        group by 1`,
  );
  for (const r of rows) {
    counts.set(r.target, { temporary: Number(r.temporary), permanent: Number(r.permanent) });
  }
  return counts;
}

/** Rows per INSERT: 12 parameters each stays well under PostgreSQL's 65,535 per statement. */
const INSERT_CHUNK = 1_000;

/** Stores the planned permits in row order and answers them as the list does. */
export async function insertPermits(
  db: Db,
  planned: readonly PlannedPermit[],
  createdBy: string,
): Promise<Permit[]> {
  const stored: Permit[] = [];
  for (let from = 0; from < planned.length; from += INSERT_CHUNK) {
    const rows = await db
      .insert(permits)
      .values(
        planned.slice(from, from + INSERT_CHUNK).map((p) => ({
          scope: p.scope,
          siteNumber: p.scope === 'site' ? p.target : null,
          groupNumber: p.scope === 'group' ? p.target : null,
          vehicleRegistration: p.vehicleRegistration,
          driverName: p.driverName,
          isTemp: p.isTemp,
          duration: p.duration,
          started: p.started,
          ended: p.ended,
          reason: p.reason,
          authorisedBy: p.authorisedBy,
          createdBy,
        })),
      )
      .returning({
        id: permits.id,
        scope: permits.scope,
        target: permits.target,
        vehicle_registration: permits.vehicleRegistration,
        driver_name: permits.driverName,
        is_temp: permits.isTemp,
        started: permits.started,
        ended: permits.ended,
      });
    for (const r of rows.sort((a, b) => a.id - b.id)) {
      // The check constraint narrows scope; target is generated from the site or group, never null.
      stored.push(presentPermit({ ...r, scope: r.scope as PermitType, target: r.target as string }));
    }
  }
  return stored;
}
