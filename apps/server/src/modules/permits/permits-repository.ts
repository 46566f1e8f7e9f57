import type {
  Page,
  PageQuery,
  Permit,
  PermitKey,
  PermitSortColumn,
  PermitState,
} from '@client-portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  type KeysetClauses,
  type KeysetOrder,
  keysetBatches,
  keysetClauses,
  type SortKey,
  toPage,
} from '../../db/keyset.js';
import { selectRows } from '../../db/rows.js';
import type { Principal } from '../access/principal.js';
import { permitCountCacheOf } from './permit-count-cache.js';
import { permitStateCondition } from './permit-states.js';

export interface PermitQuery {
  state?: PermitState;
  /** Normalised (no spaces, upper case); exact match. */
  vehicleRegistration?: string;
  now: Date;
  expiredDays: number;
  /**
   * The sites and groups whose permits are listed (already checked to be within reach), or 'all'.
   * A site's list holds its own permits and those of every group it belongs to.
   */
  targets: readonly string[] | 'all';
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Restricts permits (alias p) to those a caller may change: a site permit at one of their sites, a
 * group permit of a group granted to them; everything with all-sites access. (The list shows more:
 * group permits of the groups a caller's sites belong to, see PermitQuery.targets.)
 */
export function permitScope(principal: Principal): SQL {
  if (principal.accessAllSites) return sql`true`;
  const groups = principal.access.filter((a) => a.startsWith('SG'));
  const sites = principal.siteNumbers;
  const parts: SQL[] = [];
  if (sites.length > 0) parts.push(sql`(p.scope = 'site' and p.site_number in (${list(sites)}))`);
  if (groups.length > 0) parts.push(sql`(p.scope = 'group' and p.group_number in (${list(groups)}))`);
  return parts.length > 0 ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/** The groups any of these sites belongs to. */
export async function groupsOfSites(db: Db, sites: readonly string[]): Promise<string[]> {
  if (sites.length === 0) return [];
  const rows = await selectRows<{ g: string }>(
    db,
    sql`select distinct group_number as g from site_group_members where site_number in (${list(sites)})
        order by 1`,
  );
  return rows.map((r) => r.g);
}

/** The conditions of a query except its targets. */
function permitConditions(query: PermitQuery): SQL {
  const conditions: SQL[] = [permitStateCondition(query.state, query.now, query.expiredDays)];
  if (query.vehicleRegistration) conditions.push(sql`p.vehicle_registration = ${query.vehicleRegistration}`);
  return sql.join(conditions, sql` and `);
}

function targetCondition(targets: readonly string[] | 'all'): SQL {
  if (targets === 'all') return sql`true`;
  return targets.length === 0 ? sql`false` : sql`p.target in (${list(targets)})`;
}

/** How many permits match a query; reused for a while (until any permit changes) when cached. */
export async function countPermits(db: Db, query: PermitQuery): Promise<number> {
  const load = async () => {
    const [row] = await selectRows<{ count: number | string }>(
      db,
      sql`select count(*)::int as count from permits p
          where ${targetCondition(query.targets)} and ${permitConditions(query)}`,
    );
    return Number(row?.count ?? 0);
  };
  const cache = permitCountCacheOf(db);
  if (!cache) return load();
  const key = JSON.stringify([
    query.targets,
    query.state ?? '',
    query.vehicleRegistration ?? '',
    query.expiredDays,
  ]);
  return cache.read(key, load);
}

interface PermitRow {
  id: number;
  scope: 'site' | 'group';
  target: string;
  vehicle_registration: string;
  driver_name: string;
  is_temp: boolean;
  started: Date | string;
  ended: Date | string;
}
type KeyedPermitRow = PermitRow & { page_key: string | null; page_id: string };

/** Both drivers may hand back a timestamptz as a Date or as text; the answer is always ISO. */
const isoOf = (value: Date | string) => new Date(value).toISOString();

export const toPermit = (r: PermitRow): Permit => ({
  type: r.scope,
  permitId: r.id,
  site_SiteGroupNumber: r.target,
  vehicleRegistration: r.vehicle_registration,
  driverName: r.driver_name,
  isTemp: r.is_temp,
  started: isoOf(r.started),
  ended: isoOf(r.ended),
});

const permitColumns = sql`p.id, p.scope, p.target, p.vehicle_registration, p.driver_name, p.is_temp, p.started, p.ended`;

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

/**
 * The rows of one page (or export batch). Each target's rows are read from the index in page order
 * and merged, so a site's page never sorts the site's (or the group's) whole history.
 */
async function readPermitRows(db: Db, query: PermitQuery, clauses: KeysetClauses): Promise<KeyedPermitRow[]> {
  const where = sql`${permitConditions(query)} and ${clauses.where}`;
  const reach = clauses.offset + clauses.limit;
  const perTarget =
    query.targets !== 'all' &&
    query.targets.length > 1 &&
    query.targets.length <= MERGE_TARGETS_MAX &&
    !query.vehicleRegistration;
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
  return selectRows<KeyedPermitRow>(
    db,
    sql`select p.*, ${clauses.keyColumns} from ${source} p
        order by ${clauses.orderBy} limit ${clauses.limit} offset ${clauses.offset}`,
  );
}

/** One page of the permits matching a query, with how many match in all. */
export async function pagePermits(
  db: Db,
  query: PermitQuery,
  order: KeysetOrder,
  page: Pick<PageQuery, 'after' | 'before' | 'skip'>,
): Promise<Page<Permit>> {
  const clauses = keysetClauses(order, page);
  const [rows, total] = await Promise.all([readPermitRows(db, query, clauses), countPermits(db, query)]);
  return toPage(rows, clauses, total, toPermit);
}

/** Every permit matching a query in list order, a batch at a time (for the CSV export). */
export async function* permitBatches(
  db: Db,
  query: PermitQuery,
  order: KeysetOrder,
): AsyncGenerator<Permit[]> {
  for await (const rows of keysetBatches(order, (clauses) => readPermitRows(db, query, clauses))) {
    yield rows.map(toPermit);
  }
}

/** One permit of this type within the caller's reach; `forUpdate` locks it until the transaction ends. */
export async function findPermit(
  db: Db,
  principal: Principal,
  key: PermitKey,
  options: { forUpdate?: boolean } = {},
): Promise<Permit | undefined> {
  const [row] = await selectRows<PermitRow>(
    db,
    sql`select ${permitColumns} from permits p
        where p.id = ${key.permitId} and p.scope = ${key.type} and ${permitScope(principal)}
        ${options.forUpdate ? sql`for update of p` : sql``}`,
  );
  return row && toPermit(row);
}

/** Ends a permit at `at` and answers it as stored. */
export async function endPermit(db: Db, permitId: number, at: Date): Promise<Permit> {
  const [row] = await selectRows<PermitRow>(
    db,
    sql`update permits p set ended = ${at.toISOString()}::timestamptz where p.id = ${permitId}
        returning ${permitColumns}`,
  );
  if (!row) throw new Error(`Permit ${permitId} vanished while locked`);
  return toPermit(row);
}
