import {
  addIsoDays,
  type InvoiceRow,
  permitReasons,
  ticketActionReasonLine,
  ticketActionReasonSchema,
} from '@client-portal/contract';
import { type Compilable, type Expression, sql } from 'kysely';
import type { Queries } from '../../db/kysely.js';
import { type PermitView, policy } from '../access/index.js';
import { enforcedReductionAllowance } from '../sites/index.js';
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
  /** The access entries (alias a) of other accounts the caller may see (policy.accessEntryVisibleWhere). */
  accessVisible: policy.Condition;
}

const BATCH = 2_000;
/** Midnight UK time starting the day. */
const ukStart = (day: string) => sql<Date>`(${day}::date::timestamp at time zone 'Europe/London')`;
const ukDay = (column: Expression<Date | string>) =>
  sql<string>`to_char(${column} at time zone 'Europe/London', 'YYYY-MM-DD')`;
const iso = (value: Date | string): string => new Date(value).toISOString();
/** A permit's reason code as its text. */
const reasonText = new Map<number, string>(
  Object.entries(permitReasons).map(([code, text]) => [Number(code), text]),
);

/** One batch of a report's rows, in the order of a unique key, after the key `after` (from the start: null). */
type Batch<R> = Compilable<R> & { execute(): Promise<R[]> };

/** A report's statement, how to read its key, and how a row reads (the row type inferred from the statement). */
interface ReportSource<R, K extends string | number> {
  rows(db: Queries, s: ReportScope, after: K | null): Batch<R>;
  keyOf(row: R): K;
  toRow(row: R): InvoiceRow;
}

const reportSource = <R, K extends string | number>(source: ReportSource<R, K>) => source;

const permitRegister = reportSource({
  rows: (db, s, after: number | null) => {
    const rows = db
      .selectFrom('permits as p')
      .leftJoin('users as u', 'u.id', 'p.created_by')
      .leftJoin('visitor_links as vl', 'vl.id', 'p.visitor_link_id')
      .select((eb) => [
        'p.id',
        'p.target',
        'p.vehicle_registration',
        'p.driver_name',
        'p.is_temp',
        'vl.name as visitor_link',
        ukDay(eb.ref('p.started')).as('first_day'),
        ukDay(eb.ref('p.ended')).as('end_day'),
        'p.reason',
        'p.authorised_by',
        'u.email as added_by',
        'p.created_at',
      ])
      .where(policy.permitViewWhere(s.permits))
      .where('p.started', '<', ukStart(addIsoDays(s.to, 1)))
      .where('p.ended', '>', ukStart(s.from));
    return (after === null ? rows : rows.where('p.id', '>', after)).orderBy('p.id').limit(BATCH);
  },
  keyOf: (r) => r.id,
  toRow: (r) => ({
    // The generated target is a site or a group number, never null (decision 13).
    site: r.target ?? '',
    vehicleRegistration: r.vehicle_registration,
    driverName: r.driver_name,
    kind: r.visitor_link !== null ? 'Visitor' : r.is_temp ? 'Temporary' : 'Permanent',
    visitorLink: r.visitor_link ?? '',
    firstDay: r.first_day,
    lastDay: addIsoDays(r.end_day, -1),
    reason: r.reason === null ? '' : (reasonText.get(r.reason) ?? ''),
    authorisedBy: r.authorised_by ?? '',
    addedBy: r.added_by ?? '',
    addedAt: iso(r.created_at),
  }),
});

const ticketActions = reportSource({
  rows: (db, s, after: number | null) => {
    const rows = db
      .selectFrom('ticket_actions as a')
      .innerJoin('tickets as t', 't.ticket_number', 'a.ticket_number')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .select([
        'a.id',
        'a.action_at',
        'a.action',
        'a.ticket_number',
        'a.site_number',
        't.vehicle_registration',
        'u.email',
        't.full_amount_pence',
        't.reduced_amount_pence',
        'a.reason',
        'a.reason_note',
      ])
      .where((eb) => eb('a.site_number', '=', eb.fn.any(eb.val(s.siteNumbers))))
      .where('a.action_at', '>=', ukStart(s.from))
      .where('a.action_at', '<', ukStart(addIsoDays(s.to, 1)));
    return (after === null ? rows : rows.where('a.id', '>', after)).orderBy('a.id').limit(BATCH);
  },
  keyOf: (r) => r.id,
  toRow: (r) => ({
    actionAt: iso(r.action_at),
    action: r.action === 'Pay' ? 'Reduce' : 'Cancel',
    ticketNumber: r.ticket_number,
    site: r.site_number,
    vehicleRegistration: r.vehicle_registration,
    by: r.email ?? '',
    fullAmount: r.full_amount_pence / 100,
    amountDue: r.action === 'Pay' ? r.reduced_amount_pence / 100 : 0,
    reason: reasonLine(r.reason, r.reason_note),
  }),
});

/** A ticket action's reason and note as one line; empty for an action taken without one. */
const reasonLine = (reason: string | null, note: string | null): string => {
  const known = ticketActionReasonSchema.safeParse(reason);
  return known.success ? ticketActionReasonLine(known.data, note) : '';
};

const month = (day: Expression<Date | string>) => sql<string>`to_char(${day}, 'YYYY-MM')`;

