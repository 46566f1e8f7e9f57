import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type RowOf, selectRows } from '../db/rows.js';
import type { appSecrets } from '../db/schema.js';

/**
 * The token signing key lives in the database, made once by whichever process starts first,
 * so that every process behind a load balancer accepts every other's tokens.
 */
export async function loadSigningKey(db: Db): Promise<Uint8Array> {
  const candidate = crypto.randomBytes(64).toString('base64');
  await db.execute(
    sql`insert into app_secrets (name, value) values ('jwt-signing-key', ${candidate}) on conflict (name) do nothing`,
  );
  const [row] = await selectRows<Pick<RowOf<typeof appSecrets>, 'value'>>(
    db,
    sql`select value from app_secrets where name = 'jwt-signing-key'`,
  );
  if (!row) throw new Error('The token signing key could not be stored.');
  return new Uint8Array(Buffer.from(row.value, 'base64'));
}
