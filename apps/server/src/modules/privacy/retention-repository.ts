import { type RawBuilder, sql } from 'kysely';
import type { Queries } from '../../db/kysely.js';

/** Charges still being pursued: their vehicle's records stay whatever their age (decision 48). */
export const OPEN_CHARGE_STATUSES = ['open', 'popla', 'secondReminder', 'debtRecovery', 'court'] as const;

const openStatuses = sql.join(OPEN_CHARGE_STATUSES.map((s) => sql.lit(s)));

/** A keyset position in a walk ordered by (time, id). */
export interface WalkCursor {
  at: Date;
  id: number;
}

/** One candidate of a retention walk: its id, registration, and whether its time has come. */
export interface Candidate {
  id: number;
  registration: string;
  at: Date;
  due: boolean;
}

/** The operator's figure and the company's shorter one, for the row's site. */
const monthsOf = (column: 'transaction_months' | 'permit_months', operator: number) =>
  sql`make_interval(months => least(coalesce(r.${sql.ref(column)}, ${operator}), ${operator}))`;

/** A camera read that an open charge at its site, within a day of the stay, needs as evidence. */
const readNeededByOpenCharge = (v: string) => sql`exists (
  select 1 from tickets k
  where k.vehicle_registration = ${sql.ref(`${v}.registration`)} and k.site_number = ${sql.ref(`${v}.site_number`)}
    and k.status in (${openStatuses})
    and k.violation_date between ${sql.ref(`${v}.entered_at`)} - interval '1 day'
      and coalesce(${sql.ref(`${v}.exited_at`)}, ${sql.ref(`${v}.entered_at`)}) + interval '1 day')`;

