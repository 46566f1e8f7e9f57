import type { SubjectRecordKind } from '@client-portal/contract';
import type { Queries } from '../../db/kysely.js';
import { rowsOf, SUBJECT_PAGE_ROWS, subjectQueries } from './subject-access-repository.js';

/** Who a request is about: a normalised registration or an e-mail address. */
export type Subject = { registration: string } | { email: string };

type Row = Record<string, unknown>;

/** Pages of a keyset query until one comes back short. */
async function* pages<R extends Row, K>(
  first: K,
  next: (after: K) => Promise<R[]>,
  keyOf: (row: R) => K,
): AsyncGenerator<R[]> {
  let after = first;
  for (;;) {
    const rows = await next(after);
    if (rows.length > 0) yield rows;
    if (rows.length < SUBJECT_PAGE_ROWS) return;
    after = keyOf(rows.at(-1) as R);
  }
}

async function* flat(source: AsyncGenerator<Row[]>): AsyncGenerator<Row> {
  for await (const page of source) yield* page;
}

/** Each kind's rows for a subject, streamed page by page: what the zip's CSV files hold. */
export function subjectRecords(
  db: Queries,
  subject: Subject,
): Record<SubjectRecordKind, () => AsyncGenerator<Row>> {
  const n = SUBJECT_PAGE_ROWS;
  const none = async function* (): AsyncGenerator<Row> {};
  const byNumber = (row: { id: number }) => Number(row.id);
  if ('registration' in subject) {
    const reg = subject.registration;
    const permitPages = () =>
      pages(0, (a) => rowsOf(db, subjectQueries.permitsByRegistration(reg, a, n)), byNumber);
    const ticketPages = () =>
      pages(
        '',
        (a) => rowsOf(db, subjectQueries.tickets(reg, a, n)),
        (r) => String(r.ticket_number),
      );
    return {
      permits: () => flat(permitPages()),
      permitHistory: async function* () {
        for await (const page of permitPages())
          yield* await rowsOf(db, subjectQueries.historyOfPermits(page.map((p) => Number(p.id))));
      },
      sightings: () => flat(pages(0, (a) => rowsOf(db, subjectQueries.sightings(reg, a, n)), byNumber)),
      tickets: () => flat(ticketPages()),
      ticketActions: async function* () {
        for await (const page of ticketPages())
          yield* await rowsOf(db, subjectQueries.actionsOfTickets(page.map((t) => String(t.ticket_number))));
      },
      transactions: () => flat(pages(0, (a) => rowsOf(db, subjectQueries.transactions(reg, a, n)), byNumber)),
      accounts: none,
      signInHistory: none,
      notifications: none,
    };
  }
  const email = subject.email;
  const accounts = async () => rowsOf(db, subjectQueries.accounts(email));
  const ids = async () => (await accounts()).map((a) => String(a.id));
  return {
    permits: async function* () {
      const userIds = await ids();
      if (userIds.length > 0)
        yield* flat(pages(0, (a) => rowsOf(db, subjectQueries.permitsAddedBy(userIds, a, n)), byNumber));
    },
    permitHistory: async function* () {
      const userIds = await ids();
      if (userIds.length > 0)
        yield* flat(pages(0, (a) => rowsOf(db, subjectQueries.historyBy(userIds, a, n)), byNumber));
    },
    sightings: none,
    tickets: none,
    ticketActions: none,
    transactions: none,
    accounts: async function* () {
      yield* await accounts();
    },
    signInHistory: async function* () {
      for (const userId of await ids())
        yield* flat(pages(0, (a) => rowsOf(db, subjectQueries.auditOfAccount(userId, a, n)), byNumber));
      yield* flat(pages(0, (a) => rowsOf(db, subjectQueries.auditOfAddress(email, a, n)), byNumber));
    },
    notifications: async function* () {
      for (const userId of await ids())
        yield* flat(pages(0, (a) => rowsOf(db, subjectQueries.notifications(userId, a, n)), byNumber));
    },
  };
}
