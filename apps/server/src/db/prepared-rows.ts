import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Db } from './client.js';
import { selectRows } from './rows.js';

/**
 * Most distinct statements one process keeps prepared: each is held by every pooled connection that
 * ran it, so the plans a long-running process keeps stay bounded however many shapes (filters, sorts,
 * IN-list lengths) the callers ask for. Past it, a new shape runs unprepared.
 */
export const PREPARED_STATEMENTS_MAX = 200;

const dialect = new PgDialect();

interface Runner {
  prepared: Database['prepared'];
  names: Set<string>;
}

const runners = new WeakMap<Db, Runner>();

/** Lets selectPreparedRows on this database's `db` run named prepared statements (openPostgres and openPglite call it). */
export function registerPreparedStatements(database: Pick<Database, 'db' | 'prepared'>): void {
  runners.set(database.db, { prepared: database.prepared, names: new Set() });
}

/** Names already made, by text: a page's statements are hashed once, not on every request. */
const namesByText = new Map<string, string>();
const NAMES_BY_TEXT_MAX = 4 * PREPARED_STATEMENTS_MAX;

/** The statement's name: its text's hash, so one text is always one statement and two never share a name. */
export function statementName(text: string): string {
  let name = namesByText.get(text);
  if (name === undefined) {
    if (namesByText.size >= NAMES_BY_TEXT_MAX) namesByText.clear();
    name = `cp_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    namesByText.set(text, name);
  }
  return name;
}

/**
 * Like selectRows, as a named prepared statement: PostgreSQL plans it once per connection and then
 * only executes it (planning was 0.8 of the 0.95 ms a permits page's statement took at a million
 * permits). For the reads every list request runs. Inside a transaction (a `db` not registered) it is
 * selectRows.
 */
export async function selectPreparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const runner = runners.get(db);
  if (!runner) return selectRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = statementName(text);
  if (!runner.names.has(name)) {
    if (runner.names.size >= PREPARED_STATEMENTS_MAX) return selectRows<T>(db, query);
    runner.names.add(name);
  }
  return runner.prepared<T>(name, text, params);
}
