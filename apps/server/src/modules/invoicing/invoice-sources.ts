import type { InvoiceRow } from '@client-portal/contract';
import { type AliasableExpression, type Expression, type RawBuilder, sql } from 'kysely';
import type { ColumnSortKey } from '../../db/keyset-queries.js';
import type { Queries } from '../../db/kysely.js';
import { type InvoiceKey, PERMIT_DAY_PENCE, TICKET_ACTION_FEE_PENCE } from './definitions.js';

/** What an invoice covers: member sites, site groups (for group permits) and [from, to) as UTC days. */
export interface InvoiceScope {
  siteNumbers: string[];
  groupNumbers: string[];
  from: string;
  /** Exclusive. */
  to: string;
}

/** A total as either driver returns a sum (number on PGlite, text on pg). */
type Total = number | string | bigint;

/**
 * One invoice's SQL (decision 10): the rows of a scope as a subquery whose row type Kysely infers
 * (alias `x` outside it), which of its columns each invoice column sorts by, how a row reads, and the
 * totals the results show. `invoiceSource` checks all of them against that row type.
 */
export interface InvoiceSourceSpec<R extends object, C extends keyof R & string> {
  /**
   * The matching rows. Several parts split the scope into pieces whose rows are read in index order
   * and merged (one per site for transactions), so a group's first page never sorts its whole month.
   */
  rows(db: Queries, scope: InvoiceScope): AliasableExpression<R>[];
  sortKeys: Record<string, ColumnSortKey<C>>;
  id: ColumnSortKey<C>;
  toRow(r: R): InvoiceRow;
  /** Each totalled column's sum over the rows as `x` (`x(column)` names one of their columns). */
  totals(x: (column: C) => Expression<unknown>): Record<string, RawBuilder<Total>>;
}

/** A source with its row type checked and then set aside, so the repository takes any of the four. */
export interface InvoiceSource {
  rows(db: Queries, scope: InvoiceScope): AliasableExpression<object>[];
  sortKeys: Record<string, ColumnSortKey>;
  id: ColumnSortKey;
  toRow(r: object): InvoiceRow;
  totals(x: (column: string) => Expression<unknown>): Record<string, RawBuilder<Total>>;
}

/** `invoiceSource(rows)({ …the rest })`: the row type is inferred from the query first, then holds the rest to it. */
const invoiceSource =
  <R extends object>(rows: InvoiceSourceSpec<R, never>['rows']) =>
  <C extends keyof R & string>(rest: Omit<InvoiceSourceSpec<R, C>, 'rows'>): InvoiceSource => ({
    rows,
    ...rest,
  });

/** Midnight UTC starting the day: demo data and the wizard both count days in UTC. */
const dayStart = (day: string) => sql<Date>`(${day}::date::timestamp at time zone 'UTC')`;

const pounds = (pence: number | string | null): number => Math.round(Number(pence)) / 100;
const instant = (value: Date | string): string => new Date(value).toISOString();
const day = (value: Date | string): string => instant(value).slice(0, 10);
const sum = (column: Expression<unknown>) => sql<Total>`coalesce(sum(${column}), 0)`;

const parkingTransactions = invoiceSource((db, s) =>
  s.siteNumbers.map((site) =>
    db
      .selectFrom('transactions as t')
      .select([
        't.id',
        't.occurred_at',
        't.site_number',
        't.vehicle_registration',
        't.duration_minutes',
        't.method',
        't.amount_pence',
      ])
      .where('t.site_number', '=', site)
      .where('t.occurred_at', '>=', dayStart(s.from))
      .where('t.occurred_at', '<', dayStart(s.to)),
  ),
)({
  sortKeys: {
    occurredAt: { column: 'occurred_at', type: 'timestamptz' },
    site: { column: 'site_number', type: 'text' },
    vehicleRegistration: { column: 'vehicle_registration', type: 'text' },
    durationMinutes: { column: 'duration_minutes', type: 'integer' },
    method: { column: 'method', type: 'text' },
    amount: { column: 'amount_pence', type: 'integer' },
  },
  id: { column: 'id', type: 'bigint' },
  toRow: (r) => ({
    occurredAt: instant(r.occurred_at),
    site: r.site_number,
    vehicleRegistration: r.vehicle_registration,
    durationMinutes: r.duration_minutes,
    method: r.method,
    amount: pounds(r.amount_pence),
  }),
  totals: (x) => ({
    durationMinutes: sum(x('duration_minutes')),
    amount: sql<Total>`${sum(x('amount_pence'))} / 100.0`,
  }),
});

