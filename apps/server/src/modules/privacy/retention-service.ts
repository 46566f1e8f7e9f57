import type { RetentionPolicy } from '@client-portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { RawBuilder } from 'kysely';
import type { Queries } from '../../db/kysely.js';
import { type Anonymiser, loadAnonymiser } from './anonymise.js';
import { readClientOverrides, readRetentionPolicy } from './retention-policy.js';
import { type Candidate, retentionQueries, type WalkCursor } from './retention-repository.js';

/** Rows per batch: each batch is one short transaction of its own (decision 48). */
export const RETENTION_BATCH_ROWS = 500;
/** A run's hold on its row; renewed as batches go, so a killed process's run is taken over after it. */
export const RETENTION_LEASE_SECONDS = 300;

/** What a run did: rows anonymised or deleted per kind, batches, and the longest batch's transaction. */
export interface RetentionStats {
  counts: Record<string, number>;
  batches: number;
  longestBatchMs: number;
}

export const emptyStats = (): RetentionStats => ({ counts: {}, batches: 0, longestBatchMs: 0 });

const add = (stats: RetentionStats, kind: string, n: number) => {
  stats.counts[kind] = (stats.counts[kind] ?? 0) + n;
};

/**
 * One batch in one short transaction whose statements give up waiting for a lock after a second
 * (`lock_timeout`), and whose own row locks last only as long as the batch. The longest is recorded.
 */
export async function inBatch<T>(
  db: Queries,
  stats: RetentionStats,
  work: (trx: Queries) => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const result = await db.transaction().execute(async (trx) => {
    await retentionQueries.lockTimeout().execute(trx);
    return work(trx);
  });
  stats.batches += 1;
  stats.longestBatchMs = Math.max(stats.longestBatchMs, Math.round(performance.now() - started));
  return result;
}

interface Walk {
  kind: string;
  candidates(after: WalkCursor): RawBuilder<Candidate>;
  apply(trx: Queries, due: Candidate[]): Promise<void>;
}

/** Walks a table oldest first by keyset, a batch at a time, anonymising the rows whose time has come. */
async function walk(db: Queries, stats: RetentionStats, step: Walk, onBatch: () => Promise<void>) {
  let after: WalkCursor = { at: new Date(0), id: 0 };
  add(stats, step.kind, 0);
  for (;;) {
    const { scanned, last } = await inBatch(db, stats, async (trx) => {
      const rows = (await step.candidates(after).execute(trx)).rows;
      const due = rows.filter((r) => r.due);
      if (due.length > 0) await step.apply(trx, due);
      add(stats, step.kind, due.length);
      return { scanned: rows.length, last: rows.at(-1) };
    });
    await onBatch();
    if (!last || scanned < RETENTION_BATCH_ROWS) return;
    after = { at: new Date(last.at), id: Number(last.id) };
  }
}

/** Anonymises these permits and the registration and name changes in their history. */
export async function anonymisePermits(
  trx: Queries,
  anonymiser: Anonymiser,
  permits: { id: number; registration: string }[],
) {
  if (permits.length === 0) return;
  await retentionQueries
    .anonymisePermits(
      permits.map((p) => Number(p.id)),
      permits.map((p) => anonymiser.registration(p.registration)),
    )
    .execute(trx);
  const events = await retentionQueries
    .permitHistoryValues(
      trx,
      permits.map((p) => Number(p.id)),
    )
    .execute();
  if (events.length === 0) return;
  const value = (field: string | null, v: string | null) =>
    v === null ? null : field === 'vehicleRegistration' ? anonymiser.registration(v) : '';
  await retentionQueries
    .anonymisePermitHistory(
      events.map((e) => Number(e.id)),
      events.map((e) => value(e.field, e.fromValue)),
      events.map((e) => value(e.field, e.toValue)),
    )
    .execute(trx);
}

const minus = (now: Date, months: number) => {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
};

/** Deletes in batches what is older than `before` (audit records, notifications). */
async function deleteOlder(
  db: Queries,
  stats: RetentionStats,
  kind: string,
  statement: (limit: number) => RawBuilder<unknown>,
  onBatch: () => Promise<void>,
) {
  add(stats, kind, 0);
  for (;;) {
    const n = await inBatch(db, stats, async (trx) =>
      Number((await statement(RETENTION_BATCH_ROWS).execute(trx)).numAffectedRows ?? 0),
    );
    add(stats, kind, n);
    await onBatch();
    if (n < RETENTION_BATCH_ROWS) return;
  }
}

