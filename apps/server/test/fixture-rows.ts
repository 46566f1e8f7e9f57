import type { SQL } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

/**
 * Raw SQL for test, bench and browser-test fixtures (setting rows up and checking them), the same on
 * PGlite and node-postgres. The app's own queries never come here: they are built in repositories
 * with Kysely (decision 31).
 */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
