import { featuresInForce, SELF_VIEW } from '@client-portal/contract';
import { type Expression, sql } from 'kysely';
import { type Queries, selectPrepared } from '../../db/kysely.js';
import { type ApiKeyRecord, apiKeyPrincipal } from './api-key-principal.js';
import type { Principal } from './principal.js';

export interface PrincipalRecord {
  userId: string;
  email: string;
  securityStamp: number;
  accessAllSites: boolean;
  features: string[];
  flags: string[];
  access: string[];
  siteNumbers: string[];
  session: { id: string; type: 'identity' | 'msal'; revoked: boolean } | null;
}

/** `array(subquery)`: a subquery's one column as an array, empty when it has no rows. */
const arrayOf = <R extends Record<string, unknown>>(rows: Expression<R>) => sql<R[keyof R][]>`array(${rows})`;

/**
 * The caller's reload as one statement (user id, session id), run as a prepared statement: planned
 * once per connection instead of on every request (decision 10).
 */
const principalQuery = (queries: Queries, userId: string, sessionId: string) =>
  queries
    .selectFrom('users as u')
    .leftJoin('sessions as s', (join) =>
      join.on('s.id', '=', sql<string>`${sessionId}::uuid`).onRef('s.user_id', '=', 'u.id'),
    )
    .select((eb) => [
      'u.id',
      'u.email',
      'u.security_stamp',
      'u.access_all_sites',
      arrayOf(
        eb
          .selectFrom('user_roles as ur')
          .innerJoin('role_features as rf', 'rf.role_id', 'ur.role_id')
          .select('rf.feature')
          .distinct()
          .whereRef('ur.user_id', '=', 'u.id')
          .orderBy('rf.feature'),
      ).as('features'),
      arrayOf(eb.selectFrom('user_flags').select('flag').whereRef('user_id', '=', 'u.id').orderBy('flag')).as(
        'flags',
      ),
      arrayOf(
        eb
          .selectFrom('user_access')
          .select((access) => access.fn.coalesce('site_number', 'group_number').as('entry'))
          .whereRef('user_id', '=', 'u.id')
          .orderBy('entry'),
      ).as('access'),
      arrayOf(
        eb
          .selectFrom('user_access as ua')
          .select('ua.site_number')
          .whereRef('ua.user_id', '=', 'u.id')
          .where('ua.site_number', 'is not', null)
          .union(
            eb
              .selectFrom('user_access as ua')
              .innerJoin('site_group_members as m', 'm.group_number', 'ua.group_number')
              .select('m.site_number')
              .whereRef('ua.user_id', '=', 'u.id'),
          )
          .orderBy('site_number'),
      ).as('site_numbers'),
      's.type as session_type',
      eb('s.revoked_at', 'is not', null).as('session_revoked'),
    ])
    .where('u.id', '=', sql<string>`${userId}::uuid`)
    .where('u.removed_at', 'is', null)
    .where('u.deactivated_at', 'is', null)
    .where('u.address_held_elsewhere', '=', false);

/** The groups any of these sites belongs to (`= any` of one array: one statement text for any count). */
const groupsOfSitesQuery = (queries: Queries, sites: readonly string[]) =>
  queries
    .selectFrom('site_group_members')
    .select('group_number')
    .distinct()
    .where('site_number', '=', sql<string>`any(${[...sites]})`)
    .orderBy('group_number');

/** An API key by the SHA-256 of its text (hex), with its groups' sites: run on every key request. */
const apiKeyQuery = (queries: Queries, tokenHash: string) =>
  queries
    .selectFrom('api_keys as k')
    .select((eb) => [
      'k.id',
      'k.name',
      'k.created_by',
      'k.features',
      'k.access',
      'k.expires_at',
      eb('k.revoked_at', 'is not', null).as('revoked'),
      'k.scim_role_id',
      'k.scim_access',
      arrayOf(
        eb
          .selectFrom('role_features as rf')
          .select('rf.feature')
          .whereRef('rf.role_id', '=', 'k.scim_role_id')
          .orderBy('rf.feature'),
      ).as('scim_role_features'),
      arrayOf(
        eb
          .selectFrom('sites as s')
          .select('s.site_number')
          .where(sql<boolean>`s.site_number = any(${eb.ref('k.access')})`)
          .union(
            eb
              .selectFrom('site_group_members as m')
              .select('m.site_number')
              .where(sql<boolean>`m.group_number = any(${eb.ref('k.access')})`),
          )
          .orderBy('site_number'),
      ).as('site_numbers'),
    ])
    .where('k.token_hash', '=', tokenHash);