/** The statements of the retention walks, built but not run: what retention-repository.sql shows. */
export const retentionQueries = {
  /** A client company's shorter periods (none: the operator's). */
  overrides: (db: Queries) =>
    db
      .selectFrom('client_companies as c')
      .leftJoin('client_retention as r', 'r.company_id', 'c.id')
      .select([
        'c.id as companyId',
        'c.name as companyName',
        'r.camera_read_days as cameraReadDays',
        'r.permit_months as permitMonths',
        'r.transaction_months as transactionMonths',
      ])
      .orderBy('c.name'),

  company: (db: Queries, companyId: number) =>
    db.selectFrom('client_companies').select(['id', 'name']).where('id', '=', companyId),

  upsertOverride: (
    db: Queries,
    companyId: number,
    values: { cameraReadDays: number | null; permitMonths: number | null; transactionMonths: number | null },
    userId: string,
  ) =>
    db
      .insertInto('client_retention')
      .values((eb) => ({
        company_id: companyId,
        camera_read_days: values.cameraReadDays,
        permit_months: values.permitMonths,
        transaction_months: values.transactionMonths,
        updated_at: eb.fn('now'),
        updated_by: userId,
      }))
      .onConflict((oc) =>
        oc.column('company_id').doUpdateSet((eb) => ({
          camera_read_days: eb.ref('excluded.camera_read_days'),
          permit_months: eb.ref('excluded.permit_months'),
          transaction_months: eb.ref('excluded.transaction_months'),
          updated_at: eb.ref('excluded.updated_at'),
          updated_by: eb.ref('excluded.updated_by'),
        })),
      ),

  /**
   * Takes the run of `runKey`: a new row, or one whose holder's lease ran out before it finished (a
   * killed process). No row back: another process holds it or it is done.
   */
  claimRun: (runKey: string, kind: 'schedule' | 'erasure', leaseSeconds: number) =>
    sql<{ id: string }>`insert into retention_runs (run_key, kind, lease_until)
values (${runKey}, ${kind}, now() + make_interval(secs => ${leaseSeconds}))
on conflict (run_key) do update set lease_until = excluded.lease_until, started_at = now()
where retention_runs.finished_at is null and retention_runs.lease_until < now()
returning id`,

  /** Keeps the lease while batches go on. */
  extendLease: (db: Queries, id: number, leaseSeconds: number) =>
    db
      .updateTable('retention_runs')
      .set({ lease_until: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where('id', '=', id),

  finishRun: (
    db: Queries,
    id: number,
    done: { counts: Record<string, number>; batches: number; longestBatchMs: number },
  ) =>
    db
      .updateTable('retention_runs')
      .set({
        finished_at: sql`now()`,
        counts: JSON.stringify(done.counts),
        batches: done.batches,
        longest_batch_ms: done.longestBatchMs,
      })
      .where('id', '=', id),

  /** One batch's statements wait at most this long for a lock, so a busy table is never held up long. */
  lockTimeout: () => sql`set local lock_timeout = '1s'`,

  /** The next transactions that still hold a registration, oldest first, from `after` on. */
  transactionCandidates: (
    now: Date,
    operatorMonths: number,
    shortestMonths: number,
    after: WalkCursor,
    limit: number,
  ): RawBuilder<Candidate> =>
    sql<Candidate>`select t.id::int as id, t.vehicle_registration as registration, t.occurred_at as at,
  t.occurred_at < ${now}::timestamptz - ${monthsOf('transaction_months', operatorMonths)} as due
from transactions t
join sites s on s.site_number = t.site_number
left join client_retention r on r.company_id = s.company_id
where t.vehicle_registration not like '#%'
  and t.occurred_at < ${now}::timestamptz - make_interval(months => ${shortestMonths})
  and (t.occurred_at, t.id) > (${after.at}::timestamptz, ${after.id})
order by t.occurred_at, t.id
limit ${limit}
for update of t skip locked`,

  /** The next camera reads that still hold a registration, oldest first. */
  sightingCandidates: (
    now: Date,
    operatorDays: number,
    shortestDays: number,
    after: WalkCursor,
    limit: number,
  ): RawBuilder<Candidate> =>
    sql<Candidate>`select v.id::int as id, v.registration, v.entered_at as at,
  v.entered_at < ${now}::timestamptz - make_interval(days => least(coalesce(r.camera_read_days, ${operatorDays}), ${operatorDays}))
    and not ${readNeededByOpenCharge('v')} as due
from vehicle_sightings v
join sites s on s.site_number = v.site_number
left join client_retention r on r.company_id = s.company_id
where v.registration not like '#%'
  and v.entered_at < ${now}::timestamptz - make_interval(days => ${shortestDays})
  and (v.entered_at, v.id) > (${after.at}::timestamptz, ${after.id})
order by v.entered_at, v.id
limit ${limit}
for update of v skip locked`,

  /** The next ended or cancelled permits that still hold a registration, longest ended first. */
  permitCandidates: (
    now: Date,
    operatorMonths: number,
    shortestMonths: number,
    after: WalkCursor,
    limit: number,
  ): RawBuilder<Candidate> =>
    sql<Candidate>`select p.id, p.vehicle_registration as registration, p.ended as at,
  p.ended < ${now}::timestamptz - ${monthsOf('permit_months', operatorMonths)} as due
from permits p
left join sites s on s.site_number = p.site_number
left join site_groups g on g.group_number = p.group_number
left join client_retention r on r.company_id = coalesce(s.company_id, g.company_id)
where p.vehicle_registration not like '#%'
  and p.ended < ${now}::timestamptz - make_interval(months => ${shortestMonths})
  and (p.ended, p.id) > (${after.at}::timestamptz, ${after.id})
order by p.ended, p.id
limit ${limit}
for update of p skip locked`,

  anonymiseTransactions: (ids: number[], hashes: string[]) =>
    sql`update transactions t set vehicle_registration = v.hash
from unnest(${ids}::bigint[], ${hashes}::text[]) as v(id, hash) where t.id = v.id`,

  anonymiseSightings: (ids: number[], hashes: string[]) =>
    sql`update vehicle_sightings t set registration = v.hash
from unnest(${ids}::bigint[], ${hashes}::text[]) as v(id, hash) where t.id = v.id`,

  /** The registration keyed-hashed, the driver's name gone. */
  anonymisePermits: (ids: number[], hashes: string[]) =>
    sql`update permits t set vehicle_registration = v.hash, driver_name = ''
from unnest(${ids}::int[], ${hashes}::text[]) as v(id, hash) where t.id = v.id`,

  /** Their history's registration and name changes: the old and new values of those fields. */
  permitHistoryValues: (db: Queries, permitIds: number[]) =>
    db
      .selectFrom('permit_events')
      .select(['id', 'field', 'from_value as fromValue', 'to_value as toValue'])
      .where('permit_id', '=', sql<number>`any(${permitIds}::int[])`)
      .where('field', 'in', ['vehicleRegistration', 'driverName']),

  anonymisePermitHistory: (ids: number[], fromValues: (string | null)[], toValues: (string | null)[]) =>
    sql`update permit_events e set from_value = v.from_value, to_value = v.to_value
from unnest(${ids}::bigint[], ${fromValues}::text[], ${toValues}::text[]) as v(id, from_value, to_value)
where e.id = v.id`,

  /** Audit records past their time, oldest first: deleted a batch at a time. */
  deleteAudit: (before: Date, limit: number) =>
    sql`delete from audit_events where id in (
  select id from audit_events where occurred_at < ${before} order by occurred_at, id limit ${limit})`,

  /** Notifications written before `before` (their audiences and recipients go with them). */
  deleteNotifications: (before: Date, limit: number) =>
    sql`delete from notifications where id in (
  select id from notifications where created_at < ${before} order by created_at, id limit ${limit})`,
};
