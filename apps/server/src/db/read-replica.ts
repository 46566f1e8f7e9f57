import pg from 'pg';
import { type Database, type SqlExecutor, surviveLostConnections } from './client.js';
import { postgresQueries, type Queries } from './kysely.js';
import { isDatabaseUnreachable, isReplicaUnavailable } from './postgres-errors.js';
import { primaryWalPosition, standbyPosition } from './replica-repository.js';

/**
 * `ok`: heavy reads go to the replica; `lagging`: it answers but is further behind than the limit (or
 * how far is unknown); `down`: it cannot be reached, or it is no standby. Both of the last send the
 * heavy reads to the primary.
 */
export type ReplicaStatus = 'ok' | 'lagging' | 'down';

export interface ReplicaState {
  status: ReplicaStatus;
  /** Seconds of the primary's changes the replica has not replayed yet (null when unknown). */
  lagSeconds: number | null;
  /** Why the replica is not used (absent when it is). */
  reason?: string;
}

/**
 * A heavy read's two handles: `primary` for what decides what the caller may see (their sites and
 * view, a site just added), `rows` for the bulk of it (the replica's while it is healthy).
 */
export interface SplitReads {
  primary: Queries;
  rows: Queries;
}

/**
 * Where the heavy reads run (decision 41): statistics, reports and the invoice and permit downloads.
 * Everything else reads the primary, so that what a user has just changed is what they see.
 */
export interface HeavyReads {
  /**
   * The handle for one heavy read: the replica while it is healthy, else the primary. A statement the
   * replica fails to answer for want of a connection (or because replay cancelled it) runs again on
   * the primary, so a heavy read never fails because of the replica. Reads only, outside transactions.
   */
  queries(): Queries;
  /** The primary's handle and `queries()`, for a heavy read that checks the caller's reach first. */
  split(): SplitReads;
  /** The replica, when DATABASE_REPLICA_URL names one. */
  replica?: {
    /** Its state as last checked (at most a few seconds old when reads ask for it). */
    state(): ReplicaState;
    /** Checks it now: reachable, a standby, and how far behind. */
    check(): Promise<ReplicaState>;
  };
  close(): Promise<void>;
}

/** No replica: every read on the primary. */
export function primaryReads(primary: Database): HeavyReads {
  return {
    queries: () => primary.kysely,
    split: () => ({ primary: primary.kysely, rows: primary.kysely }),
    close: async () => {},
  };
}

/** How long a check's answer is trusted before the next heavy read asks again. */
const CHECK_EVERY_MS = 2_000;
/** Connections to the replica give up sooner than the primary's: the primary can answer instead. */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000;

interface ReplicaOptions {
  url: string;
  /** A replica further behind than this is not read (REPLICA_MAX_LAG_SECONDS). */
  maxLagSeconds: number;
  poolSize: number;
  connectTimeoutMs: number;
  /** Told when the state's status changes (the app logs it). */
  onChange?(state: ReplicaState, previous: ReplicaState): void;
}

