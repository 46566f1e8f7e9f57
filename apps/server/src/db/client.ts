import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { pgliteQueries, postgresQueries, type Queries } from './kysely.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL on one connection: used for migrations and the demo seed under the start-up lock. */
export interface SqlSession {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(text: string): Promise<void>;
  db: Db;
}

interface ListenHandlers {
  /** `payload`: what the NOTIFY carried ('' when nothing). */
  onNotify(payload: string): void;
  onListening(): void;
  onLost(): void;
}

export interface Listening {
  stop(): Promise<void>;
  /**
   * Resolves true once every notification committed before the call has been handled: a round trip
   * on the listening connection, sent after the call (PostgreSQL hands a listener the notifications
   * of a finished commit before it reads the next query). Calls at once share round trips. False
   * when not listening or when the round trip took too long: nothing relying on them is sure then.
   */
  settle(): Promise<boolean>;
}

/**
 * Raw SQL as node-postgres runs it (the job engine's driver interface): with values, one statement;
 * without, any number, answered as one result or, for several statements, an array of them.
 */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  /** Raw SQL on the same connection(s), for the job engine (pg-boss) to share them. */
  sql: SqlExecutor;
  db: Db;
  /** Typed queries (decision 31) on the same connection: the PGlite instance or the pool. */
  kysely: Queries;
  /**
   * Calls `onNotify` on every NOTIFY on `channel` (from any process), `onListening` each time the
   * subscription starts (what happened before is unknown) and `onLost` when it may miss some
   * (connection lost; it is re-established by itself).
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>;
  /** Runs `work` holding the cluster-wide start-up lock, so two processes never migrate at once. */
  withStartupLock<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  /** The connection pool's figures for /metrics; undefined on PGlite (one in-process connection, no pool). */
  poolFigures(): PoolFigures | undefined;
  close(): Promise<void>;
}

/** A PostgreSQL pool's use, read when /metrics is scraped. */
export interface PoolFigures {
  /** The most connections the pool opens (DATABASE_POOL_SIZE). */
  max: number;
  /** Connections open now, idle or in use. */
  open: number;
  idle: number;
  /** Requests waiting for a connection now. */
  waiting: number;
  /** Connections handed out since the start, and the seconds spent waiting for them in all. */
  acquired: number;
  waitSeconds: number;
}

const STARTUP_LOCK_ID = 7_261_904;

/** The extensions the migrations create (0018: pg_trgm, for the permits' search), loaded into every PGlite. */
const pgliteExtensions = { pg_trgm };

/** A PGlite with the extensions the schema needs: in memory, in `dataDir`, or from a dumped data dir. */
export function createPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: pgliteExtensions });
}

export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  return pgliteDatabase(await createPglite(dataDir ? { dataDir } : {}));
}

/** The app's view of an open PGlite (the API tests open theirs from a seeded snapshot). */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const session: SqlSession = {
    query: async (text, params) => {
      const r = await client.query(text, params as unknown[]);
      return { rows: r.rows as never[] };
    },
    exec: async (text) => {
      await client.exec(text);
    },
    db,
  };
  return {
    kind: 'pglite',
    db,
    sql: {
      executeSql: async (text, values) => {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        // As node-postgres answers the simple protocol: one result, or an array for several.
        return (results.length === 1 ? results[0] : results) as { rows: Record<string, unknown>[] };
      },
    },
    kysely: pgliteQueries(client),
    listen: async (channel, handlers) => {
      const stop = await client.listen(channel, (payload) => handlers.onNotify(payload ?? ''));
      handlers.onListening();
      return {
        // Stopping after the database was closed has nothing left to stop.
        stop: () => stop().catch(() => undefined),
        // In-process: a notification is handled with the statement that committed it.
        settle: async () => true,
      };
    },
    withStartupLock: (work) => work(session),
    ping: async () => {
      await client.query('select 1');
      return true;
    },
    poolFigures: () => undefined,
    close: once(() => client.close()),
  };
}

interface PoolOptions {
  /** Most connections this process opens. */
  poolSize?: number;
  /** How long a request waits for a connection (new or from the pool) before failing with 503. */
  connectTimeoutMs?: number;
}

const LISTEN_RETRY_MS = 1_000;
/** The longest a settling round trip on the listening connection may take before it counts as failed. */
const SETTLE_TIMEOUT_MS = 500;

