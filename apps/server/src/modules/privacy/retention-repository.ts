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

/** The operator's figure and the company's shorter one, for the row's site. */
const monthsOf = (column: 'transaction_months' | 'permit_months', operator: number) =>
  sql`make_interval(months => least(coalesce(r.${sql.ref(column)}, ${operator}), ${operator}))`;

/** A camera read that an open charge at its site, within a day of the stay, needs as evidence. */
export const readNeededByOpenCharge = (v: string) => sql`exists (
  select 1 from tickets k
  where k.vehicle_registration = ${sql.ref(`${v}.registration`)} and k.site_number = ${sql.ref(`${v}.site_number`)}
    and k.status in (${openStatuses})
    and k.violation_date between ${sql.ref(`${v}.entered_at`)} - interval '1 day'
      and coalesce(${sql.ref(`${v}.exited_at`)}, ${sql.ref(`${v}.entered_at`)}) + interval '1 day')`;

/**
 * The anonymisation key as HMAC-SHA-256's two padded keys (the key XOR 0x36 and XOR 0x5c, 64 bytes, in
 * hex), so that PostgreSQL's own sha256() computes the HMAC and no registration travels to the process
 * and back (decision 48): HMAC(k, m) = sha256(outer || sha256(inner || m)).
 */
export interface HashKey {
  inner: string;
  outer: string;
}

/**
 * A registration's keyed hash in SQL: '#' and the first 54 bits of the HMAC in base64url, the same
 * text as the Anonymiser's in anonymise.ts; one already hashed (or null) is left as it is.
 */
export const keyedHash = (value: RawBuilder<unknown>, key: HashKey) =>
  sql<string>`case when ${value} like '#%' then ${value}
  else '#' || substr(translate(encode(sha256(decode(${key.outer}, 'hex') || sha256(decode(${key.inner}, 'hex') || convert_to(${value}, 'UTF8'))), 'base64'), '+/', '-_'), 1, 9) end`;

/** What a walk needs to know of its run: the time, the periods, where it is and the batch size. */
export interface WalkParameters {
  now: Date;
  /** The operator's figure (days for reads, months otherwise). */
  operator: number;
  /** The shortest of the operator's and every client's: no row younger than this can be due. */
  shortest: number;
  after: WalkCursor;
  limit: number;
}

/** A table retention anonymises: its time and registration columns, its company and when a row is due. */
export interface Walked {
  kind: 'transactions' | 'sightings' | 'permits';
  table: 'transactions' | 'vehicle_sightings' | 'permits';
  time: 'occurred_at' | 'entered_at' | 'ended';
  registration: 'vehicle_registration' | 'registration';
  /** The join from `t` to its company's shorter periods `r`. */
  company: RawBuilder<unknown>;
  shortest(amount: number): RawBuilder<unknown>;
  due(p: WalkParameters): RawBuilder<boolean>;
}

const months = (n: number) => sql`make_interval(months => ${n})`;
const days = (n: number) => sql`make_interval(days => ${n})`;
const siteCompany = sql`join sites s on s.site_number = t.site_number
left join client_retention r on r.company_id = s.company_id`;

/** The three tables retention and erasure anonymise (decision 48). */
export const walkedTables: Record<Walked['kind'], Walked> = {
  transactions: {
    kind: 'transactions',
    table: 'transactions',
    time: 'occurred_at',
    registration: 'vehicle_registration',
    company: siteCompany,
    shortest: months,
    due: (p) =>
      sql<boolean>`t.occurred_at < ${p.now}::timestamptz - ${monthsOf('transaction_months', p.operator)}`,
  },
  sightings: {
    kind: 'sightings',
    table: 'vehicle_sightings',
    time: 'entered_at',
    registration: 'registration',
    company: siteCompany,
    shortest: days,
    due: (
      p,
    ) => sql<boolean>`t.entered_at < ${p.now}::timestamptz - make_interval(days => least(coalesce(r.camera_read_days, ${p.operator}), ${p.operator}))
    and not ${readNeededByOpenCharge('t')}`,
  },
  permits: {
    kind: 'permits',
    table: 'permits',
    time: 'ended',
    registration: 'vehicle_registration',
    company: sql`left join sites s on s.site_number = t.site_number
left join site_groups g on g.group_number = t.group_number
left join client_retention r on r.company_id = coalesce(s.company_id, g.company_id)`,
    shortest: months,
    due: (p) => sql<boolean>`t.ended < ${p.now}::timestamptz - ${monthsOf('permit_months', p.operator)}`,
  },
};

/** What one batch did: rows read and changed, and the last row read (the walk goes on after it). */
export interface BatchDone {
  scanned: number;
  changed: number;
  lastAt: Date | null;
  lastId: string | null;
  /** The statement's time on the server up to its answer: how long its row locks were held. */
  lockMs: number;
}

/**
 * Anonymises the rows `batch` (a locking select of id, at, due) finds due, in the same statement:
 * the registration keyed-hashed, a permit's driver's name blanked and its history's registration and
 * name changes with it. Used by the retention walks and by erasure.
 */