const allowanceUse = reportSource({
  rows: (db, s, after: string | null) => {
    const rows = db
      .selectFrom((eb) =>
        eb
          .selectFrom('stats_site_days as d')
          .innerJoin('sites as s', 's.site_number', 'd.site_number')
          .select((eb) => [
            sql<string>`${month(eb.ref('d.day'))} || '|' || ${eb.ref('s.site_number')}`.as('k'),
            month(eb.ref('d.day')).as('month'),
            's.site_number',
            's.name',
            eb.fn.sum('d.cancellations').as('cancellations'),
            eb.fn.sum('d.reductions').as('reductions'),
            's.cancellation_allowance',
            enforcedReductionAllowance('s').as('reduction_allowance'),
          ])
          .where((eb) => eb('d.site_number', '=', eb.fn.any(eb.val(s.siteNumbers))))
          .where((eb) => eb.between('d.day', s.from, s.to))
          .groupBy([
            sql.lit(2),
            sql.lit(3),
            sql.lit(4),
            sql.lit(7),
            's.reduction_allowance',
            's.allows_reductions',
          ])
          .as('x'),
      )
      .selectAll('x')
      .where((eb) => eb.or([eb('x.cancellations', '>', eb.lit(0)), eb('x.reductions', '>', eb.lit(0))]));
    return (after === null ? rows : rows.where('x.k', '>', after)).orderBy('x.k').limit(BATCH);
  },
  keyOf: (r) => r.k,
  toRow: (r) => ({
    month: r.month,
    site: r.site_number,
    name: r.name,
    cancellations: Number(r.cancellations),
    cancellationAllowance: r.cancellation_allowance ?? 'No limit',
    reductions: Number(r.reductions),
    reductionAllowance: r.reduction_allowance ?? 'No limit',
  }),
});

const userAccess = reportSource({
  rows: (db, s, after: string | null) => {
    const id = sql<string>`${sql.ref('u.id')}::text`;
    const rows = db
      .selectFrom('users as u')
      .select((eb) => [
        id.as('id'),
        'u.email',
        'u.email_confirmed',
        'u.access_all_sites',
        eb
          .selectFrom('user_access as a')
          .select((eb) =>
            sql<
              string | null
            >`string_agg(coalesce(${eb.ref('a.site_number')}, ${eb.ref('a.group_number')}), ' ' order by 1)`.as(
              'access',
            ),
          )
          .whereRef('a.user_id', '=', 'u.id')
          .where(s.accessVisible)
          .as('access'),
        eb
          .selectFrom('user_roles as ur')
          .innerJoin('roles as r', 'r.id', 'ur.role_id')
          .select((eb) =>
            sql<string | null>`string_agg(${eb.ref('r.name')}, ', ' order by ${eb.ref('r.name')})`.as(
              'roles',
            ),
          )
          .whereRef('ur.user_id', '=', 'u.id')
          .as('roles'),
      ])
      .where('u.removed_at', 'is', null)
      .where((eb) => {
        const reaches = eb.exists(
          eb
            .selectFrom('user_access as a')
            .leftJoin('site_group_members as m', 'm.group_number', 'a.group_number')
            .select(sql.lit(1).as('one'))
            .whereRef('a.user_id', '=', 'u.id')
            .where((eb) =>
              eb(eb.fn.coalesce('a.site_number', 'm.site_number'), '=', eb.fn.any(eb.val(s.siteNumbers))),
            ),
        );
        return s.allSites ? eb.or([eb.ref('u.access_all_sites'), reaches]) : reaches;
      });
    return (after === null ? rows : rows.where(id, '>', after)).orderBy(id).limit(BATCH);
  },
  keyOf: (r) => r.id,
  toRow: (r) => ({
    email: r.email,
    confirmed: r.email_confirmed ? 'Yes' : 'No',
    allSites: r.access_all_sites ? 'Yes' : 'No',
    access: r.access ?? '',
    roles: r.roles ?? '',
  }),
});

/** Reads rows a batch at a time in the order of a unique key, so the server holds one batch. */
async function* keyset<R, K extends string | number>(
  db: Queries,
  source: ReportSource<R, K>,
  scope: ReportScope,
): AsyncGenerator<InvoiceRow[]> {
  let after: K | null = null;
  for (;;) {
    const rows = await source.rows(db, scope, after).execute();
    if (rows.length > 0) yield rows.map((row) => source.toRow(row));
    if (rows.length < BATCH) return;
    after = source.keyOf(rows[rows.length - 1]!);
  }
}

/** The statements of the reports, built but not run: what report-sources.sql shows. */
export const reportQueries = {
  'permit-register': (db: Queries, s: ReportScope, after: number | null) => permitRegister.rows(db, s, after),
  'ticket-actions': (db: Queries, s: ReportScope, after: number | null) => ticketActions.rows(db, s, after),
  'allowance-use': (db: Queries, s: ReportScope, after: string | null) => allowanceUse.rows(db, s, after),
  'user-access': (db: Queries, s: ReportScope, after: string | null) => userAccess.rows(db, s, after),
} satisfies Record<ReportKey, unknown>;

const sources: Record<ReportKey, (db: Queries, s: ReportScope) => AsyncGenerator<InvoiceRow[]>> = {
  'permit-register': (db, s) => keyset(db, permitRegister, s),
  'ticket-actions': (db, s) => keyset(db, ticketActions, s),
  'allowance-use': (db, s) => keyset(db, allowanceUse, s),
  'user-access': (db, s) => keyset(db, userAccess, s),
};

export function reportBatches(db: Queries, key: ReportKey, scope: ReportScope): AsyncGenerator<InvoiceRow[]> {
  return sources[key](db, scope);
}