/** Heavy reads on a streaming replica of `primary`, with a pool of their own. */
export function openReplicaReads(primary: Database, options: ReplicaOptions): HeavyReads {
  const connectionTimeoutMillis = Math.min(options.connectTimeoutMs, REPLICA_CONNECT_TIMEOUT_MS);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    connectionTimeoutMillis,
    application_name: 'client-portal-heavy-reads',
  });
  // The checks run on a connection of their own, never queued behind a long report.
  const checker = new pg.Pool({
    connectionString: options.url,
    max: 1,
    connectionTimeoutMillis,
    application_name: 'client-portal-replica-check',
  });
  // A connection the replica drops (restarted, or cancelling a query in conflict) ends no process: the
  // next use finds out and falls back to the primary.
  surviveLostConnections(pool);
  surviveLostConnections(checker);

  let state: ReplicaState = { status: 'down', lagSeconds: null, reason: 'not checked yet' };
  let checkedAt = 0;
  let checking: Promise<ReplicaState> | undefined;
  const record = (next: ReplicaState): ReplicaState => {
    const previous = state;
    state = next;
    checkedAt = Date.now();
    if (previous.status !== next.status) options.onChange?.(next, previous);
    return next;
  };
  const lost = (error: unknown) => record({ status: 'down', lagSeconds: null, reason: reasonOf(error) });

  const replicaSql: SqlExecutor = { executeSql: (text, values) => checker.query(text, values) };
  async function measure(): Promise<ReplicaState> {
    // The primary's position first: a replica that has replayed it is behind by nothing that matters.
    const primaryAt = await primaryWalPosition(primary.sql);
    const standby = await standbyPosition(replicaSql);
    if (!standby.recovering) return { status: 'down', lagSeconds: null, reason: 'not a standby' };
    const caughtUp = standby.replayed !== null && standby.replayed >= primaryAt;
    const lag = caughtUp ? 0 : standby.sinceLastReplayedCommit;
    if (lag === null) return { status: 'lagging', lagSeconds: null, reason: 'behind, by how long unknown' };
    if (lag > options.maxLagSeconds) {
      return {
        status: 'lagging',
        lagSeconds: lag,
        reason: `${Math.round(lag)} s behind (the limit is ${options.maxLagSeconds} s)`,
      };
    }
    return { status: 'ok', lagSeconds: lag };
  }
  const check = (): Promise<ReplicaState> => {
    checking ??= measure()
      .catch(
        (error: unknown): ReplicaState => ({ status: 'down', lagSeconds: null, reason: reasonOf(error) }),
      )
      .then(record)
      .finally(() => {
        checking = undefined;
      });
    return checking;
  };

  // A statement on the primary, one at a time: enough for reads outside transactions.
  const onPrimary = (text: string, values?: unknown[]) => {
    if (opensTransaction(text)) throw new Error('Heavy reads run outside transactions.');
    return primary.sql.executeSql(text, values);
  };
  const routingPool = {
    connect: async () => {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        if (!isReplicaUnavailable(error)) throw error;
        if (isDatabaseUnreachable(error)) lost(error);
        return {
          query: (config: QueryConfig, values?: unknown[]) => onPrimary(textOf(config), values),
          release() {},
        };
      }
      return fallingBack(client);
    },
  };
  /** The replica's connection, each statement run again on the primary when the replica cannot answer it. */
  function fallingBack(client: pg.PoolClient) {
    let inTransaction = false;
    let broken = false;
    return {
      query: async (config: QueryConfig, values?: unknown[]) => {
        const text = textOf(config);
        if (broken) return onPrimary(text, values);
        try {
          const result = await client.query(config as string, values);
          if (opensTransaction(text)) inTransaction = true;
          if (/^\s*(commit|rollback|end)\b/i.test(text)) inTransaction = false;
          return result;
        } catch (error) {
          if (inTransaction || !isReplicaUnavailable(error)) throw error;
          broken = true;
          if (isDatabaseUnreachable(error)) lost(error);
          return onPrimary(text, values);
        }
      },
      // A connection that failed is not given back to the pool.
      release: () => client.release(broken || undefined),
    };
  }
  const replicaQueries = postgresQueries(routingPool as unknown as pg.Pool);

  const queries = () => {
    if (Date.now() - checkedAt > CHECK_EVERY_MS) void check();
    return state.status === 'ok' ? replicaQueries : primary.kysely;
  };
  return {
    queries,
    split: () => ({ primary: primary.kysely, rows: queries() }),
    replica: { state: () => state, check },
    close: async () => {
      await checking;
      await Promise.all([pool.end(), checker.end()]);
    },
  };
}

type QueryConfig = string | { text: string; name?: string };

const textOf = (config: QueryConfig): string => (typeof config === 'string' ? config : config.text);
const opensTransaction = (text: string): boolean => /^\s*(begin|start\s+transaction)\b/i.test(text);

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message || (error as { code?: string }).code || 'unreachable';
}
