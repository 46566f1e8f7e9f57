import type { PGlite, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
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
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
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

const queriesByDb = new WeakMap<object, Queries>();

/** Lets `queriesOf` find the typed handle of this database's `db` (openPostgres and openPglite call it). */
export function registerQueries(database: { db: object; kysely: Queries }): void {
  queriesByDb.set(database.db, database.kysely);
}

/**
 * The typed handle on the same connection as an app's drizzle `db`, for a converted module whose
 * callers are not converted yet (they hold only `db`). A drizzle transaction has none: a statement
 * meant to run inside one must be given a Kysely transaction instead.
 */
export function queriesOf(db: object): Queries {
  const queries = queriesByDb.get(db);
  if (!queries)
    throw new Error('No typed query handle for this db: pass database.kysely (or a transaction of it).');
  return queries;
}