/**
 * A pool whose lost connections never end the process. The pool listens for errors of idle clients
 * only (told here: an idle client died, the pool replaces it on next use); a client handed out, between
 * its queries (in a transaction, held by the job engine, streaming a report), that loses its connection
 * would emit an error nobody hears. Its next query fails instead, and the pool drops it on release.
 */
export function surviveLostConnections(pool: pg.Pool): pg.Pool {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

export async function openPostgres(
  connectionString: string,
  { poolSize = 10, connectTimeoutMs = 5_000 }: PoolOptions = {},
): Promise<Database> {
  const pool = surviveLostConnections(
    new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: connectTimeoutMs }),
  );
  const waits = measureConnectionWaits(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    sql: { executeSql: (text, values) => pool.query(text, values) },
    kysely: postgresQueries(pool),
    listen: (channel, handlers) => listenOnPostgres(connectionString, connectTimeoutMs, channel, handlers),
    withStartupLock: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
        const session: SqlSession = {
          query: async (text, params) => ({ rows: (await client.query(text, params)).rows }),
          exec: async (text) => {
            await client.query(text);
          },
          db: drizzlePg(client, { schema }) as unknown as Db,
        };
        return await work(session);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => undefined);
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
      return true;
    },
    poolFigures: () => ({
      max: poolSize,
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      acquired: waits.acquired,
      waitSeconds: waits.seconds,
    }),
    close: once(() => pool.end()),
  };
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: () => void,
) => void;

/**
 * Times every wait for a pooled connection: pool.query and Kysely both go through pool.connect (the
 * former with a callback), so one wrapper on it sees them all.
 */
function measureConnectionWaits(pool: pg.Pool): { acquired: number; seconds: number } {
  const totals = { acquired: 0, seconds: 0 };
  const connect = pool.connect.bind(pool) as (
    callback?: ConnectCallback,
  ) => Promise<pg.PoolClient> | undefined;
  const record = (started: number) => {
    totals.acquired += 1;
    totals.seconds += (performance.now() - started) / 1000;
  };
  const measured = (callback?: ConnectCallback) => {
    const started = performance.now();
    if (callback) {
      return connect((error, client, done) => {
        if (!error) record(started);
        callback(error, client, done);
      });
    }
    return connect()!.then((client) => {
      record(started);
      return client;
    });
  };
  pool.connect = measured as typeof pool.connect;
  return totals;
}

/**
 * LISTEN on a connection of its own (outside the pool), reconnecting after a loss; every loss is
 * reported so that whatever relies on the notifications stops trusting its copy until back.
 */
async function listenOnPostgres(
  connectionString: string,
  connectTimeoutMs: number,
  channel: string,
  handlers: ListenHandlers,
): Promise<Listening> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: connectTimeoutMs });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      handlers.onLost();
      next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), LISTEN_RETRY_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
      handlers.onListening();
    } catch (error) {
      lost();
      throw error;
    }
  };
  await connect().catch(() => undefined);
  // The round trip on the wire, and the one that waits for it to come back before it is sent.
  let sent: Promise<boolean> | undefined;
  let queued: Promise<boolean> | undefined;
  const send = (): Promise<boolean> => {
    const current = client;
    if (!current) return Promise.resolve(false);
    let timer: NodeJS.Timeout | undefined;
    // An empty query: PostgreSQL answers it without parsing or planning anything (a third of a
    // `select 1`'s round trip), and, like any command, sends pending notifications before it.
    const trip: Promise<boolean> = Promise.race([
      current.query('').then(
        () => client === current,
        () => false,
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
      }),
    ]).finally(() => {
      clearTimeout(timer);
      if (sent === trip) sent = undefined;
    });
    sent = trip;
    return trip;
  };
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
    settle: () => {
      if (!client) return Promise.resolve(false);
      if (queued) return queued;
      if (!sent) return send();
      const after = sent;
      queued = after.then(() => {
        queued = undefined;
        return send();
      });
      return queued;
    },
  };
}

export function openDatabase(
  options: { databaseUrl?: string; dataDir: string } & PoolOptions,
): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options)
    : openPglite(path.join(options.dataDir, 'pglite'));
}

/** A close that may be asked for more than once (a test that closed early, then its teardown). */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