export const anonymiseBatch = (walked: Walked, batch: RawBuilder<unknown>, key: HashKey) => {
  const registration = sql.ref(`t.${walked.registration}`);
  const permit = walked.table === 'permits';
  const historyValue = (column: 'from_value' | 'to_value') =>
    sql`case when e.field = 'vehicleRegistration' then ${keyedHash(sql.ref(`e.${column}`), key)}
    when ${sql.ref(`e.${column}`)} is not null then '' end`;
  return sql<BatchDone>`with batch as (
${batch}
), changed as (
update ${sql.table(walked.table)} t set ${sql.ref(walked.registration)} = ${keyedHash(registration, key)}${permit ? sql`, driver_name = ''` : sql``}
from batch where t.id = batch.id and batch.due
returning t.id
)${
    permit
      ? sql`, history as (
update permit_events e set from_value = ${historyValue('from_value')}, to_value = ${historyValue('to_value')}
where e.permit_id in (select id from changed) and e.field in ('vehicleRegistration', 'driverName')
)`
      : sql``
  }
select count(*)::int as scanned, (select count(*)::int from changed) as changed,
  max(batch.at) as "lastAt", (array_agg(batch.id order by batch.at desc, batch.id desc))[1]::text as "lastId",
  extract(epoch from clock_timestamp() - statement_timestamp())::float8 * 1000 as "lockMs"
from batch`;
};

const overridesOf = (db: Queries) =>
  db
    .selectFrom('client_companies as c')
    .leftJoin('client_retention as r', 'r.company_id', 'c.id')
    .select([
      'c.id as companyId',
      'c.name as companyName',
      'r.camera_read_days as cameraReadDays',
      'r.permit_months as permitMonths',
      'r.transaction_months as transactionMonths',
    ]);

/** The statements of the retention walks, built but not run: what retention-repository.sql shows. */
export const retentionQueries = {
  /** Every client company's shorter periods (none: the operator's): what the job applies. */
  overrides: (db: Queries) => overridesOf(db).orderBy('c.name'),

  /**
   * The companies a viewer may set periods for (every one, or their own) whose name matches `pattern`
   * (ilike), at most `limit`, A to Z.
   */
  overridesInReach: (db: Queries, reach: 'all' | number, pattern: string, limit: number) => {
    const matching = overridesOf(db).where('c.name', 'ilike', pattern);
    return (reach === 'all' ? matching : matching.where('c.id', '=', reach)).orderBy('c.name').limit(limit);
  },

  /** One company's shorter periods (none: the operator's). */
  overrideOf: (db: Queries, companyId: number) => overridesOf(db).where('c.id', '=', companyId),

  /**
   * One car park's name, and its client company's name and shorter periods (nulls for a car park of
   * no company, or a company that set none): the public notice of that car park (decision 54).
   */
  siteNotice: (db: Queries, site: string) =>
    db
      .selectFrom('sites as s')
      .leftJoin('client_companies as c', 'c.id', 's.company_id')
      .leftJoin('client_retention as r', 'r.company_id', 's.company_id')
      .select([
        's.site_number as site',
        's.name as siteName',
        'c.name as companyName',
        'r.camera_read_days as cameraReadDays',
        'r.permit_months as permitMonths',
        'r.transaction_months as transactionMonths',
      ])
      .where('s.site_number', '=', site),

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

  /** The same for a walk's connection, whose batches are single statements each committed at once. */
  sessionLockTimeout: () => sql`set lock_timeout = '1s'`,

  /** The connection back to the server's default when the walk is done. */
  resetLockTimeout: () => sql`reset lock_timeout`,

  /**
   * One retention batch, one statement: the next rows of `walked` still holding a registration, oldest
   * first from `after` on, locked (`skip locked`: a row a clerk is editing waits for tomorrow), the due
   * ones anonymised in SQL with the keyed hash, and the walk's position and counts answered.
   */
  retentionBatch: (walked: Walked, p: WalkParameters, key: HashKey) => {
    const t = walked;
    return anonymiseBatch(
      walked,
      sql`select t.id, ${sql.ref(`t.${t.time}`)} as at, ${t.due(p)} as due
from ${sql.table(t.table)} t
${t.company}
where ${sql.ref(`t.${t.registration}`)} not like '#%'
  and ${sql.ref(`t.${t.time}`)} < ${p.now}::timestamptz - ${t.shortest(p.shortest)}
  and (${sql.ref(`t.${t.time}`)}, t.id) > (${p.after.at}::timestamptz, ${p.after.id})
order by ${sql.ref(`t.${t.time}`)}, t.id
limit ${p.limit}
for update of t skip locked`,
      key,
    );
  },

  /** Audit records past their time, oldest first: deleted a batch at a time. */
  deleteAudit: (before: Date, limit: number) =>
    sql`delete from audit_events where id in (
  select id from audit_events where occurred_at < ${before} order by occurred_at, id limit ${limit})`,

  /** Notifications written before `before` (their audiences and recipients go with them). */
  deleteNotifications: (before: Date, limit: number) =>
    sql`delete from notifications where id in (
  select id from notifications where created_at < ${before} order by created_at, id limit ${limit})`,
};
