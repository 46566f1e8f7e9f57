import { type RawBuilder, sql } from 'kysely';
import type { Queries } from '../../db/kysely.js';

/** Rows per page of a subject-access file: each page one indexed keyset query. */
export const SUBJECT_PAGE_ROWS = 500;

type Row = Record<string, unknown>;

/**
 * The statements of subject access and erasure, built but not run: what subject-access-repository.sql
 * shows. Every one is served by an index on the registration, the address or the account (migration
 * 0027 added those that were missing), and pages by keyset, so a person's file costs what their
 * records are, never a table's size.
 */
export const subjectQueries = {
  /** The accounts holding an address (removed ones too). */
  accounts: (email: string) =>
    sql<Row & { id: string }>`select u.id, u.email, u.created_at, u.removed_at, u.email_confirmed,
  u.two_factor_enabled, u.access_all_sites, u.colour_mode, u.language
from users u where lower(u.email) = lower(${email}) order by u.id`,

  permitsByRegistration: (registration: string, after: number, limit: number) =>
    sql<Row & { id: number }>`select p.id, p.scope, p.site_number, p.group_number, p.vehicle_registration,
  p.driver_name, p.is_temp, p.duration, p.started, p.ended, p.cancelled_at, p.created_at
from permits p where p.vehicle_registration = ${registration} and p.id > ${after}
order by p.vehicle_registration, p.id limit ${limit}`,

  permitsAddedBy: (userIds: string[], after: number, limit: number) =>
    sql<Row & { id: number }>`select p.id, p.scope, p.site_number, p.group_number, p.vehicle_registration,
  p.driver_name, p.is_temp, p.duration, p.started, p.ended, p.cancelled_at, p.created_at
from permits p where p.created_by = any(${userIds}::uuid[]) and p.id > ${after}
order by p.id limit ${limit}`,

  /** The history of these permits (a page of them). */
  historyOfPermits: (permitIds: number[]) =>
    sql<Row>`select e.id, e.permit_id, e.kind, e.field, e.from_value, e.to_value, e.at
from permit_events e where e.permit_id = any(${permitIds}::int[]) order by e.permit_id, e.at, e.id`,

  historyBy: (userIds: string[], after: number, limit: number) =>
    sql<
      Row & { id: number }
    >`select e.id::int as id, e.permit_id, e.kind, e.field, e.from_value, e.to_value, e.user_email, e.at
from permit_events e where e.user_id = any(${userIds}::uuid[]) and e.id > ${after}
order by e.id limit ${limit}`,

  sightings: (registration: string, after: number, limit: number) =>
    sql<
      Row & { id: number }
    >`select v.id::int as id, v.site_number, v.registration, v.entered_at, v.exited_at, v.read_confidence
from vehicle_sightings v where v.registration = ${registration} and v.id > ${after}
order by v.registration, v.id limit ${limit}`,

  tickets: (registration: string, after: string, limit: number) =>
    sql<
      Row & { ticket_number: string }
    >`select t.ticket_number, t.site_number, t.vehicle_registration, t.violation_date,
  t.issue_date, t.full_amount_pence, t.reduced_amount_pence, t.status, t.reduced_until, t.contravention
from tickets t where t.vehicle_registration = ${registration} and t.ticket_number > ${after}
order by t.vehicle_registration, t.ticket_number limit ${limit}`,

  /** The actions taken on these tickets (a page of them). */
  actionsOfTickets: (ticketNumbers: string[]) =>
    sql<Row>`select a.id, a.ticket_number, a.site_number, a.action, a.action_at, a.reason, a.reason_note
from ticket_actions a where a.ticket_number = any(${ticketNumbers}::text[]) order by a.ticket_number, a.id`,

  transactions: (registration: string, after: number, limit: number) =>
    sql<Row & { id: number }>`select t.id::int as id, t.site_number, t.occurred_at, t.vehicle_registration,
  t.duration_minutes, t.amount_pence, t.method
from transactions t where t.vehicle_registration = ${registration} and t.id > ${after}
order by t.vehicle_registration, t.id limit ${limit}`,

  /** What the portal recorded about an account: sign-ins, failures, lock-outs, changes. */
  auditOfAccount: (userId: string, after: number, limit: number) =>
    sql<
      Row & { id: number }
    >`select a.id::int as id, a.occurred_at, a.type, a.description, a.subject_email, a.actor_email
from audit_events a where a.subject_user_id = ${userId} and a.id > ${after}
order by a.subject_user_id, a.id limit ${limit}`,

  /** Failed sign-ins with an address that had no account at the time. */
  auditOfAddress: (email: string, after: number, limit: number) =>
    sql<
      Row & { id: number }
    >`select a.id::int as id, a.occurred_at, a.type, a.description, a.subject_email, a.actor_email
from audit_events a where lower(a.subject_email) = lower(${email}) and a.subject_email is not null and a.subject_user_id is null and a.id > ${after}
order by a.id limit ${limit}`,

  notifications: (userId: string, after: number, limit: number) =>
    sql<
      Row & { id: number }
    >`select n.id::int as id, n.category, n.title, n.body, n.created_at, r.read_at, r.emailed_at
from notification_recipients r join notifications n on n.id = r.notification_id
where r.user_id = ${userId} and r.notification_id > ${after}
order by r.user_id, r.notification_id limit ${limit}`,
} satisfies Record<string, (...args: never[]) => RawBuilder<unknown>>;

export async function rowsOf<T>(db: Queries, statement: RawBuilder<T>): Promise<T[]> {
  return (await statement.execute(db)).rows;
}
