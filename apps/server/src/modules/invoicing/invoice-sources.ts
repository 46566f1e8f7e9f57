import type { InvoiceRow } from '@client-portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { SortKey } from '../../db/keyset.js';
import { valueList } from '../../db/sql-lists.js';
import { type InvoiceKey, PERMIT_DAY_PENCE, TICKET_ACTION_FEE_PENCE } from './definitions.js';

/** What an invoice covers: member sites, site groups (for group permits) and [from, to) as UTC days. */
export interface InvoiceScope {
  siteNumbers: string[];
  groupNumbers: string[];
  from: string;
  /** Exclusive. */
  to: string;
}

/**
 * One invoice's SQL (decision 10): the rows of a scope as a subquery with stable column names (alias
 * `x` outside it), how each column sorts, how a row reads, and the totals the results show.
 */
export interface InvoiceSource {
  /**
   * The matching rows. `part` splits the scope into pieces whose rows are read in index order and
   * merged (one per site for transactions), so a group's first page never sorts its whole month.
   */
  rows(scope: InvoiceScope): SQL[];
  sortKeys: Record<string, SortKey>;
  id: SortKey;
  toRow(r: Record<string, unknown>): InvoiceRow;
  /** Select list over `x` giving `rows` and one number per totalled column. */
  totals: SQL;
  totalColumns: readonly string[];
}

/** Midnight UTC starting the day: demo data and the wizard both count days in UTC. */
const dayStart = (day: string): SQL => sql`(${day}::date::timestamp at time zone 'UTC')`;

const pounds = (pence: unknown): number => Math.round(Number(pence)) / 100;
const instant = (value: unknown): string => new Date(value as string).toISOString();
const day = (value: unknown): string => instant(value).slice(0, 10);
const key = (expr: SQL, type: SortKey['type']): SortKey => ({ expr, type });

const parkingTransactions: InvoiceSource = {
  rows: (s) =>
    s.siteNumbers.map(
      (site) => sql`select t.id, t.occurred_at, t.site_number, t.vehicle_registration, t.duration_minutes,
                           t.method, t.amount_pence
                    from transactions t
                    where t.site_number = ${site}
                      and t.occurred_at >= ${dayStart(s.from)} and t.occurred_at < ${dayStart(s.to)}`,
    ),
  sortKeys: {
    occurredAt: key(sql`x.occurred_at`, 'timestamptz'),
    site: key(sql`x.site_number`, 'text'),
    vehicleRegistration: key(sql`x.vehicle_registration`, 'text'),
    durationMinutes: key(sql`x.duration_minutes`, 'integer'),
    method: key(sql`x.method`, 'text'),
    amount: key(sql`x.amount_pence`, 'integer'),
  },
  id: key(sql`x.id`, 'bigint'),
  toRow: (r) => ({
    occurredAt: instant(r.occurred_at),
    site: String(r.site_number),
    vehicleRegistration: String(r.vehicle_registration),
    durationMinutes: Number(r.duration_minutes),
    method: String(r.method),
    amount: pounds(r.amount_pence),
  }),
  totals: sql`count(*) as rows, coalesce(sum(x.duration_minutes), 0) as "durationMinutes",
              coalesce(sum(x.amount_pence), 0) / 100.0 as amount`,
  totalColumns: ['durationMinutes', 'amount'],
};

/** Paid tickets issued in the range; a ticket reduced through the portal was paid at the reduced amount. */
const enforcementIncome: InvoiceSource = {
  rows: (s) => [
    sql`select t.ticket_number as id, t.issue_date, t.ticket_number, t.site_number, t.vehicle_registration,
          t.violation_date,
          case when exists (select 1 from ticket_actions a where a.ticket_number = t.ticket_number and a.action = 'Pay')
            then t.reduced_amount_pence else t.full_amount_pence end as amount_pence
        from tickets t
        where t.status = 'paid' and t.site_number in ${valueList(s.siteNumbers)}
          and t.issue_date >= ${dayStart(s.from)} and t.issue_date < ${dayStart(s.to)}`,
  ],
  sortKeys: {
    issueDate: key(sql`x.issue_date`, 'timestamptz'),
    ticketNumber: key(sql`x.ticket_number`, 'text'),
    site: key(sql`x.site_number`, 'text'),
    vehicleRegistration: key(sql`x.vehicle_registration`, 'text'),
    violationDate: key(sql`x.violation_date`, 'timestamptz'),
    amount: key(sql`x.amount_pence`, 'integer'),
  },
  id: key(sql`x.id`, 'text'),
  toRow: (r) => ({
    issueDate: day(r.issue_date),
    ticketNumber: String(r.ticket_number),
    site: String(r.site_number),
    vehicleRegistration: String(r.vehicle_registration),
    violationDate: instant(r.violation_date),
    amount: pounds(r.amount_pence),
  }),
  totals: sql`count(*) as rows, coalesce(sum(x.amount_pence), 0) / 100.0 as amount`,
  totalColumns: ['amount'],
};

