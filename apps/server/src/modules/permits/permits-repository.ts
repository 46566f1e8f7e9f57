import type { Permit, PermitKey, PermitState } from '@client-portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRows } from '../../db/rows.js';
import type { Principal } from '../access/principal.js';
import { permitStateCondition } from './permit-states.js';

export interface PermitQuery {
  state?: PermitState;
  /** The permit's own site or site-group number (exact match); already checked to be within reach. */
  siteNumber?: string;
  /** Normalised (no spaces, upper case); exact match. */
  vehicleRegistration?: string;
  now: Date;
  expiredDays: number;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Restricts permits (alias p) to the caller: a site permit at one of their sites, a group permit
 * of a group granted to them; everything with all-sites access.
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

/** The WHERE clause shared by the permit list and its count. */
export function permitWhere(principal: Principal, query: PermitQuery): SQL {
  const conditions: SQL[] = [
    permitScope(principal),
    permitStateCondition(query.state, query.now, query.expiredDays),
  ];
  if (query.siteNumber) {
    conditions.push(sql`coalesce(p.site_number, p.group_number) = ${query.siteNumber}`);
  }
  if (query.vehicleRegistration) conditions.push(sql`p.vehicle_registration = ${query.vehicleRegistration}`);
  return sql.join(conditions, sql` and `);
}

export async function countPermits(db: Db, principal: Principal, query: PermitQuery): Promise<number> {
  const [row] = await selectRows<{ count: number | string }>(
    db,
    sql`select count(*)::int as count from permits p where ${permitWhere(principal, query)}`,
  );
  return Number(row?.count ?? 0);
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

/** Both drivers may hand back a timestamptz as a Date or as text; the answer is always ISO. */
const isoOf = (value: Date | string) => new Date(value).toISOString();

const toPermit = (r: PermitRow): Permit => ({
  type: r.scope,
  permitId: r.id,
  site_SiteGroupNumber: r.target,
  vehicleRegistration: r.vehicle_registration,
  driverName: r.driver_name,
  isTemp: r.is_temp,
  started: isoOf(r.started),
  ended: isoOf(r.ended),
});

const permitColumns = sql`p.id, p.scope, coalesce(p.site_number, p.group_number) as target, p.vehicle_registration,
  p.driver_name, p.is_temp, p.started, p.ended`;

/** The permits matching a query, newest start first (same WHERE as the count, so they always agree). */
export async function listPermits(db: Db, principal: Principal, query: PermitQuery): Promise<Permit[]> {
  const rows = await selectRows<PermitRow>(
    db,
    sql`select ${permitColumns}
          from permits p
         where ${permitWhere(principal, query)}
         order by p.started desc, p.id desc`,
  );
  return rows.map(toPermit);
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
