import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL on one connection: used for migrations and the demo seed under the start-up lock. */
export interface SqlSession {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(text: string): Promise<void>;
  db: Db;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs `work` holding the cluster-wide start-up lock, so two processes never migrate at once. */
  withStartupLock<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const STARTUP_LOCK_ID = 7_261_904;

export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
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
    withStartupLock: (work) => work(session),
    ping: async () => {
      await client.query('select 1');
      return true;
    },
    close: () => client.close(),
  };
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  pool.on('error', () => {
    // An idle client died (server restart); the pool replaces it on next use.
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
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
    close: () => pool.end(),
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(path.join(options.dataDir, 'pglite'));
}
