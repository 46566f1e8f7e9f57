import {
  type Page,
  type PageQuery,
  type TicketAction,
  type TicketActionReason,
  type TicketHistorySortColumn,
  ticketActionReasonSchema,
} from '@client-portal/contract';
import { toPage } from '../../db/keyset.js';
import {
  type ColumnKeysetClauses,
  type ColumnKeysetOrder,
  type ColumnSortKey,
  columnKeysetClauses,
  keysetParts,
} from '../../db/keyset-queries.js';
import type { Queries } from '../../db/kysely.js';
import { type Principal, policy } from '../access/index.js';
import { enforcedReductionAllowance } from '../sites/index.js';
import { permitCoveredTicket } from './covered-tickets-repository.js';
import { ticketRowColumns } from './ticket-row-columns.js';

/** One cancel or reduce as it is written, with the reason given (none from the spec's callers). */
export interface ActionEntry {
  ticketNumber: string;
  siteNumber: string;
  action: TicketAction;
  userId: string;
  at: Date;
  reason?: TicketActionReason;
  note?: string;
}

/** The caller's sites' actions of one kind with their tickets (named as the answer names them). */
const historyRows = (db: Queries, principal: Principal, action: TicketAction) =>
  db
    .selectFrom('ticket_actions as a')
    .innerJoin('tickets as t', 't.ticket_number', 'a.ticket_number')
    .select([
      'a.id',
      't.ticket_number as ticketNumber',
      't.vehicle_registration as vehicleRegistration',
      'a.site_number as site',
      't.violation_date as violationDate',
      'a.action_at as actionDate',
      permitCoveredTicket.as('permitCovered'),
      'a.reason',
      'a.reason_note as reasonNote',
    ])
    .where('a.action', '=', action)
    .where((eb) => policy.siteInReachWhere(principal, eb.ref('a.site_number')));

type HistoryColumn = keyof Awaited<ReturnType<ReturnType<typeof historyRows>['execute']>>[number] & string;

/** The statements of this repository, built but not run: what tickets-repository.sql shows. */
export const ticketsQueries = {
  /** A ticket at one of the caller's sites, with its site; `forUpdate` locks its row. */
  ticket: (db: Queries, principal: Principal, ticketNumber: string, forUpdate: boolean) => {
    const query = db
      .selectFrom('tickets as t')
      .innerJoin('sites as s', 's.site_number', 't.site_number')
      .select((eb) => [
        ...ticketRowColumns(eb),
        's.cancellation_allowance as cancellationAllowance',
        's.reduction_allowance as reductionAllowance',
      ])
      .where('t.ticket_number', '=', ticketNumber)
      .where((eb) => policy.siteInReachWhere(principal, eb.ref('t.site_number')));
    return forUpdate ? query.forUpdate('t') : query;
  },

  lockSite: (db: Queries, siteNumber: string) =>
    db.selectFrom('sites').select('site_number').where('site_number', '=', siteNumber).forUpdate(),

  actionsSince: (db: Queries, siteNumber: string, action: TicketAction, since: Date) =>
    db
      .selectFrom('ticket_actions')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('site_number', '=', siteNumber)
      .where('action', '=', action)
      .where('action_at', '>=', since.toISOString()),

  markCancelled: (db: Queries, ticketNumber: string) =>
    db.updateTable('tickets').set({ status: 'cancelled' }).where('ticket_number', '=', ticketNumber),

  markReduced: (db: Queries, ticketNumber: string, reducedUntil: string) =>
    db.updateTable('tickets').set({ reduced_until: reducedUntil }).where('ticket_number', '=', ticketNumber),

  insertAction: (db: Queries, entry: ActionEntry) =>
    db.insertInto('ticket_actions').values({
      ticket_number: entry.ticketNumber,
      site_number: entry.siteNumber,
      action: entry.action,
      user_id: entry.userId,
      action_at: entry.at.toISOString(),
      reason: entry.reason ?? null,
      reason_note: entry.note ?? null,
    }),

  /** Each of the caller's sites with its allowances and the use since `since`, by site number. */
  allowances: (db: Queries, principal: Principal, since: Date) =>
    db
      .selectFrom('sites as s')
      .leftJoin('ticket_actions as a', (join) =>
        join.onRef('a.site_number', '=', 's.site_number').on('a.action_at', '>=', since.toISOString()),
      )
      .select((eb) => [
        's.site_number as siteNumber',
        's.name as siteName',
        eb.fn.count<number | string>('a.id').filterWhere('a.action', '=', 'Pay').as('usedSettlements'),
        enforcedReductionAllowance('s').as('allocatedSettlements'),
        eb.fn.count<number | string>('a.id').filterWhere('a.action', '=', 'Cancel').as('usedCancellations'),
        's.cancellation_allowance as allocatedCancellations',
      ])
      .where((eb) => policy.siteInReachWhere(principal, eb.ref('s.site_number')))
      .groupBy([
        's.site_number',
        's.name',
        's.reduction_allowance',
        's.allows_reductions',
        's.cancellation_allowance',
      ])
      .orderBy('s.site_number'),

  /** One page of the history (`historyRows` as `x`), in the asked order. */
  historyPage: (
    db: Queries,
    principal: Principal,
    action: TicketAction,
    order: ColumnKeysetOrder,
    clauses: ColumnKeysetClauses,
  ) => {
    const keyset = keysetParts('x', order, clauses);
    return db
      .selectFrom(historyRows(db, principal, action).as('x'))
      .selectAll('x')
      .select(keyset.keyColumns)
      .where(keyset.where)
      .$call(keyset.paged);
  },

  /** How many actions the history has in all (the tickets' join adds columns, never rows). */
  historyCount: (db: Queries, principal: Principal, action: TicketAction) =>
    db
      .selectFrom('ticket_actions as a')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('a.action', '=', action)
      .where((eb) => policy.siteInReachWhere(principal, eb.ref('a.site_number'))),
};

