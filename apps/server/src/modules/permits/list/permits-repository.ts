import type {
  Page,
  PageQuery,
  Permit,
  PermitSearch,
  PermitSortColumn,
  PermitState,
} from '@client-portal/contract';
import { type SqlBool, sql } from 'kysely';
import { type SortKeyType, toPage } from '../../../db/keyset.js';
import {
  type ColumnKeysetClauses,
  type ColumnKeysetOrder,
  columnKeysetBatches,
  columnKeysetClauses,
  keysetParts,
} from '../../../db/keyset-queries.js';
import { type Queries, selectPrepared } from '../../../db/kysely.js';
import type { Condition } from '../../access/index.js';
import { permitColumnRefs, presentListedPermit, presentPermit } from '../permit-presenter.js';
import type { PermitCountCache } from './permit-count-cache.js';
import { permitStateCondition } from './permit-states.js';

export interface PermitQuery {
  state?: PermitState;
  /** Normalised (no spaces, upper case); exact match. */
  vehicleRegistration?: string;
  /** The search box: part of a registration or driver's name, or a reference (permitSearchOf). */
  search?: PermitSearch;
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

const always = sql<SqlBool>`true`;

/** The conditions of a query except its targets, on permits aliased `p`. */
function permitConditions(query: PermitQuery): Condition {
  const conditions: Condition[] = [permitStateCondition(query.state, query.now, query.expiredDays)];
  if (query.vehicleRegistration)
    conditions.push(sql<SqlBool>`p.vehicle_registration = ${query.vehicleRegistration}`);
  if (query.search) conditions.push(searchCondition(query.search));
  if (query.addedBy) conditions.push(sql<SqlBool>`p.created_by = ${query.addedBy}::uuid`);
  if (query.notSeen) {
    conditions.push(
      sql<SqlBool>`p.started <= ${query.now.toISOString()}::timestamptz and not exists (select 1 ${sightingsSince})`,
    );
  }
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

/** A LIKE pattern that finds `text` anywhere: its own %, _ and \\ match only themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Part of the registration (registrations are stored normalised) or of the driver's name, served by
 * the trigram indexes of migration 0018, or the permit a reference names (its primary key).
 */
function searchCondition(search: PermitSearch): Condition {
  const parts = [
    sql<SqlBool>`p.vehicle_registration like ${containing(search.plate)}`,
    sql<SqlBool>`p.driver_name ilike ${containing(search.name)}`,
  ];
  if (search.reference) {
    parts.push(sql<SqlBool>`(p.id = ${search.reference.permitId} and p.target = ${search.reference.target})`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
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

/** The listed targets: one array parameter (`= any`), whatever their number. */
function targetCondition(targets: readonly string[] | 'all'): Condition {
  if (targets === 'all') return always;
  return sql<SqlBool>`p.target = any(${[...targets]})`;
}

/** The latest read of each listed permit's vehicle since it started ("Last seen"), by permit id. */
async function lastSeenOf(
  queries: Queries,
  ids: readonly number[],
): Promise<Map<number, { at: string | null; visitorLink: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await selectPrepared(queries, permitStatements.lastSeen(queries, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      { at: r.at ? new Date(r.at).toISOString() : null, visitorLink: r.visitor_link ?? null },
    ]),
  );
}

/** How many permits match a query; reused for a while (until any permit changes) when given the cache. */
export async function countPermits(
  queries: Queries,
  query: PermitQuery,
  cache?: PermitCountCache,
): Promise<number> {
  const load = async () => {
    const [row] = await selectPrepared(queries, permitStatements.count(queries, query));
    return Number(row?.count ?? 0);
  };
  // Camera reads arrive without touching permits, so a not-seen count is never reused.
  if (!cache || query.notSeen) return load();
  const key = JSON.stringify([
    query.targets,
    query.state ?? '',
    query.vehicleRegistration ?? '',
    query.search?.name ?? '',
    query.expiredDays,
    query.addedBy ?? '',
  ]);
  return cache.read(key, load);
}

/** The list's sort columns (of permits aliased `p`) and the type a cursor's text is cast to. */
const sortKeys = {
  site: { column: 'target', type: 'text' },
  vehicleRegistration: { column: 'vehicle_registration', type: 'text' },
  driverName: { column: 'driver_name', type: 'text' },
  type: { column: 'is_temp', type: 'boolean' },
  started: { column: 'started', type: 'timestamptz' },
  ended: { column: 'ended', type: 'timestamptz' },
} as const satisfies Record<PermitSortColumn, { column: PermitColumn; type: SortKeyType }>;

/** A column the list reads (the sort keys are checked against them). */
type PermitColumn = (typeof permitColumnRefs)[number] extends `p.${infer C}` ? C : never;

/** The list's order: a column and direction, newest start first by default, ties by id. */
export function permitOrder(
  sort: PermitSortColumn | undefined,
  direction: 'asc' | 'desc' | undefined,
): ColumnKeysetOrder {
  return {
    key: sortKeys[sort ?? 'started'],
    id: { column: 'id', type: 'integer' },
    desc: (direction ?? (sort ? 'asc' : 'desc')) === 'desc',
  };
}

/** Above this many targets one query with an array of targets beats one ordered index scan per target. */
const MERGE_TARGETS_MAX = 100;

/** A page's rows as the page statement reads them: a permit with its cursor columns. */
type PermitPageRow = Awaited<ReturnType<ReturnType<typeof permitStatements.page>['execute']>>[number];

function readPermitRows(
  queries: Queries,
  query: PermitQuery,
  order: ColumnKeysetOrder,
  clauses: ColumnKeysetClauses,
): Promise<PermitPageRow[]> {
  return selectPrepared(queries, permitStatements.page(queries, query, order, clauses));
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
  page(queries: Queries, query: PermitQuery, order: ColumnKeysetOrder, clauses: ColumnKeysetClauses) {
    const keyset = keysetParts('p', order, clauses);
    const reach = clauses.offset + clauses.limit;
    const within = (target: Condition) =>
      queries
        .selectFrom('permits as p')
        .select(permitColumnRefs)
        .where(target)
        .where(permitConditions(query))
        .where(keyset.where)
        .$call(keyset.ordered)
        .limit(reach);
    const targets = query.targets;
    const perTarget =
      targets !== 'all' &&
      targets.length > 1 &&
      targets.length <= MERGE_TARGETS_MAX &&
      !query.vehicleRegistration &&
      !query.search &&
      !query.addedBy;
    type Listed = Awaited<ReturnType<ReturnType<typeof within>['execute']>>[number];
    // A subquery in raw SQL is put in parentheses, so each target's read keeps its own ORDER BY and
    // LIMIT within the `union all`.
    const source = perTarget
      ? sql<Listed>`(${sql.join(
          (targets as readonly string[]).map((t) => within(sql<SqlBool>`p.target = ${t}`)),
          sql` union all `,
        )})`
      : sql<Listed>`${within(targetCondition(targets))}`;
    return queries.selectFrom(source.as('p')).selectAll('p').select(keyset.keyColumns).$call(keyset.paged);
  },
  /** How many permits match a query. */
  count: (queries: Queries, query: PermitQuery) =>
    queries
      .selectFrom('permits as p')
      .select(sql<number>`count(*)::int`.as('count'))
      .where(targetCondition(query.targets))
      .where(permitConditions(query)),
  /**
   * The latest read of each listed permit's vehicle since it started ("Last seen"), and the name of
   * the visitor link a visitor registered it through (decision 47).
   */
  lastSeen: (queries: Queries, ids: readonly number[]) =>
    queries
      .selectFrom('permits as p')
      .leftJoin('visitor_links as l', 'l.id', 'p.visitor_link_id')
      .select([
        'p.id',
        sql<Date | string | null>`(select max(s.entered_at) ${sightingsSince})`.as('at'),
        'l.name as visitor_link',
      ])
      .where('p.id', '=', sql<number>`any(${[...ids]})`),
};

/** One page of the permits matching a query, with how many match in all. */
export async function pagePermits(
  queries: Queries,
  query: PermitQuery,
  order: ColumnKeysetOrder,
  page: Pick<PageQuery, 'after' | 'before' | 'skip'>,
  countCache?: PermitCountCache,
): Promise<Page<Permit>> {
  const clauses = columnKeysetClauses(order, page);
  const [rows, total] = await Promise.all([
    readPermitRows(queries, query, order, clauses),
    countPermits(queries, query, countCache),
  ]);
  const listed = toPage(rows, clauses, total, presentPermit);
  const lastSeen = await lastSeenOf(
    queries,
    listed.rows.map((p) => p.permitId),
  );
  return {
    ...listed,
    rows: listed.rows.map((p) => presentListedPermit(p, lastSeen.get(p.permitId))),
  };
}

/** Rows an export reads at a time. */
const EXPORT_BATCH = 5_000;

/** Every permit matching a query in list order, a batch at a time, each as the list shows it (for the export). */
export async function* permitBatches(
  queries: Queries,
  query: PermitQuery,
  order: ColumnKeysetOrder,
): AsyncGenerator<Permit[]> {
  const batches = columnKeysetBatches(
    order,
    (clauses) => readPermitRows(queries, query, order, clauses),
    EXPORT_BATCH,
  );
  for await (const rows of batches) {
    const permits = rows.map(presentPermit);
    const lastSeen = await lastSeenOf(
      queries,
      permits.map((p) => p.permitId),
    );
    yield permits.map((p) => presentListedPermit(p, lastSeen.get(p.permitId)));
  }
}
