import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { SqlExecutor } from '../../db/client.js';
import { JOB_SCHEMA } from '../../db/job-schema.js';
import { type Queries, rawSqlOn } from '../../db/kysely.js';
import { CRON_TIME_ZONE, type CronSchedule, type JobKind, jobKinds } from './job-kinds.js';
import { handBackFetchedJob, startRetriesNow } from './jobs-repository.js';

/** What a handler learns of its job besides the data. */
export interface JobContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

interface Handler {
  kind: JobKind;
  schema: z.ZodType;
  run(data: unknown, job: JobContext): Promise<void>;
  /** How many jobs of the kind this process runs at once. */
  concurrency: number;
}

export interface SendOptions {
  /** A fixed id (see `jobIdOf`): sending the same job twice queues it once. */
  id?: string;
  startAfter?: Date;
  /** Queue it inside this transaction: it exists only if the transaction commits (an outbox). */
  transaction?: Queries;
}

export interface JobEngine {
  /** Does this process run jobs (PROCESS_ROLE worker or all), or only queue them (web)? */
  readonly runsJobs: boolean;
  send(kind: JobKind, data: object, options?: SendOptions): Promise<string | null>;
  /** Queues many jobs of one kind, a thousand to a statement; a job whose id is queued already is skipped. */
  sendMany(kind: JobKind, jobs: readonly { data: object; id: string }[]): Promise<void>;
  /**
   * The jobs of `kind` waiting out their backoff are tried now: what a handler calls once a retry
   * succeeds (the mail server is back), so that the backlog goes at once rather than over hours.
   */
  retryWaitingNow(kind: JobKind): Promise<void>;
  /** Registers the handler of a kind; it runs only in processes that run jobs. Call before start. */
  handle<S extends z.ZodType>(
    kind: JobKind,
    schema: S,
    run: (data: z.output<S>, job: JobContext) => Promise<void>,
    options?: { concurrency?: number },
  ): void;
  /** Declares the cron schedules; pg-boss sends each once per due minute however many processes run. */
  schedule(schedules: readonly CronSchedule[]): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Started and not stopped: for GET /api/ready. */
  running(): boolean;
  /** The underlying pg-boss, for the admin's list of failed jobs. */
  readonly boss: PgBoss;
}

/** A job id made from its parts: the same parts always name the same job (idempotent sends). */
export function jobIdOf(...parts: string[]): string {
  const hex = crypto.createHash('sha256').update(parts.join('\u0000')).digest('hex');
  // Shaped as a version-4-like UUID, which is what pg-boss's id column holds.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface JobEngineOptions {
  sql: SqlExecutor;
  runsJobs: boolean;
  /** How often an idle process asks which kinds have a job ready (a send in this process wakes its workers at once). */
  pollSeconds: number;
  /** How often a worker fails the attempts that ran past their limit (see JOB_MAINTENANCE_SECONDS). */
  maintenanceSeconds?: number;
  /** Caps every kind's attempt limit (see JOB_ATTEMPT_SECONDS_MAX). */
  attemptSecondsMax?: number;
  log: FastifyBaseLogger;
}

const SEND_MANY_CHUNK = 1000;

/**
 * How often a worker asks pg-boss for a job of its own kind when nothing woke it: a safety net only.
 * Idle processes ask once per `pollSeconds` which kinds have a job ready (`readyKinds`) and wake
 * those kinds' workers, instead of every worker (18 of them, 8 for webhooks alone) running pg-boss's
 * fetch each poll: 36 statements a second at the API tests' half-second poll, which held an idle app
 * at 29 % of a core on the embedded database (decision 40, amended).
 */
const WORKER_FALLBACK_POLL_SECONDS = 60;

/** The kinds with a job waiting whose start time has come (pg-boss's fetch index, job_i5, serves it). */
const readyKindsSql = `select distinct name from ${JOB_SCHEMA}.job where state < 'active' and start_after <= now()`;

const bossPlans: { completeJobs(schema: string): string; failJobsById(schema: string): string } =
  createRequire(import.meta.url)('pg-boss/src/plans.js');

/**
 * pg-boss 10 records that a job completed or failed without awaiting the statement (onFetch in its
 * manager.js): when the database is gone at that moment (restarting, or the pool closing at shutdown)
 * the rejection would be unhandled and end the process. Those two statements are caught and logged
 * here; the job stays active, expires and runs again, which every handler tolerates (idempotent).
 */
