import type { Page, PageQuery, TicketAction, TicketHistorySortColumn } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type KeysetOrder, readKeysetPage, type SortKey, withoutKeys } from '../../db/keyset.js';
import { type RowOf, selectRows } from '../../db/rows.js';
import type { sites, tickets } from '../../db/schema.js';
import { legacyPolicySql, type Principal } from '../access/index.js';
import { permitCoveredTicket } from './covered-tickets-repository.js';

type StoredTicket = RowOf<typeof tickets>;
type StoredSite = RowOf<typeof sites>;

/** A ticket with its site: columns typed from schema.ts under the names the service uses. */
export interface TicketRecord {
  ticketNumber: StoredTicket['ticket_number'];
  siteNumber: StoredTicket['site_number'];
  siteName: StoredSite['name'];
  vehicleRegistration: StoredTicket['vehicle_registration'];
  violationDate: Date;
  issueDate: Date;
  reducedAmountPence: StoredTicket['reduced_amount_pence'];
  status: StoredTicket['status'];
  /** yyyy-mm-dd, or null when never reduced. */
  reducedUntil: string | null;
  allowsReductions: StoredSite['allows_reductions'];
  cancellationAllowance: StoredSite['cancellation_allowance'];
  reductionAllowance: StoredSite['reduction_allowance'];
  /** A permit of the vehicle was valid at the site at the violation time. */
  permitCovered: boolean;
}

export interface AllowanceRecord {
  siteNumber: StoredSite['site_number'];
  siteName: StoredSite['name'];
  usedSettlements: number;
  allocatedSettlements: StoredSite['reduction_allowance'];
  usedCancellations: number;
  allocatedCancellations: StoredSite['cancellation_allowance'];
}

export interface HistoryRecord {
  ticketNumber: StoredTicket['ticket_number'];
  vehicleRegistration: StoredTicket['vehicle_registration'];
  site: StoredTicket['site_number'];
  violationDate: StoredTicket['violation_date'];
  actionDate: Date | string;
  permitCovered: boolean;
}

/** A ticket at one of the caller's sites; `forUpdate` locks its row until the transaction ends. */
export async function findTicket(
  db: Db,
  principal: Principal,
  ticketNumber: string,
  options: { forUpdate?: boolean } = {},
): Promise<TicketRecord | undefined> {
  const [row] = await selectRows<TicketRecord>(
    db,
    sql`select t.ticket_number as "ticketNumber", t.site_number as "siteNumber", s.name as "siteName",
          t.vehicle_registration as "vehicleRegistration", t.violation_date as "violationDate",
          t.issue_date as "issueDate", t.reduced_amount_pence as "reducedAmountPence", t.status,
          t.reduced_until::text as "reducedUntil", s.allows_reductions as "allowsReductions",
          s.cancellation_allowance as "cancellationAllowance", s.reduction_allowance as "reductionAllowance",
          ${permitCoveredTicket} as "permitCovered"
        from tickets t join sites s on s.site_number = t.site_number
        where t.ticket_number = ${ticketNumber} and ${legacyPolicySql.siteInReachWhere(principal, sql`t.site_number`)}
        ${options.forUpdate ? sql`for update of t` : sql``}`,
  );
  return row;
}

/**
 * Locks a site row until the transaction ends: every action at the site takes this lock before
 * counting its monthly use, so two users cannot both take the last allowance slot.
 */
export async function lockSite(db: Db, siteNumber: string): Promise<void> {
  await db.execute(sql`select site_number from sites where site_number = ${siteNumber} for update`);
}

/** How many times the action was taken at the site since `since`. */
export async function countActionsSince(
  db: Db,
  siteNumber: string,
  action: TicketAction,
  since: Date,
): Promise<number> {
  const [row] = await selectRows<{ count: number | string }>(
    db,
    sql`select count(*)::int as count from ticket_actions
        where site_number = ${siteNumber} and action = ${action} and action_at >= ${since.toISOString()}`,
  );
  return Number(row?.count ?? 0);
}