/** Site permits at the sites and group permits of the groups, charged per started day within the range. */
const permitCharges: InvoiceSource = {
  rows: (s) => [
    sql`select p.id, p.started, p.ended, p.target as site, p.vehicle_registration,
          ceil(extract(epoch from least(p.ended, ${dayStart(s.to)}) - greatest(p.started, ${dayStart(s.from)})) / 86400)::int
            as days
        from permits p
        where p.target in ${valueList([...s.siteNumbers, ...s.groupNumbers])}
          and p.ended > ${dayStart(s.from)} and p.started < ${dayStart(s.to)}`,
  ],
  sortKeys: {
    started: key(sql`x.started`, 'timestamptz'),
    ended: key(sql`x.ended`, 'timestamptz'),
    site: key(sql`x.site`, 'text'),
    vehicleRegistration: key(sql`x.vehicle_registration`, 'text'),
    days: key(sql`x.days`, 'integer'),
    amount: key(sql`x.days`, 'integer'),
  },
  id: key(sql`x.id`, 'integer'),
  toRow: (r) => ({
    started: day(r.started),
    ended: day(r.ended),
    site: String(r.site),
    vehicleRegistration: String(r.vehicle_registration),
    days: Number(r.days),
    amount: pounds(Number(r.days) * PERMIT_DAY_PENCE),
  }),
  totals: sql`count(*) as rows, coalesce(sum(x.days), 0) as days,
              coalesce(sum(x.days), 0) * ${PERMIT_DAY_PENCE}::int / 100.0 as amount`,
  totalColumns: ['days', 'amount'],
};

const fee = (action: SQL) =>
  sql`case ${action} when 'Cancel' then ${TICKET_ACTION_FEE_PENCE.Cancel}::int when 'Pay' then ${TICKET_ACTION_FEE_PENCE.Pay}::int else 0 end`;

const ticketActionFees: InvoiceSource = {
  rows: (s) => [
    sql`select a.id, a.action_at, a.action, a.ticket_number, a.site_number, ${fee(sql`a.action`)} as fee_pence
        from ticket_actions a
        where a.site_number in ${valueList(s.siteNumbers)}
          and a.action_at >= ${dayStart(s.from)} and a.action_at < ${dayStart(s.to)}`,
  ],
  sortKeys: {
    actionAt: key(sql`x.action_at`, 'timestamptz'),
    action: key(sql`x.action`, 'text'),
    ticketNumber: key(sql`x.ticket_number`, 'text'),
    site: key(sql`x.site_number`, 'text'),
    amount: key(sql`x.fee_pence`, 'integer'),
  },
  id: key(sql`x.id`, 'integer'),
  toRow: (r) => ({
    actionAt: instant(r.action_at),
    action: r.action === 'Pay' ? 'Reduce' : String(r.action),
    ticketNumber: String(r.ticket_number),
    site: String(r.site_number),
    amount: pounds(r.fee_pence),
  }),
  totals: sql`count(*) as rows, coalesce(sum(x.fee_pence), 0) / 100.0 as amount`,
  totalColumns: ['amount'],
};

export const invoiceSources: Record<InvoiceKey, InvoiceSource> = {
  'parking-transactions': parkingTransactions,
  'enforcement-income': enforcementIncome,
  'permit-charges': permitCharges,
  'ticket-action-fees': ticketActionFees,
};