/** Everything past its time, anonymised or deleted (no claim: see runRetention). */
export async function applyRetention(
  db: Queries,
  now: Date,
  onBatch: () => Promise<void> = async () => {},
  policy?: RetentionPolicy,
): Promise<RetentionStats> {
  const operator = policy ?? (await readRetentionPolicy(db));
  const overrides = await readClientOverrides(db);
  const shortest = (field: 'cameraReadDays' | 'permitMonths' | 'transactionMonths') =>
    Math.min(operator[field], ...overrides.map((o) => o[field] ?? operator[field]));
  const anonymiser = await loadAnonymiser(db);
  const stats = emptyStats();
  const limit = RETENTION_BATCH_ROWS;

  await walk(
    db,
    stats,
    {
      kind: 'sightings',
      candidates: (after) =>
        retentionQueries.sightingCandidates(
          now,
          operator.cameraReadDays,
          shortest('cameraReadDays'),
          after,
          limit,
        ),
      apply: async (trx, due) => {
        await retentionQueries
          .anonymiseSightings(
            due.map((r) => Number(r.id)),
            due.map((r) => anonymiser.registration(r.registration)),
          )
          .execute(trx);
      },
    },
    onBatch,
  );
  await walk(
    db,
    stats,
    {
      kind: 'permits',
      candidates: (after) =>
        retentionQueries.permitCandidates(now, operator.permitMonths, shortest('permitMonths'), after, limit),
      apply: (trx, due) => anonymisePermits(trx, anonymiser, due),
    },
    onBatch,
  );
  await walk(
    db,
    stats,
    {
      kind: 'transactions',
      candidates: (after) =>
        retentionQueries.transactionCandidates(
          now,
          operator.transactionMonths,
          shortest('transactionMonths'),
          after,
          limit,
        ),
      apply: async (trx, due) => {
        await retentionQueries
          .anonymiseTransactions(
            due.map((r) => Number(r.id)),
            due.map((r) => anonymiser.registration(r.registration)),
          )
          .execute(trx);
      },
    },
    onBatch,
  );
  await deleteOlder(
    db,
    stats,
    'auditEvents',
    (n) => retentionQueries.deleteAudit(minus(now, operator.auditMonths), n),
    onBatch,
  );
  await deleteOlder(
    db,
    stats,
    'notifications',
    (n) => retentionQueries.deleteNotifications(minus(now, operator.notificationMonths), n),
    onBatch,
  );
  return stats;
}

/** The UK day a scheduled run belongs to: one run per day however many processes get the job. */
export function retentionRunKey(now: Date): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
  return `schedule:${day}`;
}

/**
 * The scheduled retention run: claimed once across every process (a row in retention_runs keyed by
 * the UK day; a second process finds it taken and does nothing; a run whose process died is taken over
 * once its lease runs out), then applied batch by batch, and what it did recorded on that row.
 */
export async function runRetention(
  ctx: { db: Queries; log: FastifyBaseLogger },
  now: Date,
  runKey = retentionRunKey(now),
): Promise<{ ran: false } | ({ ran: true; runId: number } & RetentionStats)> {
  const claimed = (
    await retentionQueries.claimRun(runKey, 'schedule', RETENTION_LEASE_SECONDS).execute(ctx.db)
  ).rows[0];
  if (!claimed) {
    ctx.log.info({ runKey }, 'retention run already taken');
    return { ran: false };
  }
  const runId = Number(claimed.id);
  let batches = 0;
  const stats = await applyRetention(ctx.db, now, async () => {
    batches += 1;
    if (batches % 50 === 0)
      await retentionQueries.extendLease(ctx.db, runId, RETENTION_LEASE_SECONDS).execute();
  });
  await retentionQueries.finishRun(ctx.db, runId, stats).execute();
  ctx.log.info({ runKey, ...stats }, 'retention run finished');
  return { ran: true, runId, ...stats };
}
