import { createHash } from 'node:crypto';
import type { PGlite, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import {
  type Compilable,
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  DummyDriver,
  type Expression,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  type PostgresPool,
  type PostgresPoolClient,
  PostgresQueryCompiler,
  type QueryResult,
  type RawBuilder,
  sql,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import type { DB } from './database-types.js';

/**
 * The typed query handle (decision 31): a repository function takes one of these, whether it runs on
 * the app's connection or inside a transaction (`kysely.transaction().execute(tx => …)` hands over a
 * `Transaction<DB>`, which is one of these too).
 */
export type Queries = Kysely<DB>;

/** Kysely on the app's pg Pool: the same connections as everything else, never a pool of its own. */
export function postgresQueries(pool: pg.Pool): Queries {
  // The statements this pool's connections prepare, by name: at most PREPARED_STATEMENTS_MAX.
  const prepared = new Set<string>();
  const kyselyPool: PostgresPool = {
    connect: async () => {
      const client = await pool.connect();
      return preparingClient(client, () => client.release(), prepared);
    },
    // The pool belongs to the Database; its close() ends it.
    end: async () => {},
  };
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: kyselyPool }) });
}

/**
 * A connection's `query` that runs a text `selectPrepared` chose as a named prepared statement
 * (planned once per connection, then only executed) while its pool's bound has room, and any other
 * text as it is: the same inside a transaction as outside, since both run on connections of the same
 * pool.
 */
function preparingClient(
  client: pg.PoolClient,
  release: () => void,
  prepared: Set<string>,
): PostgresPoolClient {
  const query = (text: string, parameters: readonly unknown[]) => {
    const name = chosenTexts.get(text);
    const values = [...parameters];
    if (name === undefined || !(prepared.has(name) || prepared.size < PREPARED_STATEMENTS_MAX))
      return client.query(text, values);
    prepared.add(name);
    return client.query({ name, text, values });
  };
  // Kysely passes a cursor only when the dialect is given one; ours is not.
  return { query: query as unknown as PostgresPoolClient['query'], release };
}

/** Kysely on the app's PGlite instance (one connection in-process; its own mutex orders statements). */
export function pgliteQueries(client: PGlite): Queries {
  return new Kysely<DB>({ dialect: postgresLike(() => new PgliteDriver(client)) });
}

/** Kysely that only compiles (the committed SQL snapshots): running a query on it returns no rows. */
export function compileOnlyQueries(): Queries {
  return new Kysely<DB>({ dialect: postgresLike(() => new DummyDriver()) });
}

function postgresLike(createDriver: () => Driver): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver,
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

/**
 * A statement runs on the PGlite instance, or inside a transaction on PGlite's transaction handle:
 * `PGlite.transaction` holds the instance for the transaction's length (as drizzle's PGlite
 * transactions do), so no other statement lands between its BEGIN and COMMIT.
 */
class PgliteConnection implements DatabaseConnection {
  transaction: PgliteTransaction | undefined;
  private finish: { commit(): void; rollback(reason: Error): void; done: Promise<unknown> } | undefined;

  constructor(private readonly client: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const runner = this.transaction ?? this.client;
    const result = await runner.query<R>(query.sql, [...query.parameters]);
    return {
      rows: result.rows,
      ...(result.affectedRows === undefined ? {} : { numAffectedRows: BigInt(result.affectedRows) }),
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite answers whole results; streaming is not offered.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite.');
  }

  async begin(settings: TransactionSettings): Promise<void> {
    await new Promise<void>((started, failed) => {
      let commit = () => {};
      let rollback = (_reason: Error) => {};
      const done = this.client
        .transaction(async (tx) => {
          this.transaction = tx;
          started();
          await new Promise<void>((resolve, reject) => {
            commit = resolve;
            rollback = reject;
          });
        })
        .catch((error: unknown) => {
          failed(error);
          throw error;
        });
      this.finish = { commit: () => commit(), rollback: (reason) => rollback(reason), done };
    });
    if (settings.isolationLevel || settings.accessMode) {
      const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
      await this.transaction!.exec(`set transaction${level} ${settings.accessMode ?? ''}`);
    }
  }

  async end(commit: boolean): Promise<void> {
    const finish = this.finish!;
    this.finish = undefined;
    this.transaction = undefined;
    const reason = new Error('rolled back');
    if (commit) finish.commit();
    else finish.rollback(reason);
    await finish.done.catch((error: unknown) => {
      if (error !== reason) throw error;
    });
  }
}

class PgliteDriver implements Driver {
  constructor(private readonly client: PGlite) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PgliteConnection(this.client);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await (connection as PgliteConnection).begin(settings);
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PgliteConnection).end(true);
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PgliteConnection).end(false);
  }
  async releaseConnection(): Promise<void> {}
  /** The PGlite instance belongs to the Database; its close() closes it. */
  async destroy(): Promise<void> {}
}

/**
 * Most distinct statements one pool keeps prepared: each is held by every pooled connection that ran
 * it, so the plans a long-running process keeps stay bounded however many shapes (filters, sorts, list
 * lengths) the callers ask for. Past it, a new shape runs unprepared.
 */
export const PREPARED_STATEMENTS_MAX = 200;

/** The texts `selectPrepared` chose, with their names (a bounded memory of them, not of what is prepared). */
const chosenTexts = new Map<string, string>();
const CHOSEN_TEXTS_MAX = 4 * PREPARED_STATEMENTS_MAX;

/** The statement's name: its text's hash, so one text is always one statement and two never share a name. */
export function statementName(text: string): string {
  return `cp_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
}

/**
 * Runs a read as a named prepared statement: PostgreSQL plans it once per connection and then only
 * executes it (planning was 0.8 of the 0.95 ms a permits page's statement took at a million permits).
 * For the reads every request runs. The same on `database.kysely` and inside a transaction; on PGlite
 * (in-process: no plan cache across connections to keep) it is a plain query.
 */
export async function selectPrepared<O>(queries: Queries, query: Compilable<O>): Promise<O[]> {
  const compiled = query.compile();
  if (!chosenTexts.has(compiled.sql) && chosenTexts.size < CHOSEN_TEXTS_MAX)
    chosenTexts.set(compiled.sql, statementName(compiled.sql));
  return (await queries.executeQuery(compiled)).rows;
}

/**
 * A timestamptz as ISO 8601 text in UTC to the millisecond (`2026-01-02T03:04:05.678Z`), null staying
 * null: for `select(isoTextOf(eb.ref('created_at')).as('createdAt'))`.
 */
export function isoTextOf<V extends Date | string | null>(
  column: Expression<V>,
): RawBuilder<V extends null ? string | null : string> {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * Raw SQL that another library built (the job engine's, pg-boss), run on `queries`: a transaction's
 * connection, so that what it writes commits or rolls back with the transaction's own changes.
 */
export function rawSqlOn(queries: Queries): {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
} {
  return {
    executeSql: async (text, values) => {
      const result = await queries.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as Record<string, unknown>[] };
    },
  };
}