/** The statements of this repository, built but not run: what access-repository.sql shows. */
export const accessQueries = {
  principal: principalQuery,
  groupsOfSites: groupsOfSitesQuery,
  apiKey: apiKeyQuery,
};

/**
 * Loads a live (not removed, not deactivated: decision 46) user that is not a shadow (decision 0026) with everything the access checks need, or null.
 * One round trip, prepared: this runs on every authenticated request, and reads the rows afresh
 * each time, so removal and role or site changes apply on the very next request.
 */
export async function loadPrincipalRecord(
  queries: Queries,
  userId: string,
  sessionId: string,
): Promise<PrincipalRecord | null> {
  const [row] = await selectPrepared(queries, principalQuery(queries, userId, sessionId));
  if (!row) return null;
  // Operator-only features count only for all-sites users: a client role cannot reach operator settings.
  const features = featuresInForce(row.features, row.access_all_sites);
  if (!features.includes(SELF_VIEW)) features.push(SELF_VIEW);
  return {
    userId: row.id,
    email: row.email,
    securityStamp: row.security_stamp,
    accessAllSites: row.access_all_sites,
    features: features.sort(),
    flags: row.flags,
    access: row.access.filter((entry): entry is string => entry !== null),
    siteNumbers: row.site_numbers.filter((site): site is string => site !== null),
    session: row.session_type
      ? {
          id: sessionId,
          // sessions.type holds 'identity' or 'msal' (its check constraint).
          type: row.session_type === 'msal' ? 'msal' : 'identity',
          revoked: row.session_revoked === true,
        }
      : null,
  };
}

/** The groups any of these sites belongs to, by number. */
export async function groupsOfSites(queries: Queries, sites: readonly string[]): Promise<string[]> {
  if (sites.length === 0) return [];
  const rows = await selectPrepared(queries, groupsOfSitesQuery(queries, sites));
  return rows.map((r) => r.group_number);
}

/** The session id of work done for a user without one of their sessions (mails, digests). */
const NO_SESSION = '00000000-0000-0000-0000-000000000000';

/**
 * A live user as a principal for work done on their behalf outside a request (a digest, a report
 * subscription's mail): their access read now, so the policy answers as it would to them signed in.
 */
export async function loadPrincipalForJob(queries: Queries, userId: string): Promise<Principal | null> {
  const record = await loadPrincipalRecord(queries, userId, NO_SESSION);
  return record && { ...record, sessionId: NO_SESSION, sessionType: 'identity' };
}

/** A caller by API key, as the caller cache keeps it: the key's state and the principal it acts as. */
export interface ApiKeyCaller {
  kind: 'apiKey';
  keyId: string;
  principal: Principal;
  expiresAt: number;
  revoked: boolean;
}

/**
 * The key whose text hashes to `tokenHash` and the principal it acts as (its creator, narrowed to the
 * key), or null for an unknown key or one whose creator is removed. Revoked and expired keys are
 * answered as such, so that the caller can say why (and a cached answer stays right as time passes).
 */
export async function loadApiKeyCaller(queries: Queries, tokenHash: string): Promise<ApiKeyCaller | null> {
  const [row] = await selectPrepared(queries, apiKeyQuery(queries, tokenHash));
  if (!row) return null;
  const creator = await loadPrincipalRecord(queries, row.created_by, NO_SESSION);
  if (!creator) return null;
  const key: ApiKeyRecord = {
    id: row.id,
    name: row.name,
    features: row.features,
    access: row.access,
    siteNumbers: row.site_numbers.filter((site): site is string => site !== null),
    scim: { roleId: row.scim_role_id, roleFeatures: row.scim_role_features, access: row.scim_access },
  };
  return {
    kind: 'apiKey',
    keyId: row.id,
    principal: apiKeyPrincipal(key, creator),
    expiresAt: new Date(row.expires_at).getTime(),
    revoked: row.revoked === true,
  };
}