/** Paid tickets issued in the range; a ticket reduced through the portal was paid at the reduced amount. */
const enforcementIncome = invoiceSource((db, s) => [
  db
    .selectFrom('tickets as t')
    .select((eb) => [
      't.ticket_number as id',
      't.issue_date',
      't.ticket_number',
      't.site_number',
      't.vehicle_registration',
      't.violation_date',
      eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('ticket_actions as a')
              .select(sql.lit(1).as('one'))
              .whereRef('a.ticket_number', '=', 't.ticket_number')
              .where('a.action', '=', sql.lit('Pay')),
          ),
        )
        .then(eb.ref('t.reduced_amount_pence'))
        .else(eb.ref('t.full_amount_pence'))
        .end()
        .as('amount_pence'),
    ])
    .where('t.status', '=', sql.lit('paid'))
    .where((eb) => eb('t.site_number', '=', eb.fn.any(eb.val(s.siteNumbers))))
    .where('t.issue_date', '>=', dayStart(s.from))
    .where('t.issue_date', '<', dayStart(s.to)),
])({
  sortKeys: {
    issueDate: { column: 'issue_date', type: 'timestamptz' },
    ticketNumber: { column: 'ticket_number', type: 'text' },
    site: { column: 'site_number', type: 'text' },
    vehicleRegistration: { column: 'vehicle_registration', type: 'text' },
    violationDate: { column: 'violation_date', type: 'timestamptz' },
    amount: { column: 'amount_pence', type: 'integer' },
  },
  id: { column: 'id', type: 'text' },
  toRow: (r) => ({
    issueDate: day(r.issue_date),
    ticketNumber: r.ticket_number,
    site: r.site_number,
    vehicleRegistration: r.vehicle_registration,
    violationDate: instant(r.violation_date),
    amount: pounds(r.amount_pence),
  }),
  totals: (x) => ({ amount: sql<Total>`${sum(x('amount_pence'))} / 100.0` }),
});

/** Site permits at the sites and group permits of the groups, charged per started day within the range. */
const permitCharges = invoiceSource((db, s) => [
  db
    .selectFrom('permits as p')
    .select((eb) => [
      'p.id',
      'p.started',
      'p.ended',
      'p.target as site',
      'p.vehicle_registration',
      sql<number>`ceil(extract(epoch from least(${eb.ref('p.ended')}, ${dayStart(s.to)})
          - greatest(${eb.ref('p.started')}, ${dayStart(s.from)})) / 86400)::int`.as('days'),
    ])
    .where((eb) => eb('p.target', '=', eb.fn.any(eb.val([...s.siteNumbers, ...s.groupNumbers]))))
    .where('p.ended', '>', dayStart(s.from))
    .where('p.started', '<', dayStart(s.to)),
])({
  sortKeys: {
    started: { column: 'started', type: 'timestamptz' },
    ended: { column: 'ended', type: 'timestamptz' },
    site: { column: 'site', type: 'text' },
    vehicleRegistration: { column: 'vehicle_registration', type: 'text' },
    days: { column: 'days', type: 'integer' },
    amount: { column: 'days', type: 'integer' },
  },
  id: { column: 'id', type: 'integer' },
  toRow: (r) => ({
    started: day(r.started),
    ended: day(r.ended),
    // The generated target is a site or a group number, never null (decision 13).
    site: r.site ?? '',
    vehicleRegistration: r.vehicle_registration,
    days: r.days,
    amount: pounds(r.days * PERMIT_DAY_PENCE),
  }),
  totals: (x) => ({
    days: sum(x('days')),
    amount: sql<Total>`${sum(x('days'))} * ${PERMIT_DAY_PENCE}::int / 100.0`,
  }),
});

const fee = (action: Expression<string>) =>
  sql<number>`case ${action} when 'Cancel' then ${TICKET_ACTION_FEE_PENCE.Cancel}::int
    when 'Pay' then ${TICKET_ACTION_FEE_PENCE.Pay}::int else 0 end`;

const ticketActionFees = invoiceSource((db, s) => [
  db
    .selectFrom('ticket_actions as a')
    .select((eb) => [
      'a.id',
      'a.action_at',
      'a.action',
      'a.ticket_number',
      'a.site_number',
      fee(eb.ref('a.action')).as('fee_pence'),
    ])
    .where((eb) => eb('a.site_number', '=', eb.fn.any(eb.val(s.siteNumbers))))
    .where('a.action_at', '>=', dayStart(s.from))
    .where('a.action_at', '<', dayStart(s.to)),
])({
  sortKeys: {
    actionAt: { column: 'action_at', type: 'timestamptz' },
    action: { column: 'action', type: 'text' },
    ticketNumber: { column: 'ticket_number', type: 'text' },
    site: { column: 'site_number', type: 'text' },
    amount: { column: 'fee_pence', type: 'integer' },
  },
  id: { column: 'id', type: 'integer' },
  toRow: (r) => ({
    actionAt: instant(r.action_at),
    action: r.action === 'Pay' ? 'Reduce' : r.action,
    ticketNumber: r.ticket_number,
    site: r.site_number,
    amount: pounds(r.fee_pence),
  }),
  totals: (x) => ({ amount: sql<Total>`${sum(x('fee_pence'))} / 100.0` }),
});

export const invoiceSources: Record<InvoiceKey, InvoiceSource> = {
  'parking-transactions': parkingTransactions,
  'enforcement-income': enforcementIncome,
  'permit-charges': permitCharges,
  'ticket-action-fees': ticketActionFees,
};
