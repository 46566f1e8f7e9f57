import { addIsoDays, type InvoiceRow, permitReasons } from '@client-portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRows } from '../../db/rows.js';
import { valueList } from '../../db/sql-lists.js';
import { legacyPolicySql, type PermitView } from '../access/index.js';
import type { ReportKey } from './definitions.js';

/** What a report covers: the sites, the permit targets (sites and groups) and inclusive UK days. */
export interface ReportScope {
  siteNumbers: string[];
  permitTargets: string[];
  /** The permits the caller's permits list shows, within the report's targets (policy.permitView). */
  permits: PermitView | null;
  from: string;
  to: string;
  /** The caller reaches every site (then all-sites users are in the user access report too). */
  allSites: boolean;
  /** The access entries of other accounts the caller may see (policy.accessEntryVisibleWhere). */
  accessVisible: SQL;
}

const BATCH = 2_000;
/** Midnight UK time starting the day. */
const ukStart = (day: string): SQL => sql`(${day}::date::timestamp at time zone 'Europe/London')`;
const ukDay = (column: SQL): SQL => sql`to_char(${column} at time zone 'Europe/London', 'YYYY-MM-DD')`;
const iso = (value: unknown): string => new Date(value as string).toISOString();

/** Reads rows a batch at a time in the order of a unique key, so the server holds one batch. */
async function* keyset(
  db: Db,
  query: (after: string | number | null) => SQL,
  keyOf: (row: Record<string, unknown>) => string | number,
  toRow: (row: Record<string, unknown>) => InvoiceRow,
): AsyncGenerator<InvoiceRow[]> {
  let after: string | number | null = null;
  for (;;) {
    const rows = await selectRows<Record<string, unknown>>(db, sql`${query(after)} limit ${BATCH}`);
    if (rows.length > 0) yield rows.map(toRow);
    if (rows.length < BATCH) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

const sources: Record<ReportKey, (db: Db, s: ReportScope) => AsyncGenerator<InvoiceRow[]>> = {
  'permit-register': (db, s) =>
    keyset(
      db,
      (after) => sql`select p.id, p.target, p.vehicle_registration, p.driver_name, p.is_temp,
            ${ukDay(sql`p.started`)} as first_day, ${ukDay(sql`p.ended`)} as end_day, p.reason, p.authorised_by,
            u.email as added_by, p.created_at
          from permits p left join users u on u.id = p.created_by
          where ${legacyPolicySql.permitViewWhere(s.permits)}
            and p.started < ${ukStart(addIsoDays(s.to, 1))} and p.ended > ${ukStart(s.from)}
            ${after === null ? sql`` : sql`and p.id > ${after}`}
          order by p.id`,
      (r) => Number(r.id),
      (r) => ({
        site: String(r.target),
        vehicleRegistration: String(r.vehicle_registration),
        driverName: String(r.driver_name),
        kind: r.is_temp ? 'Temporary' : 'Permanent',
        firstDay: String(r.first_day),
        lastDay: addIsoDays(String(r.end_day), -1),
        reason:
          r.reason === null ? '' : (permitReasons[Number(r.reason) as keyof typeof permitReasons] ?? ''),
        authorisedBy: (r.authorised_by as string | null) ?? '',
        addedBy: (r.added_by as string | null) ?? '',
        addedAt: iso(r.created_at),
      }),
    ),
  'ticket-actions': (db, s) =>
    keyset(
      db,
      (
        after,
      ) => sql`select a.id, a.action_at, a.action, a.ticket_number, a.site_number, t.vehicle_registration,
            u.email, t.full_amount_pence, t.reduced_amount_pence
          from ticket_actions a join tickets t on t.ticket_number = a.ticket_number
          left join users u on u.id = a.user_id
          where a.site_number in ${valueList(s.siteNumbers)}
            and a.action_at >= ${ukStart(s.from)} and a.action_at < ${ukStart(addIsoDays(s.to, 1))}
            ${after === null ? sql`` : sql`and a.id > ${after}`}
          order by a.id`,
      (r) => Number(r.id),
      (r) => ({
        actionAt: iso(r.action_at),
        action: r.action === 'Pay' ? 'Reduce' : 'Cancel',
        ticketNumber: String(r.ticket_number),
        site: String(r.site_number),
        vehicleRegistration: String(r.vehicle_registration),
        by: (r.email as string | null) ?? '',
        fullAmount: Number(r.full_amount_pence) / 100,
        amountDue: r.action === 'Pay' ? Number(r.reduced_amount_pence) / 100 : 0,
      }),
    ),
  'allowance-use': (db, s) =>
    keyset(
      db,
      (after) => sql`select * from (
            select to_char(d.day, 'YYYY-MM') || '|' || s.site_number as k, to_char(d.day, 'YYYY-MM') as month,
                   s.site_number, s.name, sum(d.cancellations) as cancellations, sum(d.reductions) as reductions,
                   s.cancellation_allowance, s.reduction_allowance
            from stats_site_days d join sites s on s.site_number = d.site_number
            where d.site_number in ${valueList(s.siteNumbers)} and d.day between ${s.from} and ${s.to}
            group by 2, 3, 4, 7, 8
          ) x where (x.cancellations > 0 or x.reductions > 0) ${after === null ? sql`` : sql`and x.k > ${after}`}
          order by x.k`,
      (r) => String(r.k),
      (r) => ({
        month: String(r.month),
        site: String(r.site_number),
        name: String(r.name),
        cancellations: Number(r.cancellations),
        cancellationAllowance:
          r.cancellation_allowance === null ? 'No limit' : Number(r.cancellation_allowance),
        reductions: Number(r.reductions),
        reductionAllowance: r.reduction_allowance === null ? 'No limit' : Number(r.reduction_allowance),
      }),
    ),
  'user-access': (db, s) =>
    keyset(
      db,
      (after) => sql`select u.id::text as id, u.email, u.email_confirmed, u.access_all_sites,
            (select string_agg(coalesce(a.site_number, a.group_number), ' ' order by 1) from user_access a
              where a.user_id = u.id and ${s.accessVisible}) as access,
            (select string_agg(r.name, ', ' order by r.name) from user_roles ur join roles r on r.id = ur.role_id
              where ur.user_id = u.id) as roles
          from users u
          where u.removed_at is null
            and (${s.allSites ? sql`u.access_all_sites or ` : sql``}exists (
              select 1 from user_access a left join site_group_members m on m.group_number = a.group_number
              where a.user_id = u.id and coalesce(a.site_number, m.site_number) in ${valueList(s.siteNumbers)}))
            ${after === null ? sql`` : sql`and u.id::text > ${after}`}
          order by u.id::text`,
      (r) => String(r.id),
      (r) => ({
        email: String(r.email),
        confirmed: r.email_confirmed ? 'Yes' : 'No',
        allSites: r.access_all_sites ? 'Yes' : 'No',
        access: (r.access as string | null) ?? '',
        roles: (r.roles as string | null) ?? '',
      }),
    ),
};

export function reportBatches(db: Db, key: ReportKey, scope: ReportScope): AsyncGenerator<InvoiceRow[]> {
  return sources[key](db, scope);
}
