import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { SqlSession } from './client.js';

/** pg-boss keeps its tables in a schema of its own. */
export const JOB_SCHEMA = 'pgboss';
const SCHEMA_VERSION: number = createRequire(import.meta.url)('pg-boss/version.json').schema;

/**
 * Installs or upgrades the job engine's tables; called under the start-up lock with the migrations,
 * so that processes started together do it once and the engine itself never migrates.
 */
export async function installJobSchema(session: SqlSession): Promise<void> {
  const [table] = (
    await session.query<{ name: string | null }>(`select to_regclass('${JOB_SCHEMA}.version') as name`)
  ).rows;
  if (!table?.name) {
    await session.exec(PgBoss.getConstructionPlans(JOB_SCHEMA));
    return;
  }
  const [row] = (await session.query<{ version: number }>(`select version from ${JOB_SCHEMA}.version`)).rows;
  for (let version = Number(row?.version ?? SCHEMA_VERSION); version < SCHEMA_VERSION; version++) {
    await session.exec(PgBoss.getMigrationPlans(JOB_SCHEMA, String(version)));
  }
}
