import crypto from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';

/**
 * A fresh database for one test file: in-memory PGlite, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL (dropped again by `drop`).
 */
export async function createTestDatabase(): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openPglite();
    return { database, drop: () => database.close() };
  }
  const name = `cp_test_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { poolSize: 5 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
