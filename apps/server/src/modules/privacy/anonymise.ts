import crypto from 'node:crypto';
import type { Queries } from '../../db/kysely.js';
import type { HashKey } from './retention-repository.js';

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
  /** The same key for SQL's keyedHash (retention-repository.ts), which hashes rows where they are. */
  key: HashKey;
}

/** HMAC's inner and outer padded keys (RFC 2104) of a key no longer than SHA-256's 64-byte block. */
export function hashKeyOf(key: Buffer): HashKey {
  if (key.length > 64) throw new Error('The anonymisation key is longer than a SHA-256 block.');
  const block = Buffer.alloc(64);
  key.copy(block);
  const xor = (pad: number) => Buffer.from(block.map((b) => b ^ pad)).toString('hex');
  return { inner: xor(0x36), outer: xor(0x5c) };
}

export async function loadAnonymiser(db: Queries): Promise<Anonymiser> {
  await anonymiseKeyQueries.offer(db, crypto.randomBytes(32).toString('base64')).execute();
  const row = await anonymiseKeyQueries.read(db).executeTakeFirst();
  if (!row) throw new Error('The anonymisation key could not be stored.');
  const key = Buffer.from(row.value, 'base64');
  return {
    key: hashKeyOf(key),
    registration(value) {
      if (value.startsWith(ANONYMISED_PREFIX)) return value;
      const digest = crypto.createHmac('sha256', key).update(value).digest('base64url');
      return `${ANONYMISED_PREFIX}${digest.slice(0, 9)}`;
    },
  };
}
