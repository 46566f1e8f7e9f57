import { sql } from 'kysely';
import { OPEN_CHARGE_STATUSES } from './retention-repository.js';

const openStatuses = sql.join(OPEN_CHARGE_STATUSES.map((s) => sql.lit(s)));

/** A read or permit that an open charge of the same vehicle needs: at its site, around its time. */
const sightingNeeded = sql`exists (select 1 from tickets k where k.vehicle_registration = v.registration
  and k.site_number = v.site_number and k.status in (${openStatuses})
  and k.violation_date between v.entered_at - interval '1 day' and coalesce(v.exited_at, v.entered_at) + interval '1 day')`;
const permitNeeded = sql`exists (select 1 from tickets k where k.vehicle_registration = p.vehicle_registration
  and k.status in (${openStatuses}) and k.violation_date between p.started and p.ended
  and (k.site_number = p.site_number or exists (select 1 from site_group_members m
    where m.group_number = p.group_number and m.site_number = k.site_number)))`;

/**
 * The statements of an accepted erasure, built but not run: what erasure-repository.sql shows. Each
 * batch takes the next rows of the person still to anonymise (they leave the registration index as
 * they are changed, so the loop ends), skipping what an open charge needs.
 */
export const erasureQueries = {
  openTickets: (registration: string) =>
    sql<{ id: string; status: string }>`select t.ticket_number as id, t.status from tickets t
where t.vehicle_registration = ${registration} and t.status in (${openStatuses}) order by t.ticket_number`,

  keptSightings: (registration: string) =>
    sql<{ id: string }>`select v.id::text as id from vehicle_sightings v
where v.registration = ${registration} and ${sightingNeeded} order by v.id`,

  keptPermits: (registration: string) =>
    sql<{ id: string }>`select p.id::text as id from permits p
where p.vehicle_registration = ${registration} and ${permitNeeded} order by p.id`,

  transactions: (registration: string, limit: number) =>
    sql<{ id: number; registration: string }>`select t.id::int as id, t.vehicle_registration as registration
from transactions t where t.vehicle_registration = ${registration}
order by t.vehicle_registration, t.id limit ${limit} for update of t skip locked`,

  sightings: (registration: string, limit: number) =>
    sql<{ id: number; registration: string }>`select v.id::int as id, v.registration from vehicle_sightings v
where v.registration = ${registration} and not ${sightingNeeded}
order by v.registration, v.id limit ${limit} for update of v skip locked`,

  permits: (registration: string, limit: number) =>
    sql<{
      id: number;
      registration: string;
    }>`select p.id, p.vehicle_registration as registration from permits p
where p.vehicle_registration = ${registration} and not ${permitNeeded}
order by p.vehicle_registration, p.id limit ${limit} for update of p skip locked`,

  /** Charges no longer pursued (paid, cancelled, settled) keep their figures, not the plate. */
  closedTickets: (registration: string, hash: string) =>
    sql`update tickets set vehicle_registration = ${hash}
where vehicle_registration = ${registration} and status not in (${openStatuses})`,

  /** The accounts of the address: the address replaced, removed, signed out, secrets gone. */
  eraseAccounts: (userIds: string[]) =>
    sql`update users set email = 'erased-' || id::text || '@erased.invalid', removed_at = coalesce(removed_at, now()),
  password_hash = null, two_factor_secret = null, two_factor_enabled = false, security_stamp = security_stamp + 1
where id = any(${userIds}::uuid[])`,

  eraseAuditOfAccounts: (userIds: string[], pattern: string) =>
    sql`update audit_events set
  subject_email = case when subject_user_id = any(${userIds}::uuid[]) then null else subject_email end,
  actor_email = case when actor_user_id = any(${userIds}::uuid[]) then null else actor_email end,
  description = regexp_replace(description, ${pattern}, '[erased]', 'gi'),
  details = case when details::text ~* ${pattern} then null else details end
where subject_user_id = any(${userIds}::uuid[]) or actor_user_id = any(${userIds}::uuid[])`,

  eraseAuditOfAddress: (email: string, pattern: string) =>
    sql`update audit_events set subject_email = null,
  description = regexp_replace(description, ${pattern}, '[erased]', 'gi'),
  details = case when details::text ~* ${pattern} then null else details end
where lower(subject_email) = lower(${email}) and subject_email is not null`,

  erasePermitHistoryEmails: (userIds: string[]) =>
    sql`update permit_events set user_email = null where user_id = any(${userIds}::uuid[]) and user_id is not null`,

  eraseSenderEmails: (userIds: string[]) =>
    sql`update notifications set sender_email = null where sender_user_id = any(${userIds}::uuid[])`,

  forgetAddressFailures: (email: string) =>
    sql`delete from unknown_address_failures where address = lower(${email})`,

  claimErasure: (runKey: string) =>
    sql<{
      id: string;
    }>`insert into retention_runs (run_key, kind, lease_until) values (${runKey}, 'erasure', now())
returning id`,
};