/** A ticket with its site, as the service reads it. */
export type TicketRecord = NonNullable<Awaited<ReturnType<typeof findTicket>>>;

/** A ticket at one of the caller's sites; `forUpdate` locks its row until the transaction ends. */
export async function findTicket(
  db: Queries,
  principal: Principal,
  ticketNumber: string,
  options: { forUpdate?: boolean } = {},
) {
  const [row] = await ticketsQueries
    .ticket(db, principal, ticketNumber, options.forUpdate ?? false)
    .execute();
  // A permit of the vehicle was valid at the site at the violation time.
  return row && { ...row, permitCovered: row.permitCovered === true };
}

/**
 * Locks a site row until the transaction ends: every action at the site takes this lock before
 * counting its monthly use, so two users cannot both take the last allowance slot.
 */
export async function lockSite(db: Queries, siteNumber: string): Promise<void> {
  await ticketsQueries.lockSite(db, siteNumber).execute();
}

/** How many times the action was taken at the site since `since`. */
export async function countActionsSince(
  db: Queries,
  siteNumber: string,
  action: TicketAction,
  since: Date,
): Promise<number> {
  const [row] = await ticketsQueries.actionsSince(db, siteNumber, action, since).execute();
  return Number(row?.count ?? 0);
}

export async function markCancelled(db: Queries, ticketNumber: string): Promise<void> {
  await ticketsQueries.markCancelled(db, ticketNumber).execute();
}

export async function markReduced(db: Queries, ticketNumber: string, reducedUntil: string): Promise<void> {
  await ticketsQueries.markReduced(db, ticketNumber, reducedUntil).execute();
}

export async function insertAction(db: Queries, entry: ActionEntry): Promise<void> {
  await ticketsQueries.insertAction(db, entry).execute();
}

/** Each of the caller's sites with its allowances and this period's use, by site number. */
export async function listAllowances(db: Queries, principal: Principal, since: Date) {
  const rows = await ticketsQueries.allowances(db, principal, since).execute();
  return rows.map((r) => ({
    ...r,
    usedSettlements: Number(r.usedSettlements),
    usedCancellations: Number(r.usedCancellations),
  }));
}

/** The history's sort columns, each a column of its rows, with the type its cursor is cast to. */
const historySortKeys: Record<TicketHistorySortColumn, ColumnSortKey<HistoryColumn>> = {
  actionDate: { column: 'actionDate', type: 'timestamptz' },
  ticketNumber: { column: 'ticketNumber', type: 'text' },
  vehicleRegistration: { column: 'vehicleRegistration', type: 'text' },
  site: { column: 'site', type: 'text' },
  violationDate: { column: 'violationDate', type: 'timestamptz' },
};
const historyId: ColumnSortKey<HistoryColumn> = { column: 'id', type: 'integer' };

/** The history's order: newest action first unless sorted, then the action's id. */
export function historyOrderOf(
  query: Pick<PageQuery<TicketHistorySortColumn>, 'sort' | 'direction'>,
): ColumnKeysetOrder {
  return {
    key: historySortKeys[query.sort ?? 'actionDate'],
    id: historyId,
    desc: (query.direction ?? (query.sort ? 'asc' : 'desc')) === 'desc',
  };
}

/** One page of the cancelled (or reduced) tickets at the caller's sites, in the asked order, with the count. */
export async function pageHistory(
  db: Queries,
  principal: Principal,
  action: TicketAction,
  query: Pick<PageQuery<TicketHistorySortColumn>, 'sort' | 'direction' | 'after' | 'before' | 'skip'>,
) {
  const order = historyOrderOf(query);
  const clauses = columnKeysetClauses(order, query);
  const [rows, [count]] = await Promise.all([
    ticketsQueries.historyPage(db, principal, action, order, clauses).execute(),
    ticketsQueries.historyCount(db, principal, action).execute(),
  ]);
  return toPage(rows, clauses, Number(count?.total ?? 0), (r) => ({
    ticketNumber: r.ticketNumber,
    vehicleRegistration: r.vehicleRegistration,
    site: r.site,
    violationDate: r.violationDate,
    actionDate: r.actionDate,
    permitCovered: r.permitCovered === true,
    reason: reasonOf(r.reason),
    reasonNote: r.reasonNote,
  })) satisfies Page<unknown>;
}

/** A stored reason code as the contract knows it (a code no longer listed reads as none). */
export function reasonOf(stored: string | null): TicketActionReason | null {
  const parsed = ticketActionReasonSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
