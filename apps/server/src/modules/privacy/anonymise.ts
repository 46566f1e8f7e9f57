import crypto from 'node:crypto';
import type { Queries } from '../../db/kysely.js';

const KEY_NAME = 'retention-hash-key';

/** The key's statements, built but not run. */
export const anonymiseKeyQueries = {
  offer: (db: Queries, candidate: string) =>
    db
      .insertInto('app_secrets')
      .values({ name: KEY_NAME, value: candidate })
      .onConflict((oc) => oc.column('name').doNothing()),
  read: (db: Queries) => db.selectFrom('app_secrets').select('value').where('name', '=', KEY_NAME),
};

/** An anonymised registration starts with this: no real (normalised) registration does. */
export const ANONYMISED_PREFIX = '#';

/**
 * Replaces registrations by a keyed hash (decision 48): HMAC-SHA-256 under a secret made once per
 * deployment (app_secrets), 54 bits of it in base64url after '#', so that it fits the 10-character
 * columns. The same plate always gives the same text, so counts and group-bys of anonymised rows add
 * up as before; without the key, nobody can test a plate against it.
 */
export interface Anonymiser {
  registration(value: string): string;
}

export async function loadAnonymiser(db: Queries): Promise<Anonymiser> {
  await anonymiseKeyQueries.offer(db, crypto.randomBytes(32).toString('base64')).execute();
  const row = await anonymiseKeyQueries.read(db).executeTakeFirst();
  if (!row) throw new Error('The anonymisation key could not be stored.');
  const key = Buffer.from(row.value, 'base64');
  return {
    registration(value) {
      if (value.startsWith(ANONYMISED_PREFIX)) return value;
      const digest = crypto.createHmac('sha256', key).update(value).digest('base64url');
      return `${ANONYMISED_PREFIX}${digest.slice(0, 9)}`;
    },
  };
}
