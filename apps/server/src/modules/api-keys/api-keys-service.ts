import {
  type ApiKey,
  type ApiKeyPage,
  type ApiKeysPageQuery,
  addIsoDays,
  type apiKeyInputSchema,
  type CreatedApiKey,
  SCIM_FEATURE,
  ukInstant,
} from '@client-portal/contract';
import type { z } from 'zod';
import type { Queries } from '../../db/kysely.js';
import { FieldErrors, forbidden, notFound } from '../../plugins/problem.js';
import { type Principal, policy } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import { listRoles, roleViewer } from '../roles/index.js';
import { apiKeyHint, newApiKeyToken } from './api-key-tokens.js';
import {
  type ApiKeyRow,
  apiKeysQueries,
  findVisibleKeyForUpdate,
  pageVisibleKeys,
} from './api-keys-repository.js';

type ApiKeyInput = z.output<typeof apiKeyInputSchema>;

/** One key as the API shows it: never its text, only how it is recognised. */
function presentKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    hint: apiKeyHint(row.lastFour),
    companyName: row.companyName,
    createdBy: row.createdBy,
    features: row.features,
    access: row.access,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    state: row.revokedAt !== null ? 'revoked' : row.expired ? 'expired' : 'active',
    scim: row.features.includes(SCIM_FEATURE)
      ? { roleId: row.scimRoleId, roleName: row.scimRoleName, access: row.scimAccess }
      : null,
  };
}

const actorOf = (principal: Principal) => ({ userId: principal.userId, email: principal.email });

/**
 * A client manager's new key for their company: some of their own features (those a key may hold)
 * and some of the sites and groups where they act, until the end of a UK day within a year. The key's
 * text is answered once and kept only as its hash; the creation is audited in the same transaction.
 */
export async function createApiKey(
  db: Queries,
  principal: Principal,
  input: ApiKeyInput,
): Promise<CreatedApiKey> {
  const viewer = await roleViewer(db, principal);
  if (!policy.mayCreateApiKeys(viewer)) {
    throw forbidden("API keys are made by a client company's manager, for the sites of one company.");
  }
  const features = [...new Set(input.features)].sort();
  const access = [...new Set(input.access)].sort();
  const beyond = policy.apiKeyGrantBeyondCaller(principal, { features, access });
  const errors = new FieldErrors();
  if (beyond.features.length > 0)
    errors.add('features', `You do not hold these features: ${beyond.features.join(', ')}.`);
  if (beyond.access.length > 0)
    errors.add('access', `These sites or groups are not assigned to you: ${beyond.access.join(', ')}.`);
  // SCIM (decision 46): a key holding Users.Add provisions accounts with a role the manager may assign,
  // at some of the key's own sites. Without Users.Add a key has no mapping.
  const scim = features.includes(SCIM_FEATURE)
    ? { roleId: input.scimRoleId ?? null, access: [...new Set(input.scimAccess ?? [])].sort() }
    : { roleId: null, access: [] };
  if (scim.roleId !== null) {
    const role = (await listRoles(db)).find((r) => r.id === scim.roleId);
    const mapping = policy.apiKeyScimMappingBeyond(viewer, { access, scimAccess: scim.access, role });
    if (mapping.role) errors.add('scimRoleId', 'You cannot assign this role.');
    if (mapping.access.length > 0)
      errors.add(
        'scimAccess',
        `These sites or groups are not among the key's: ${mapping.access.join(', ')}.`,
      );
  }
  errors.throwIfAny();
  // The key works to the end of its last UK day: until midnight that starts the next.
  const expiresAt = ukInstant(addIsoDays(input.expiresOn, 1))!;
  const { token, hash, lastFour } = newApiKeyToken();
  const row = await db.transaction().execute(async (tx) => {
    const { id } = await apiKeysQueries
      .insert(tx, {
        companyId: viewer.companyId!,
        createdBy: principal.userId,
        name: input.name,
        tokenHash: hash,
        lastFour,
        features,
        access,
        expiresAt,
        scimRoleId: scim.roleId,
        scimAccess: scim.access,
      })
      .executeTakeFirstOrThrow();
    await recordAudit(tx, {
      subject: actorOf(principal),
      actor: actorOf(principal),
      type: 'ApiKeyCreated',
      description: `Created the API key "${input.name}" (${apiKeyHint(lastFour)}), working until ${input.expiresOn}`,
      details: {
        apiKeyId: id,
        features,
        access,
        expiresAt: expiresAt.toISOString(),
        ...(scim.roleId !== null && { scimRoleId: scim.roleId, scimAccess: scim.access }),
      },
    });
    return findVisibleKeyForUpdate(tx, viewer, id);
  });
  return { ...presentKey(row!), key: token };
}

/** One page of the keys the caller sees: every key for the operator, their company's for a client. */
export async function pageApiKeys(
  db: Queries,
  principal: Principal,
  query: ApiKeysPageQuery,
): Promise<ApiKeyPage> {
  const viewer = await roleViewer(db, principal);
  const page = await pageVisibleKeys(db, viewer, query.state, query);
  return { ...page, rows: page.rows.map(presentKey) };
}

/**
 * Revokes a key the caller sees (404 for any other), at once: the row's change empties every
 * process's cached callers, so the key's next request anywhere is refused. Revoking twice is a no-op.
 */
export async function revokeApiKey(db: Queries, principal: Principal, id: string): Promise<ApiKey> {
  const viewer = await roleViewer(db, principal);
  return db.transaction().execute(async (tx) => {
    const key = await findVisibleKeyForUpdate(tx, viewer, id);
    if (!key) throw notFound('No such API key.');
    if (key.revokedAt !== null) return presentKey(key);
    await apiKeysQueries.revoke(tx, id, principal.userId).execute();
    await recordAudit(tx, {
      subject: { userId: key.createdById, email: key.createdBy },
      actor: actorOf(principal),
      type: 'ApiKeyRevoked',
      description: `Revoked the API key "${key.name}" (${apiKeyHint(key.lastFour)}) of ${key.companyName}`,
      details: { apiKeyId: id },
    });
    return presentKey((await findVisibleKeyForUpdate(tx, viewer, id))!);
  });
}

/**
 * Notes a key's use (decision 43): its last use is written at most once a minute, and each write is
 * one audit entry, so the trail says when a key was in use without a row per request. The changes the
 * key makes are recorded as its creator's, as each area records a change.
 */
export async function noteApiKeyUse(db: Queries, principal: Principal): Promise<void> {
  const apiKey = principal.apiKey;
  if (!apiKey) return;
  await db.transaction().execute(async (tx) => {
    const used = await apiKeysQueries.noteUse(tx, apiKey.id).executeTakeFirst();
    if (!used) return;
    await recordAudit(tx, {
      subject: actorOf(principal),
      actor: actorOf(principal),
      type: 'ApiKeyUsed',
      description: `Used the API key "${used.name}" (${apiKeyHint(used.lastFour)})`,
      details: { apiKeyId: apiKey.id },
    });
  });
}
