import { type RawBuilder, sql } from 'kysely';
import {
  anonymiseBatch,
  type HashKey,
  keyedHash,
  OPEN_CHARGE_STATUSES,
  readNeededByOpenCharge,
  type Walked,
  walkedTables,
} from './retention-repository.js';

const openStatuses = sql.join(OPEN_CHARGE_STATUSES.map((s) => sql.lit(s)));

/** A permit (alias `p`) that an open charge of the same vehicle needs: at its site or group, in its time. */
const permitNeeded = (p: string) => {
  const c = (column: string) => sql.ref(`${p}.${column}`);
  return sql`exists (select 1 from tickets k where k.vehicle_registration = ${c('vehicle_registration')}
  and k.status in (${openStatuses}) and k.violation_date between ${c('started')} and ${c('ended')}
  and (k.site_number = ${c('site_number')} or exists (select 1 from site_group_members m
    where m.group_number = ${c('group_number')} and m.site_number = k.site_number)))`;
};

/** The next rows of `walked` holding the registration, except those `kept` (alias t) names: anonymised. */
const erasureBatch = (
  walked: Walked,
  registration: string,
  limit: number,
  key: HashKey,
  kept?: RawBuilder<unknown>,
) => {
  const column = sql.ref(`t.${walked.registration}`);
  return anonymiseBatch(
    walked,
    sql`select t.id, ${sql.ref(`t.${walked.time}`)} as at, true as due from ${sql.table(walked.table)} t
where ${column} = ${registration}${kept ? sql` and not ${kept}` : sql``}
order by ${column}, t.id limit ${limit} for update of t skip locked`,
    key,
  );
};

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
where v.registration = ${registration} and ${readNeededByOpenCharge('v')} order by v.id`,

  keptPermits: (registration: string) =>
    sql<{ id: string }>`select p.id::text as id from permits p
where p.vehicle_registration = ${registration} and ${permitNeeded('p')} order by p.id`,

  /** The next transactions of the registration, anonymised in the same statement. */
  transactions: (registration: string, limit: number, key: HashKey) =>
    erasureBatch(walkedTables.transactions, registration, limit, key),

  /** The next camera reads of the registration no open charge needs, anonymised. */
  sightings: (registration: string, limit: number, key: HashKey) =>
    erasureBatch(walkedTables.sightings, registration, limit, key, readNeededByOpenCharge('t')),

  /** The next permits of the registration no open charge needs, anonymised with their history. */
  permits: (registration: string, limit: number, key: HashKey) =>
    erasureBatch(walkedTables.permits, registration, limit, key, permitNeeded('t')),

  /** Charges no longer pursued (paid, cancelled, settled) keep their figures, not the plate. */
  closedTickets: (registration: string, key: HashKey) =>
    sql`update tickets set vehicle_registration = ${keyedHash(sql.ref('vehicle_registration'), key)}
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
