import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlSession } from './client.js';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function listMigrations(): { name: string; sql: string }[] {
  return fs
    .readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(migrationsDir, name), 'utf8') }));
}

/** Applies every migration not yet recorded, each in its own transaction. Call under the start-up lock. */
export async function migrate(session: SqlSession): Promise<string[]> {
  await session.exec(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const done = new Set(
    (await session.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name),
  );
  const applied: string[] = [];
  for (const migration of listMigrations()) {
    if (done.has(migration.name)) continue;
    await session.exec('begin');
    try {
      await session.exec(migration.sql);
      await session.query('insert into schema_migrations (name) values ($1)', [migration.name]);
      await session.exec('commit');
    } catch (error) {
      await session.exec('rollback');
      throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
    }
    applied.push(migration.name);
  }
  return applied;
}
