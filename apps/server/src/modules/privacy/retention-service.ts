import type { RetentionPolicy } from '@client-portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { RawBuilder } from 'kysely';
import type { Queries } from '../../db/kysely.js';
import { loadAnonymiser } from './anonymise.js';
import { readClientOverrides, readRetentionPolicy } from './retention-policy.js';
import {
  type HashKey,
  retentionQueries,
  type WalkCursor,
  type Walked,
  walkedTables,
} from './retention-repository.js';

/** Rows per batch: each batch is one short transaction of its own (decision 48). */
export const RETENTION_BATCH_ROWS = 500;
/** A run's hold on its row; renewed as batches go, so a killed process's run is taken over after it. */
export const RETENTION_LEASE_SECONDS = 300;

/**
 * What a run did: rows anonymised or deleted per kind, batches, and the longest any batch held its
 * locks (a walk's statement on the server; a deletion's or erasure's transaction).
 */
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

/**
 * Walks a table oldest first by keyset, a batch at a time, anonymising the rows whose time has come
 * where they are. Each batch is one statement committed on its own (no transaction around it): its
 * row locks last only while PostgreSQL runs it, never while this process waits its turn for a CPU
 * (measured under load: a busy process holding a transaction open kept its locks for 12 s, decision
 * 48). The connection gives up waiting for a lock after a second for the walk's length; the longest
 * lock held is the statement's own time on the server, which it answers.
 */
async function walk(
  db: Queries,
  stats: RetentionStats,
  walked: Walked,
  periods: { operator: number; shortest: number },
  now: Date,
  key: HashKey,
  limit: number,
  onBatch: (stats: RetentionStats) => Promise<void>,
) {
  let after: WalkCursor = { at: new Date(0), id: 0 };
  add(stats, walked.kind, 0);
  const run = async (connection: Queries) => {
    for (;;) {
      const parameters = { now, ...periods, after, limit };
      const done = (await retentionQueries.retentionBatch(walked, parameters, key).execute(connection))
        .rows[0] ?? { scanned: 0, changed: 0, lastAt: null, lastId: null, lockMs: 0 };
      stats.batches += 1;
      stats.longestBatchMs = Math.max(stats.longestBatchMs, Math.round(Number(done.lockMs)));
      add(stats, walked.kind, Number(done.changed));
      await onBatch(stats);
      if (done.lastAt === null || done.lastId === null || Number(done.scanned) < limit) return;
      after = { at: new Date(done.lastAt), id: Number(done.lastId) };
    }
  };
  await db.connection().execute(async (connection) => {
    await retentionQueries.sessionLockTimeout().execute(connection);
    try {
      await run(connection);
    } finally {
      await retentionQueries.resetLockTimeout().execute(connection);
    }
  });
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
  onBatch: (stats: RetentionStats) => Promise<void>,
) {
  add(stats, kind, 0);
  for (;;) {
    const n = await inBatch(db, stats, async (trx) =>
      Number((await statement(RETENTION_BATCH_ROWS).execute(trx)).numAffectedRows ?? 0),
    );
    add(stats, kind, n);
    await onBatch(stats);
    if (n < RETENTION_BATCH_ROWS) return;
  }
}

/** Everything past its time, anonymised or deleted (no claim: see runRetention). */
export async function applyRetention(
  db: Queries,
  now: Date,
  onBatch: (stats: RetentionStats) => Promise<void> = async () => {},
  policy?: RetentionPolicy,
  batchRows = RETENTION_BATCH_ROWS,
): Promise<RetentionStats> {
  const operator = policy ?? (await readRetentionPolicy(db));
  const overrides = await readClientOverrides(db);
  const shortest = (field: 'cameraReadDays' | 'permitMonths' | 'transactionMonths') =>
    Math.min(operator[field], ...overrides.map((o) => o[field] ?? operator[field]));
  const { key } = await loadAnonymiser(db);
  const stats = emptyStats();
  const walks = [
    [walkedTables.sightings, 'cameraReadDays'],
    [walkedTables.permits, 'permitMonths'],
    [walkedTables.transactions, 'transactionMonths'],
  ] as const;
  for (const [walked, field] of walks) {
    const periods = { operator: operator[field], shortest: shortest(field) };
    await walk(db, stats, walked, periods, now, key, batchRows, onBatch);
  }
  const deletions = [
    ['auditEvents', operator.auditMonths, retentionQueries.deleteAudit],
    ['notifications', operator.notificationMonths, retentionQueries.deleteNotifications],
  ] as const;
  for (const [kind, months, statement] of deletions)
    await deleteOlder(db, stats, kind, (n) => statement(minus(now, months), n), onBatch);
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