export async function markCancelled(db: Db, ticketNumber: string): Promise<void> {
  await db.execute(sql`update tickets set status = 'cancelled' where ticket_number = ${ticketNumber}`);
}

export async function markReduced(db: Db, ticketNumber: string, reducedUntil: string): Promise<void> {
  await db.execute(
    sql`update tickets set reduced_until = ${reducedUntil}::date where ticket_number = ${ticketNumber}`,
  );
}

export async function insertAction(
  db: Db,
  entry: { ticketNumber: string; siteNumber: string; action: TicketAction; userId: string; at: Date },
): Promise<void> {
  await db.execute(
    sql`insert into ticket_actions (ticket_number, site_number, action, user_id, action_at)
        values (${entry.ticketNumber}, ${entry.siteNumber}, ${entry.action}, ${entry.userId},
          ${entry.at.toISOString()})`,
  );
}

/** Each of the caller's sites with its allowances and this period's use, by site number. */
export async function listAllowances(db: Db, principal: Principal, since: Date): Promise<AllowanceRecord[]> {
  const rows = await selectRows<AllowanceRecord>(
    db,
    sql`select s.site_number as "siteNumber", s.name as "siteName",
          count(a.id) filter (where a.action = 'Pay')::int as "usedSettlements",
          s.reduction_allowance as "allocatedSettlements",
          count(a.id) filter (where a.action = 'Cancel')::int as "usedCancellations",
          s.cancellation_allowance as "allocatedCancellations"
        from sites s
        left join ticket_actions a on a.site_number = s.site_number and a.action_at >= ${since.toISOString()}
        where ${legacyPolicySql.siteInReachWhere(principal, sql`s.site_number`)}
        group by s.site_number, s.name, s.reduction_allowance, s.cancellation_allowance
        order by s.site_number`,
  );
  return rows.map((r) => ({
    ...r,
    usedSettlements: Number(r.usedSettlements),
    usedCancellations: Number(r.usedCancellations),
  }));
}

/** The caller's sites' actions of one kind with their tickets, newest action first. */
const historySortKeys: Record<TicketHistorySortColumn, SortKey> = {
  actionDate: { expr: sql`a.action_at`, type: 'timestamptz' },
  ticketNumber: { expr: sql`t.ticket_number`, type: 'text' },
  vehicleRegistration: { expr: sql`t.vehicle_registration`, type: 'text' },
  site: { expr: sql`a.site_number`, type: 'text' },
  violationDate: { expr: sql`t.violation_date`, type: 'timestamptz' },
};

/** One page of the cancelled (or reduced) tickets at the caller's sites, in the asked order, with the count. */
export async function pageHistory(
  db: Db,
  principal: Principal,
  action: TicketAction,
  query: Pick<PageQuery<TicketHistorySortColumn>, 'sort' | 'direction' | 'after' | 'before' | 'skip'>,
): Promise<Page<HistoryRecord>> {
  const order: KeysetOrder = {
    key: historySortKeys[query.sort ?? 'actionDate'],
    id: { expr: sql`a.id`, type: 'integer' },
    desc: (query.direction ?? (query.sort ? 'asc' : 'desc')) === 'desc',
  };
  return readKeysetPage<HistoryRecord, HistoryRecord>(
    db,
    {
      columns: sql`t.ticket_number as "ticketNumber", t.vehicle_registration as "vehicleRegistration",
        a.site_number as site, t.violation_date as "violationDate", a.action_at as "actionDate",
        ${permitCoveredTicket} as "permitCovered"`,
      from: sql`ticket_actions a join tickets t on t.ticket_number = a.ticket_number`,
      countFrom: sql`ticket_actions a`,
      where: sql`a.action = ${action} and ${legacyPolicySql.siteInReachWhere(principal, sql`a.site_number`)}`,
      order,
    },
    query,
    withoutKeys,
  );
}
