import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createPglite, type Database, openPglite, openPostgres, pgliteDatabase } from '../src/db/client.js';

/**
 * A fresh database for one test file: in-memory PGlite, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL (dropped again by `drop`). With `seeded`, a copy of the run's
 * migrated and seeded database when the global setup made one for that server; otherwise empty.
 */
export async function createTestDatabase(
  serverUrl: string | undefined = process.env.TEST_DATABASE_URL,
  options: { seeded?: boolean } = {},
): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> {
  const made = options.seeded ? inject('seededDatabase') : undefined;
  if (!serverUrl) {
    const snapshot = made?.pgliteSnapshot;
    const database = snapshot
      ? pgliteDatabase(await createPglite({ loadDataDir: new Blob([fs.readFileSync(snapshot)]) }))
      : await openPglite();
    return { database, drop: () => database.close() };
  }
  const template = made?.postgres?.serverUrl === serverUrl ? made.postgres.template : undefined;
  const name = `cp_test_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = databaseUrlOn(serverUrl, name);
  const database = await openPostgres(url, { poolSize: 5 });
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** The address of database `name` on the server of `serverUrl`. */
export function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
