import crypto from 'node:crypto';
import type { Queries } from '../db/kysely.js';

const KEY_NAME = 'jwt-signing-key';

/** The key's statements, built but not run: what signing-key.sql shows. */
export const signingKeyQueries = {
  /** Stores a candidate key unless one is stored already. */
  offer: (db: Queries, candidate: string) =>
    db
      .insertInto('app_secrets')
      .values({ name: KEY_NAME, value: candidate })
      .onConflict((oc) => oc.column('name').doNothing()),
  read: (db: Queries) => db.selectFrom('app_secrets').select('value').where('name', '=', KEY_NAME),
};

/**
 * The token signing key lives in the database, made once by whichever process starts first,
 * so that every process behind a load balancer accepts every other's tokens.
 */
export async function loadSigningKey(db: Queries): Promise<Uint8Array> {
  const candidate = crypto.randomBytes(64).toString('base64');
  await signingKeyQueries.offer(db, candidate).execute();
  const row = await signingKeyQueries.read(db).executeTakeFirst();
  if (!row) throw new Error('The token signing key could not be stored.');
  return new Uint8Array(Buffer.from(row.value, 'base64'));
}