function catchingUnawaitedCompletions(sql: SqlExecutor, log: FastifyBaseLogger): SqlExecutor {
  const completions = new Set([bossPlans.completeJobs(JOB_SCHEMA), bossPlans.failJobsById(JOB_SCHEMA)]);
  return {
    async executeSql(text, values) {
      if (!completions.has(text)) return sql.executeSql(text, values);
      try {
        return await sql.executeSql(text, values);
      } catch (err) {
        log.warn({ err }, 'job engine could not record a job as done; it will run again');
        return { rows: [{ count: '0' }] };
      }
    },
  };
}

/** pg-boss's statements, counted while they run (its fetches among them). */
function countingStatements(sql: SqlExecutor): { sql: SqlExecutor; inFlight(): number } {
  let inFlight = 0;
  return {
    sql: {
      async executeSql(text, values) {
        inFlight++;
        try {
          return await sql.executeSql(text, values);
        } finally {
          inFlight--;
        }
      },
    },
    inFlight: () => inFlight,
  };
}

/** How long a stop waits, in all, for pg-boss's running jobs and then for its fetches on their way. */
const STOP_WAIT_MS = 10_000;

/**
 * The portal's background work on pg-boss, over the app's own database connection(s): PostgreSQL or
 * the embedded PGlite alike (decision 40).
 */
