import type { Page, PageQuery, Permit, PermitSortColumn, PermitState } from '@client-portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  type KeysetClauses,
  type KeysetOrder,
  keysetBatches,
  keysetClauses,
  type SortKey,
  toPage,
} from '../../../db/keyset.js';
import { selectPreparedRows } from '../../../db/prepared-rows.js';
import type { RowOf } from '../../../db/rows.js';
import type { permits, vehicleSightings } from '../../../db/schema.js';
import { type PermitRow, permitColumns, presentListedPermit, presentPermit } from '../permit-presenter.js';
import type { PermitCountCache } from './permit-count-cache.js';
import { permitStateCondition } from './permit-states.js';

export interface PermitQuery {
  state?: PermitState;
  /** Normalised (no spaces, upper case); exact match. */
  vehicleRegistration?: string;
  /** Only permits that have started and whose vehicle was not read at their site(s) since. */
  notSeen?: boolean;
  now: Date;
  expiredDays: number;
  /**
   * The sites and groups whose permits are listed (already checked to be within reach), or 'all'.
   * A site's list holds its own permits and those of every group it belongs to.
   */
  targets: readonly string[] | 'all';
  /** Only the permits this user added: a caller without Permits.AllPermits (policy.permitView). */
  addedBy?: string;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The conditions of a query except its targets. */
function permitConditions(query: PermitQuery): SQL {
  const conditions: SQL[] = [permitStateCondition(query.state, query.now, query.expiredDays)];
  if (query.vehicleRegistration) conditions.push(sql`p.vehicle_registration = ${query.vehicleRegistration}`);
  if (query.addedBy) conditions.push(sql`p.created_by = ${query.addedBy}::uuid`);
  if (query.notSeen) {
    conditions.push(
      sql`p.started <= ${query.now.toISOString()}::timestamptz and not exists (select 1 ${sightingsSince})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/**
 * The camera reads of permit p's vehicle at its site, or at its group's sites, since it started: one
 * probe of (site_number, registration, entered_at) per site, whatever the table's size.
 */
const sightingsSince = sql`from vehicle_sightings s
  where s.registration = p.vehicle_registration and s.entered_at >= p.started
    and s.site_number in (select p.site_number
                          union all
                          select m.site_number from site_group_members m where m.group_number = p.group_number)`;

/** The latest read of each listed permit's vehicle since it started ("Last seen"), by permit id. */
async function lastSeenOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await selectPreparedRows<
    Pick<RowOf<typeof permits>, 'id'> & { at: RowOf<typeof vehicleSightings>['entered_at'] | null }
  >(db, permitStatements.lastSeen(ids));
  return new Map(rows.flatMap((r) => (r.at ? [[Number(r.id), new Date(r.at).toISOString()]] : [])));
}

function targetCondition(targets: readonly string[] | 'all'): SQL {
  if (targets === 'all') return sql`true`;
  return targets.length === 0 ? sql`false` : sql`p.target in (${list(targets)})`;
}

/** How many permits match a query; reused for a while (until any permit changes) when given the cache. */
export async function countPermits(db: Db, query: PermitQuery, cache?: PermitCountCache): Promise<number> {
  const load = async () => {
    const [row] = await selectPreparedRows<{ count: number | string }>(db, permitStatements.count(query));
    return Number(row?.count ?? 0);
  };
  // Camera reads arrive without touching permits, so a not-seen count is never reused.
  if (!cache || query.notSeen) return load();
  const key = JSON.stringify([
    query.targets,
    query.state ?? '',
    query.vehicleRegistration ?? '',
    query.expiredDays,
    query.addedBy ?? '',
  ]);
  return cache.read(key, load);
}

type KeyedPermitRow = PermitRow & { page_key: string | null; page_id: string };

const sortKeys: Record<PermitSortColumn, SortKey> = {
  site: { expr: sql`p.target`, type: 'text' },
  vehicleRegistration: { expr: sql`p.vehicle_registration`, type: 'text' },
  driverName: { expr: sql`p.driver_name`, type: 'text' },
  type: { expr: sql`p.is_temp`, type: 'boolean' },
  started: { expr: sql`p.started`, type: 'timestamptz' },
  ended: { expr: sql`p.ended`, type: 'timestamptz' },
};

/** The list's order: a column and direction, newest start first by default, ties by id. */
export function permitOrder(
  sort: PermitSortColumn | undefined,
  direction: 'asc' | 'desc' | undefined,
): KeysetOrder {
  return {
    key: sortKeys[sort ?? 'started'],
    id: { expr: sql`p.id`, type: 'integer' },
    desc: (direction ?? (sort ? 'asc' : 'desc')) === 'desc',
  };
}

/** Above this many targets one query with an IN list beats one ordered index scan per target. */
const MERGE_TARGETS_MAX = 100;

async function readPermitRows(db: Db, query: PermitQuery, clauses: KeysetClauses): Promise<KeyedPermitRow[]> {
  return selectPreparedRows<KeyedPermitRow>(db, permitStatements.page(query, clauses));
}

/**
 * The statements the permits list runs on every request (its hot path), built apart from running them
 * so that their SQL is committed beside this file (permits-repository.sql, decision 31).
 */
export const permitStatements = {
  /**
   * The rows of one page (or export batch). Each target's rows are read from the index in page order
   * and merged, so a site's page never sorts the site's (or the group's) whole history.
   */
  page(query: PermitQuery, clauses: KeysetClauses): SQL {
    const where = sql`${permitConditions(query)} and ${clauses.where}`;
    const reach = clauses.offset + clauses.limit;
    const perTarget =
      query.targets !== 'all' &&
      query.targets.length > 1 &&
      query.targets.length <= MERGE_TARGETS_MAX &&
      !query.vehicleRegistration &&
      !query.addedBy;
    const source = perTarget
      ? sql`(${sql.join(
          (query.targets as readonly string[]).map(
            (t) => sql`(select ${permitColumns} from permits p where p.target = ${t} and ${where}
                        order by ${clauses.orderBy} limit ${reach})`,
          ),
          sql` union all `,
        )})`
      : sql`(select ${permitColumns} from permits p where ${targetCondition(query.targets)} and ${where}
             order by ${clauses.orderBy} limit ${reach})`;
    return sql`select p.*, ${clauses.keyColumns} from ${source} p
        order by ${clauses.orderBy} limit ${clauses.limit} offset ${clauses.offset}`;
  },
  /** How many permits match a query. */
  count(query: PermitQuery): SQL {
    return sql`select count(*)::int as count from permits p
          where ${targetCondition(query.targets)} and ${permitConditions(query)}`;
  },
  /** The latest read of each listed permit's vehicle since it started ("Last seen"). */
  lastSeen(ids: readonly number[]): SQL {
    return sql`select p.id, (select max(s.entered_at) ${sightingsSince}) as at
        from permits p where p.id in (${list(ids.map(String))})`;
  },
};

/** One page of the permits matching a query, with how many match in all. */
export async function pagePermits(
  db: Db,
  query: PermitQuery,
  order: KeysetOrder,
  page: Pick<PageQuery, 'after' | 'before' | 'skip'>,
  countCache?: PermitCountCache,
): Promise<Page<Permit>> {
  const clauses = keysetClauses(order, page);
  const [rows, total] = await Promise.all([
    readPermitRows(db, query, clauses),
    countPermits(db, query, countCache),
  ]);
  const listed = toPage(rows, clauses, total, presentPermit);
  const lastSeen = await lastSeenOf(
    db,
    listed.rows.map((p) => p.permitId),
  );
  return {
    ...listed,
    rows: listed.rows.map((p) => presentListedPermit(p, lastSeen.get(p.permitId) ?? null)),
  };
}

/** Every permit matching a query in list order, a batch at a time (for the CSV export). */
export async function* permitBatches(
  db: Db,
  query: PermitQuery,
  order: KeysetOrder,
): AsyncGenerator<Permit[]> {
  for await (const rows of keysetBatches(order, (clauses) => readPermitRows(db, query, clauses))) {
    yield rows.map(presentPermit);
  }
}
