import { encodeCursor } from '../../db/keyset.js';
import { columnKeysetClauses } from '../../db/keyset-queries.js';
import { type SqlSnapshot, samplePrincipal } from '../../db/sql-snapshots.js';
import { coveredTicketsQueries } from './covered-tickets-repository.js';
import { ticketListOrderOf, ticketListQueries } from './ticket-list-repository.js';
import { historyOrderOf, ticketsQueries } from './tickets-repository.js';

/** A caller reaching two sites (an all-sites caller's statements only lose the site condition). */
const principal = samplePrincipal({
  features: ['Tickets.Cancel', 'Tickets.Reduce'],
  access: ['1001', '1002'],
  siteNumbers: ['1001', '1002'],
});
const since = new Date('2026-01-01T00:00:00Z');
const byActionDate = historyOrderOf({});
const bySite = historyOrderOf({ sort: 'site', direction: 'asc' });

/** The tickets repository's statements with sample parameters, for its committed SQL (decision 31). */
export const ticketsSqlSnapshot: SqlSnapshot = {
  repository: 'modules/tickets/tickets-repository.ts',
  queries: {
    ticket: (db) => ticketsQueries.ticket(db, principal, 'T0001', false),
    'ticket, locked': (db) => ticketsQueries.ticket(db, principal, 'T0001', true),
    lockSite: (db) => ticketsQueries.lockSite(db, '1001'),
    actionsSince: (db) => ticketsQueries.actionsSince(db, '1001', 'Cancel', since),
    markCancelled: (db) => ticketsQueries.markCancelled(db, 'T0001'),
    markReduced: (db) => ticketsQueries.markReduced(db, 'T0001', '2026-01-15'),
    insertAction: (db) =>
      ticketsQueries.insertAction(db, {
        ticketNumber: 'T0001',
        siteNumber: '1001',
        action: 'Pay',
        userId: principal.userId,
        at: since,
        reason: 'other',
        note: 'Delivery to the site office',
      }),
    allowances: (db) => ticketsQueries.allowances(db, principal, since),
    'history: first page': (db) =>
      ticketsQueries.historyPage(
        db,
        principal,
        'Cancel',
        byActionDate,
        columnKeysetClauses(byActionDate, { skip: 0 }),
      ),
    'history by site: a later page': (db) =>
      ticketsQueries.historyPage(
        db,
        principal,
        'Pay',
        bySite,
        columnKeysetClauses(bySite, { after: encodeCursor('1001', '42'), skip: 1 }),
      ),
    historyCount: (db) => ticketsQueries.historyCount(db, principal, 'Cancel'),
  },
};

/** The covered tickets' statement with sample parameters, for its committed SQL (decision 31). */
export const coveredTicketsSqlSnapshot: SqlSnapshot = {
  repository: 'modules/tickets/covered-tickets-repository.ts',
  queries: {
    coveredBy: (db) => coveredTicketsQueries.coveredBy(db, principal, [41, 42]),
  },
};

const byIssueDate = ticketListOrderOf({});
const byRegistration = ticketListOrderOf({ sort: 'vehicleRegistration', direction: 'desc' });
const unfiltered = { today: '2026-01-15' };
const everyFilter = {
  today: '2026-01-15',
  status: 'open' as const,
  siteNumber: '1001',
  from: '2026-01-01',
  to: '2026-01-14',
  search: 'pcn 1000',
};

/** The charges list's statements with sample parameters, for its committed SQL (decision 31). */
export const ticketListSqlSnapshot: SqlSnapshot = {
  repository: 'modules/tickets/ticket-list-repository.ts',
  queries: {
    'first page': (db) =>
      ticketListQueries.page(
        db,
        principal,
        unfiltered,
        byIssueDate,
        columnKeysetClauses(byIssueDate, { skip: 0 }),
      ),
    'every filter, by registration, a later page': (db) =>
      ticketListQueries.page(
        db,
        principal,
        everyFilter,
        byRegistration,
        columnKeysetClauses(byRegistration, { after: encodeCursor('AB12CDE', 'PCN10000002'), skip: 10 }),
      ),
    'reduced only': (db) =>
      ticketListQueries.page(
        db,
        principal,
        { today: '2026-01-15', status: 'reduced' },
        byIssueDate,
        columnKeysetClauses(byIssueDate, { skip: 0 }),
      ),
    count: (db) => ticketListQueries.count(db, principal, everyFilter),
    'a whole number, however typed': (db) =>
      ticketListQueries.page(
        db,
        principal,
        { today: '2026-01-15', search: 'pcn 10000003' },
        byIssueDate,
        columnKeysetClauses(byIssueDate, { skip: 0 }),
      ),
  },
};
