import type { InvoiceRow } from '@client-portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRows } from '../../db/rows.js';
import { type InvoiceKey, PERMIT_DAY_PENCE, TICKET_ACTION_FEE_PENCE } from './definitions.js';

/** What an invoice covers: member sites, site groups (for group permits) and [from, to) as UTC days. */
export interface InvoiceScope {
  siteNumbers: string[];
  groupNumbers: string[];
  from: string;
  /** Exclusive. */
  to: string;
}

const list = (values: string[]): SQL =>
  values.length === 0
    ? sql`(null)`
    : sql`(${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`;
/** Midnight UTC starting the day: demo data and the wizard both count days in UTC. */
const dayStart = (day: string): SQL => sql`(${day}::date::timestamp at time zone 'UTC')`;

const pounds = (pence: number | string): number => Math.round(Number(pence)) / 100;
const instant = (value: Date | string): string => new Date(value).toISOString();
const day = (value: Date | string): string => instant(value).slice(0, 10);

type Loader = (db: Db, scope: InvoiceScope) => Promise<InvoiceRow[]>;

const parkingTransactions: Loader = async (db, s) => {
  const rows = await selectRows<{
    occurred_at: string;
    site_number: string;
    vehicle_registration: string;
    duration_minutes: number;
    method: string;
    amount_pence: number;
  }>(
    db,
    sql`select occurred_at, site_number, vehicle_registration, duration_minutes, method, amount_pence
        from transactions
        where site_number in ${list(s.siteNumbers)}
          and occurred_at >= ${dayStart(s.from)} and occurred_at < ${dayStart(s.to)}
        order by occurred_at, id`,
  );
  return rows.map((r) => ({
    occurredAt: instant(r.occurred_at),
    site: r.site_number,
    vehicleRegistration: r.vehicle_registration,
    durationMinutes: Number(r.duration_minutes),
    method: r.method,
    amount: pounds(r.amount_pence),
  }));
};

/** Paid tickets issued in the range; a ticket reduced through the portal was paid at the reduced amount. */
const enforcementIncome: Loader = async (db, s) => {
  const rows = await selectRows<{
    issue_date: string;
    ticket_number: string;
    site_number: string;
    vehicle_registration: string;
    violation_date: string;
    amount_pence: number;
  }>(
    db,
    sql`select t.issue_date, t.ticket_number, t.site_number, t.vehicle_registration, t.violation_date,
          case when exists (select 1 from ticket_actions a where a.ticket_number = t.ticket_number and a.action = 'Pay')
            then t.reduced_amount_pence else t.full_amount_pence end as amount_pence
        from tickets t
        where t.status = 'paid' and t.site_number in ${list(s.siteNumbers)}
          and t.issue_date >= ${dayStart(s.from)} and t.issue_date < ${dayStart(s.to)}
        order by t.issue_date, t.ticket_number`,
  );
  return rows.map((r) => ({
    issueDate: day(r.issue_date),
    ticketNumber: r.ticket_number,
    site: r.site_number,
    vehicleRegistration: r.vehicle_registration,
    violationDate: instant(r.violation_date),
    amount: pounds(r.amount_pence),
  }));
};

/** Site permits at the sites and group permits of the groups, charged per started day within the range. */
const permitCharges: Loader = async (db, s) => {
  const rows = await selectRows<{
    started: string;
    ended: string;
    site: string;
    vehicle_registration: string;
    days: number;
  }>(
    db,
    sql`select started, ended, coalesce(site_number, group_number) as site, vehicle_registration,
          ceil(extract(epoch from least(ended, ${dayStart(s.to)}) - greatest(started, ${dayStart(s.from)})) / 86400)::int as days
        from permits
        where (site_number in ${list(s.siteNumbers)} or group_number in ${list(s.groupNumbers)})
          and started < ${dayStart(s.to)} and ended > ${dayStart(s.from)}
        order by started, id`,
  );
  return rows.map((r) => ({
    started: day(r.started),
    ended: day(r.ended),
    site: r.site,
    vehicleRegistration: r.vehicle_registration,
    days: Number(r.days),
    amount: pounds(Number(r.days) * PERMIT_DAY_PENCE),
  }));
};

const ticketActionFees: Loader = async (db, s) => {
  const rows = await selectRows<{
    action_at: string;
    action: string;
    ticket_number: string;
    site_number: string;
  }>(
    db,
    sql`select action_at, action, ticket_number, site_number from ticket_actions
        where site_number in ${list(s.siteNumbers)}
          and action_at >= ${dayStart(s.from)} and action_at < ${dayStart(s.to)}
        order by action_at, id`,
  );
  return rows.map((r) => ({
    actionAt: instant(r.action_at),
    action: r.action === 'Pay' ? 'Reduce' : r.action,
    ticketNumber: r.ticket_number,
    site: r.site_number,
    amount: pounds(TICKET_ACTION_FEE_PENCE[r.action as keyof typeof TICKET_ACTION_FEE_PENCE] ?? 0),
  }));
};

export const invoiceLoaders: Record<InvoiceKey, Loader> = {
  'parking-transactions': parkingTransactions,
  'enforcement-income': enforcementIncome,
  'permit-charges': permitCharges,
  'ticket-action-fees': ticketActionFees,
};

/** A site's number, or a group's number and its member sites; undefined when neither exists. */
export async function findSiteOrGroup(
  db: Db,
  number: string,
): Promise<{ kind: 'site' } | { kind: 'group'; members: string[] } | undefined> {
  const [site] = await selectRows<{ n: string }>(
    db,
    sql`select site_number as n from sites where site_number = ${number}`,
  );
  if (site) return { kind: 'site' };
  const [group] = await selectRows<{ n: string }>(
    db,
    sql`select group_number as n from site_groups where group_number = ${number}`,
  );
  if (!group) return undefined;
  const members = await selectRows<{ n: string }>(
    db,
    sql`select site_number as n from site_group_members where group_number = ${number} order by site_number`,
  );
  return { kind: 'group', members: members.map((m) => m.n) };
}
