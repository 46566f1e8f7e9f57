import type { Queries } from '../../db/kysely.js';

/** The readiness checks' statements, built but not run: what health-repository.sql shows. */
export const healthQueries = {
  appliedMigrations: (db: Queries) => db.selectFrom('schema_migrations').select('name'),
};

/** The names of the migrations applied to the database. */
export async function appliedMigrations(db: Queries): Promise<Set<string>> {
  const rows = await healthQueries.appliedMigrations(db).execute();
  return new Set(rows.map((row) => row.name));
}
