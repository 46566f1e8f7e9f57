import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createPglite, openPostgres, pgliteDatabase } from '../src/db/client.js';
import { prepareDatabase } from '../src/db/prepare.js';
import { adminQuery, databaseUrlOn } from './test-database.js';

/**
 * The database every API test file starts from, migrated and seeded once for the run by the server
 * project's global setup: a PGlite data folder snapshot (a tar file), or a template database on the
 * PostgreSQL server named by TEST_DATABASE_URL. Seeding is most of a fresh database's cost; a copy is
 * the same rows for a fraction of it. The migrations and the seed themselves keep tests of their own
 * (src/db/prepare.test.ts, src/db/seed/seed.test.ts) on fresh databases.
 */
export interface SeededDatabase {
  /** The day the data is seeded around (every file's TEST_TODAY). */
  today: string;
  pgliteSnapshot?: string;
  postgres?: { serverUrl: string; template: string };
}

/** One transaction per site and day keeps the seed small; the scale benchmark seeds the real amount. */
export const TEST_SEED = { seed: true, transactionsPerSitePerDay: 1 } as const;

let made: SeededDatabase | undefined;

/** Where PGlite keeps its data folder in its own (in-memory) file system. */
const PGLITE_DATA_DIR = '/pglite/data';

export async function setup(project: TestProject) {
  const today = new Date();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `cp_template_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${template}`);
    made = { today: today.toISOString(), postgres: { serverUrl, template } };
    const database = await openPostgres(databaseUrlOn(serverUrl, template), { poolSize: 2 });
    try {
      await prepareDatabase(database, { ...TEST_SEED, today });
    } finally {
      await database.close();
    }
  } else {
    const client = await createPglite();
    await prepareDatabase(pgliteDatabase(client), { ...TEST_SEED, today });
    await dropSpentWal(client);
    const snapshot = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cp-test-seed-')), 'seeded.tar');
    fs.writeFileSync(snapshot, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await client.close();
    made = { today: today.toISOString(), pgliteSnapshot: snapshot };
  }
  project.provide('seededDatabase', made);
}

/**
 * Every API test file loads the snapshot, and loading takes time by the megabyte: after a checkpoint
 * the write-ahead log's segments other than the current one (spent, or made ready for later) are not
 * needed to start, and are most of a seeded data folder (64 of 117 MB).
 */
async function dropSpentWal(client: PGlite): Promise<void> {
  await client.exec('checkpoint');
  const [current] = (
    await client.query<{ name: string }>('select pg_walfile_name(pg_current_wal_lsn()) as name')
  ).rows;
  const fs = client.Module.FS;
  const walDir = `${PGLITE_DATA_DIR}/pg_wal`;
  for (const name of fs.readdir(walDir)) {
    if (/^[0-9A-F]{24}$/.test(name) && name !== current!.name) fs.unlink(`${walDir}/${name}`);
  }
}

export async function teardown() {
  if (made?.pgliteSnapshot) fs.rmSync(path.dirname(made.pgliteSnapshot), { recursive: true, force: true });
  if (made?.postgres)
    await adminQuery(
      made.postgres.serverUrl,
      `drop database if exists ${made.postgres.template} with (force)`,
    );
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededDatabase: SeededDatabase;
  }
}
