import {
  ALL_SITES_PARAM,
  addIsoDays,
  type Page,
  type TicketListQuery,
  type TicketListSortColumn,
  ticketSearchTerm,
} from '@client-portal/contract';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/database-types.js';
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
import { permitCoveredTicket } from './covered-tickets-repository.js';
import { ticketRowColumns } from './ticket-row-columns.js';

/** The list's filters as the repository reads them: `today` is the UK day a reduction is compared with. */
export type TicketListFilter = Partial<
  Pick<TicketListQuery, 'status' | 'siteNumber' | 'from' | 'to' | 'search' | 'covered'>
> & {
  today: string;
};

/** Eight digits or more (after any PCN): a whole notice number, not a part of one. */
const WHOLE_NUMBER = /^\d{8,}$/;

/** Midnight UK time starting the day (a constant for the planner: the issue-date index serves it). */
const ukStart = (day: string) => sql<string>`(${day}::date::timestamp at time zone 'Europe/London')`;

type TicketsRow = ExpressionBuilder<DB & { t: DB['tickets'] }, 't'>;

/** The filters over a ticket (alias t), reach first: a ticket outside the caller's sites is never listed. */
function listWhere(eb: TicketsRow, principal: Principal, filter: TicketListFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [policy.siteInReachWhere(principal, eb.ref('t.site_number'))];
  // ALL_SITES_PARAM is the picker's "All sites" (decision 28): no site filter.
  if (filter.siteNumber && filter.siteNumber !== ALL_SITES_PARAM)
    conditions.push(eb('t.site_number', '=', filter.siteNumber));
  if (filter.from) conditions.push(eb('t.issue_date', '>=', ukStart(filter.from)));
  if (filter.to) conditions.push(eb('t.issue_date', '<', ukStart(addIsoDays(filter.to, 1))));
  const reductionRuns = eb('t.reduced_until', '>=', filter.today);
  switch (filter.status) {
    case 'open':
      conditions.push(
        eb('t.status', '=', 'open'),
        eb.or([eb('t.reduced_until', 'is', null), eb('t.reduced_until', '<', filter.today)]),
      );
      break;
    case 'reduced':
      conditions.push(eb('t.status', '=', 'open'), reductionRuns);
      break;
    case 'paid':
    case 'cancelled':
      conditions.push(eb('t.status', '=', filter.status));
      break;
  }
  if (filter.covered !== undefined) {
    conditions.push(filter.covered ? permitCoveredTicket : eb.not(permitCoveredTicket));
  }
  const term = filter.search === undefined ? '' : ticketSearchTerm(filter.search);
  if (WHOLE_NUMBER.test(term)) {
    // A whole notice number, typed with or without its PCN: found by the primary key at any size.
    conditions.push(eb('t.ticket_number', '=', eb.fn.any(eb.val([`PCN${term}`, term]))));
  } else if (term) {
    // Part of the number or the plate. The term is letters and digits only, so it holds no LIKE
    // wildcard; LIKE (not strpos) lets the planner see how few rows a pattern keeps. It reads the
    // tickets the other filters leave (decision 33 has the figures).
    const pattern = `%${term}%`;
    conditions.push(
      eb.or([eb('t.ticket_number', 'like', pattern), eb('t.vehicle_registration', 'like', pattern)]),
    );
  }
  return eb.and(conditions);
}

/** The caller's sites' tickets with what the list shows (named as the answer names them). */
const listRows = (db: Queries, principal: Principal, filter: TicketListFilter) =>
  db
    .selectFrom('tickets as t')
    .innerJoin('sites as s', 's.site_number', 't.site_number')
    .select((eb) => [
      ...ticketRowColumns(eb),
      't.contravention',
      // The latest action's reason (ticket_actions_ticket_id_index: one index probe per listed row).
      eb
        .selectFrom('ticket_actions as a')
        .select('a.reason')
        .whereRef('a.ticket_number', '=', 't.ticket_number')
        .orderBy('a.id', 'desc')
        .limit(1)
        .as('reason'),
      eb
        .selectFrom('ticket_actions as a')
        .select('a.reason_note')
        .whereRef('a.ticket_number', '=', 't.ticket_number')
        .orderBy('a.id', 'desc')
        .limit(1)
        .as('reasonNote'),
    ])
    .where((eb) => listWhere(eb, principal, filter));

type ListColumn = keyof Awaited<ReturnType<ReturnType<typeof listRows>['execute']>>[number] & string;

/** The statements of this repository, built but not run: what ticket-list-repository.sql shows. */
export const ticketListQueries = {
  /** One page of the list (`listRows` as `x`), in the asked order. */
  page: (
    db: Queries,
    principal: Principal,
    filter: TicketListFilter,
    order: ColumnKeysetOrder,
    clauses: ColumnKeysetClauses,
  ) => {
    const keyset = keysetParts('x', order, clauses);
    return db
      .selectFrom(listRows(db, principal, filter).as('x'))
      .selectAll('x')
      .select(keyset.keyColumns)
      .where(keyset.where)
      .$call(keyset.paged);
  },

  /** How many tickets the filter matches in all. */
  count: (db: Queries, principal: Principal, filter: TicketListFilter) =>
    db
      .selectFrom('tickets as t')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where((eb) => listWhere(eb, principal, filter)),
};

/** The list's sort columns, each a column of its rows, with the type its cursor is cast to. */
const listSortKeys: Record<TicketListSortColumn, ColumnSortKey<ListColumn>> = {
  issueDate: { column: 'issueDate', type: 'timestamptz' },
  ticketNumber: { column: 'ticketNumber', type: 'text' },
  site: { column: 'siteNumber', type: 'text' },
  vehicleRegistration: { column: 'vehicleRegistration', type: 'text' },
};
const listId: ColumnSortKey<ListColumn> = { column: 'ticketNumber', type: 'text' };

/** The list's order: newest issue first unless sorted, then the ticket number. */
export function ticketListOrderOf(query: Pick<TicketListQuery, 'sort' | 'direction'>): ColumnKeysetOrder {
  return {
    key: listSortKeys[query.sort ?? 'issueDate'],
    id: listId,
    desc: (query.direction ?? (query.sort ? 'asc' : 'desc')) === 'desc',
  };
}

/** One page of the tickets at the caller's sites that match the filter, in the asked order, with the count. */
export async function pageTickets(
  db: Queries,
  principal: Principal,
  filter: TicketListFilter,
  query: Pick<TicketListQuery, 'sort' | 'direction' | 'after' | 'before' | 'skip'>,
) {
  const order = ticketListOrderOf(query);
  const clauses = columnKeysetClauses(order, query);
  const [rows, [count]] = await Promise.all([
    ticketListQueries.page(db, principal, filter, order, clauses).execute(),
    ticketListQueries.count(db, principal, filter).execute(),
  ]);
  return toPage(rows, clauses, Number(count?.total ?? 0), (r) => ({
    ...r,
    permitCovered: r.permitCovered === true,
  })) satisfies Page<unknown>;
}