export function createJobEngine(options: JobEngineOptions): JobEngine {
  const bossStatements = countingStatements(options.sql);
  const boss = new PgBoss({
    db: catchingUnawaitedCompletions(bossStatements.sql, options.log) as PgBoss.Db,
    schema: JOB_SCHEMA,
    migrate: false,
    // Only processes that run jobs expire stuck ones, archive, and send cron jobs.
    supervise: options.runsJobs,
    schedule: options.runsJobs,
    pollingIntervalSeconds: options.pollSeconds,
    cronWorkerIntervalSeconds: 5,
    maintenanceIntervalSeconds: options.maintenanceSeconds ?? 60,
    // Mail jobs hold message bodies (reset links): completed ones leave within a day.
    archiveCompletedAfterSeconds: 3600,
    // Failed jobs stay on the administrators' list (and can be retried) for two weeks.
    archiveFailedAfterSeconds: 14 * 24 * 3600,
    deleteAfterHours: 23,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => options.log.error({ err }, 'job engine error'));

  const policyOf = (kind: JobKind) => {
    const policy = jobKinds[kind];
    const max = options.attemptSecondsMax;
    return max && max < policy.expireInSeconds ? { ...policy, expireInSeconds: max } : policy;
  };
  const handlers: Handler[] = [];
  const schedules: CronSchedule[] = [];
  const workerIds = new Map<JobKind, string[]>();
  let state: 'new' | 'running' | 'stopped' = 'new';
  let nextPoll: NodeJS.Timeout | undefined;

  /** One statement per poll: wakes the workers of each kind that has a job ready, then waits again. */
  const pollReadyKinds = async () => {
    try {
      const { rows } = await options.sql.executeSql(readyKindsSql);
      for (const row of rows as { name: JobKind }[]) {
        for (const workerId of workerIds.get(row.name) ?? []) boss.notifyWorker(workerId);
      }
    } catch (err) {
      // The database is away (restarting): the next poll tries again.
      options.log.debug({ err }, 'job engine could not ask for ready jobs');
    }
    if (state === 'running') nextPoll = setTimeout(pollReadyKinds, options.pollSeconds * 1000);
  };

  /** Jobs being handed back because they arrived as this process stopped (see `stop`). */
  const handingBack = new Set<Promise<void>>();
  const handBack = async (jobs: PgBoss.JobWithMetadata<object>[]) => {
    for (const job of jobs) await handBackFetchedJob(options.sql, job.id, job.retryCount);
  };

  const runOne = (handler: Handler) => async (jobs: PgBoss.JobWithMetadata<object>[]) => {
    if (state === 'stopped') {
      // Fetched as the process stopped: not run here, but put back for another process (pg-boss's
      // completion then matches nothing, the job being no longer active). Should putting it back fail
      // (the database gone), the error makes pg-boss record a failure rather than a completion: the job
      // is tried again either way, never marked done unrun.
      const handing = handBack(jobs);
      const settled = handing.then(
        () => undefined,
        () => undefined,
      );
      handingBack.add(settled);
      void settled.then(() => handingBack.delete(settled));
      return handing;
    }
    for (const job of jobs) {
      const data = handler.schema.safeParse(job.data);
      if (!data.success) throw new Error(`${handler.kind} job ${job.id}: data not as expected`);
      await handler.run(data.data, { id: job.id, retryCount: job.retryCount });
    }
  };

  return {
    runsJobs: options.runsJobs,
    boss,
    async send(kind, data, sendOptions = {}) {
      const id = await boss.send(kind, data, {
        ...policyOf(kind),
        ...(sendOptions.id ? { id: sendOptions.id } : {}),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.transaction ? { db: rawSqlOn(sendOptions.transaction) as PgBoss.Db } : {}),
      });
      // Wake this process's own workers of the kind now rather than at their next poll; a job
      // queued in a transaction waits for the poll (it is not visible before the commit).
      if (!sendOptions.transaction && !sendOptions.startAfter) {
        for (const workerId of workerIds.get(kind) ?? []) boss.notifyWorker(workerId);
      }
      return id;
    },
    async sendMany(kind, jobs) {
      for (let i = 0; i < jobs.length; i += SEND_MANY_CHUNK) {
        await boss.insert(
          jobs.slice(i, i + SEND_MANY_CHUNK).map((job) => ({ name: kind, ...policyOf(kind), ...job })),
        );
      }
      for (const workerId of workerIds.get(kind) ?? []) boss.notifyWorker(workerId);
    },
    async retryWaitingNow(kind) {
      await startRetriesNow(options.sql, kind);
      for (const workerId of workerIds.get(kind) ?? []) boss.notifyWorker(workerId);
    },
    handle(kind, schema, run, handleOptions = {}) {
      if (state !== 'new') throw new Error(`handle(${kind}) after the job engine started`);
      handlers.push({
        kind,
        schema,
        run: run as Handler['run'],
        concurrency: handleOptions.concurrency ?? 1,
      });
    },
    schedule(next) {
      schedules.push(...next);
    },
    async start() {
      if (state !== 'new') return;
      await boss.start();
      state = 'running';
      const existing = new Set((await boss.getQueues()).map((q) => q.name));
      for (const kind of Object.keys(jobKinds) as JobKind[]) {
        const policy = { name: kind, ...policyOf(kind) };
        if (existing.has(kind)) await boss.updateQueue(kind, policy);
        else await boss.createQueue(kind, policy);
      }
      if (!options.runsJobs) return;
      for (const entry of schedules) {
        await boss.schedule(entry.kind, entry.cron, {}, { tz: CRON_TIME_ZONE });
      }
      // A kind with no schedule here any more must not keep firing from an earlier version's.
      const declared = new Set(schedules.map((s) => s.kind));
      for (const old of await boss.getSchedules()) {
        if (!declared.has(old.name as JobKind)) await boss.unschedule(old.name);
      }
      for (const handler of handlers) {
        const ids: string[] = [];
        for (let i = 0; i < handler.concurrency; i++) {
          const worker: { id?: string } = {};
          const run = runOne(handler);
          worker.id = await boss.work(
            handler.kind,
            { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: WORKER_FALLBACK_POLL_SECONDS },
            async (jobs: PgBoss.JobWithMetadata<object>[]) => {
              await run(jobs);
              // pg-boss 10 waits the polling interval after every fetch, even one that found work:
              // a worker that just ran a job asks again at once, so a backlog goes as fast as it runs.
              if (worker.id) boss.notifyWorker(worker.id);
            },
          );
          ids.push(worker.id);
        }
        workerIds.set(handler.kind, ids);
      }
      nextPoll = setTimeout(pollReadyKinds, options.pollSeconds * 1000);
    },
    async stop() {
      if (state !== 'running') {
        state = 'stopped';
        return;
      }
      state = 'stopped';
      clearTimeout(nextPoll);
      const deadline = Date.now() + STOP_WAIT_MS;
      // Lets running jobs finish for a while; one cut short expires and runs again in another process.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: STOP_WAIT_MS });
      // pg-boss waits for the jobs its workers hold, not for a fetch still on its way: that job would
      // reach a handler after the stop, its database maybe closed, and stay active until it expired
      // (two minutes for a mail). Wait for those fetches to answer (a turn of the event loop lets a
      // worker pass what one brought to runOne) and for runOne to hand their jobs back.
      while (Date.now() < deadline) {
        await new Promise((resolve) => setImmediate(resolve));
        if (bossStatements.inFlight() === 0 && handingBack.size === 0) break;
        await Promise.race([...handingBack, new Promise((resolve) => setTimeout(resolve, 10))]);
      }
    },
    running: () => state === 'running',
  };
}
