import {
  emailSchema,
  SCIM_LIST_SCHEMA,
  SCIM_PAGE_MAX,
  SCIM_USER_SCHEMA,
  type ScimListQuery,
  type ScimPatch,
  type ScimUser,
  type ScimUserInput,
  type ScimUserList,
  scimBooleanSchema,
} from '@client-portal/contract';
import { ProblemError } from '../../plugins/problem.js';
import { type Principal, policy } from '../access/index.js';
import {
  type AccountsContext,
  createAccount,
  getAccount,
  pageAccounts,
  removeAccount,
  setAccountActive,
  updateAccount,
} from '../user-accounts/index.js';
import { ScimProblem } from './scim-problem.js';

/** What the SCIM service needs: the accounts' context and the SCIM root (PUBLIC_URL/scim/v2). */
export interface ScimContext extends AccountsContext {
  base: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An account as a SCIM User: its address is its userName and its one (work) e-mail. */
function toScimUser(base: string, account: { userId: string; email: string; active: boolean }): ScimUser {
  return {
    schemas: [SCIM_USER_SCHEMA],
    id: account.userId,
    userName: account.email,
    active: account.active,
    emails: [{ value: account.email, type: 'work', primary: true }],
    meta: { resourceType: 'User', location: `${base}/Users/${account.userId}` },
  };
}

/**
 * The principal SCIM acts as on accounts (policy.scimProvisioner): a key holding Users.Add, widened by
 * its mapping's role. Every account it reads or changes goes through the user-accounts service with
 * it, so the same delegation rules, address rules, invitation mail and audit rows hold as on screen.
 */
function provisionerOf(principal: Principal): Principal {
  const provisioner = policy.scimProvisioner(principal);
  if (!provisioner) {
    throw new ScimProblem(
      403,
      'This API key has no SCIM mapping (its role was deleted): make a new key with a role and sites.',
    );
  }
  return provisioner;
}

/** A userName must be an e-mail address: the account's. */
function addressOf(userName: string): string {
  const parsed = emailSchema.safeParse(userName);
  if (!parsed.success) {
    throw new ScimProblem(400, 'userName must be an e-mail address (the account’s).', 'invalidValue');
  }
  return parsed.data.trim();
}

/** `userName eq "…"` (attribute and operator in any case): the one filter the portal answers. */
export function parseUserNameFilter(filter: string | undefined): string | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  const match = /^\s*userName\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  if (!match) {
    throw new ScimProblem(400, 'Only the filter userName eq "…" is supported.', 'invalidFilter');
  }
  try {
    return JSON.parse(`"${match[1]}"`) as string;
  } catch {
    throw new ScimProblem(400, 'The filter’s value is not a valid string.', 'invalidFilter');
  }
}

async function findByUserName(ctx: ScimContext, provisioner: Principal, userName: string) {
  const page = await pageAccounts(ctx.kysely, provisioner, { siteNumbers: [], userName, skip: 0 }, 1);
  return page.rows[0];
}

async function refuseTakenUserName(ctx: ScimContext, provisioner: Principal, userName: string, id?: string) {
  const holder = await findByUserName(ctx, provisioner, userName);
  if (holder && holder.userId !== id) {
    throw new ScimProblem(409, 'An account with this userName already exists.', 'uniqueness');
  }
}

async function accountOf(ctx: ScimContext, provisioner: Principal, id: string) {
  if (!UUID.test(id)) throw new ScimProblem(404, 'No such user.');
  return getAccount(ctx.kysely, provisioner, id);
}

export async function getScimUser(ctx: ScimContext, principal: Principal, id: string): Promise<ScimUser> {
  return toScimUser(ctx.base, await accountOf(ctx, provisionerOf(principal), id));
}

/**
 * The accounts within the key's reach, by address, optionally filtered by `userName eq`; 1-based
 * paging bounded by the server: startIndex below 1 reads as 1, count as 0 … SCIM_PAGE_MAX.
 */
export async function listScimUsers(
  ctx: ScimContext,
  principal: Principal,
  query: ScimListQuery,
): Promise<ScimUserList> {
  const provisioner = provisionerOf(principal);
  const userName = parseUserNameFilter(query.filter);
  const startIndex = Math.max(1, query.startIndex ?? 1);
  const count = Math.min(SCIM_PAGE_MAX, Math.max(0, query.count ?? SCIM_PAGE_MAX));
  const page = await pageAccounts(
    ctx.kysely,
    provisioner,
    { siteNumbers: [], userName, skip: startIndex - 1, direction: 'asc' },
    count,
  );
  return {
    schemas: [SCIM_LIST_SCHEMA],
    totalResults: page.total,
    startIndex,
    itemsPerPage: page.rows.length,
    Resources: page.rows.map((row) => toScimUser(ctx.base, row)),
  };
}

/**
 * A new account for the directory's user: the key's mapped role and sites, made by the same service
 * as the user-accounts screen (address rules, invitation mail or SSO, audit), deactivated at once when
 * the directory says `active: false`. An address already in the key's reach answers 409 uniqueness.
 */
export async function createScimUser(
  ctx: ScimContext,
  principal: Principal,
  input: ScimUserInput,
): Promise<ScimUser> {
  const provisioner = provisionerOf(principal);
  const mapping = provisioner.apiKey!.scim!;
  const email = addressOf(input.userName);
  await refuseTakenUserName(ctx, provisioner, email);
  const account = await createAccount(ctx, provisioner, {
    email,
    accessAllSites: false,
    access: mapping.access,
    roles: [mapping.roleId],
    flags: [],
  }).catch(async (error: unknown) => {
    // Two requests for one address at once: the one that lost finds the other's account.
    if (error instanceof ProblemError && error.errors?.email) {
      await refuseTakenUserName(ctx, provisioner, email);
    }
    throw error;
  });
  if (input.active === false) await setAccountActive(ctx.kysely, provisioner, account.userId, false);
  return toScimUser(ctx.base, { ...account, active: input.active !== false });
}

/** The attributes a directory changes that the portal keeps: the address and whether it is active. */
interface ScimChanges {
  userName?: string;
  active?: boolean;
}

/**
 * Applies a replace or patch: a changed address through the screen's edit (its roles, sites and flags
 * kept; the address is unconfirmed again and the new one invited), then active through deactivation
 * or activation. Each is its own transaction with its audit rows, as on screen.
 */
async function applyChanges(ctx: ScimContext, provisioner: Principal, id: string, changes: ScimChanges) {
  const current = await accountOf(ctx, provisioner, id);
  if (changes.active === false) await setAccountActive(ctx.kysely, provisioner, id, false);
  if (changes.userName !== undefined) {
    const email = addressOf(changes.userName);
    if (email.toLowerCase() !== current.email.toLowerCase()) {
      await refuseTakenUserName(ctx, provisioner, email, id);
    }
    if (email !== current.email) {
      await updateAccount(ctx, provisioner, id, {
        email,
        accessAllSites: current.accessAllSites,
        access: current.access,
        roles: current.roles,
        flags: current.flags,
      });
    }
  }
  if (changes.active === true) await setAccountActive(ctx.kysely, provisioner, id, true);
  return toScimUser(ctx.base, await getAccount(ctx.kysely, provisioner, id));
}

/** PUT: the directory's whole user; what the portal does not keep is dropped, an omitted `active` kept. */
export async function replaceScimUser(
  ctx: ScimContext,
  principal: Principal,
  id: string,
  input: ScimUserInput,
): Promise<ScimUser> {
  return applyChanges(ctx, provisionerOf(principal), id, {
    userName: input.userName,
    active: input.active,
  });
}

/** Attributes the portal does not keep (names, e-mails, externalId, …): accepted and dropped. */
const ATTRIBUTE_PATH = /^[A-Za-z][\w:.$-]*(\[[^\]]*\])?(\.[A-Za-z]\w*)?$/;

function patchValue(path: string, value: unknown, op: string, changes: ScimChanges) {
  const attribute = path.toLowerCase();
  if (attribute === 'active') {
    if (op === 'remove') throw new ScimProblem(400, 'active cannot be removed.', 'mutability');
    const parsed = scimBooleanSchema.safeParse(value);
    if (!parsed.success) throw new ScimProblem(400, 'active must be true or false.', 'invalidValue');
    changes.active = parsed.data;
  } else if (attribute === 'username') {
    if (op === 'remove') throw new ScimProblem(400, 'userName cannot be removed.', 'mutability');
    if (typeof value !== 'string') throw new ScimProblem(400, 'userName must be a string.', 'invalidValue');
    changes.userName = value;
  } else if (!ATTRIBUTE_PATH.test(path)) {
    throw new ScimProblem(400, `The path ${path} is not an attribute path.`, 'invalidPath');
  }
}

/**
 * PATCH (RFC 7644 section 3.5.2) as Entra ID and Okta send it: `op` in any case ("Replace"), a path
 * or a value object without one, and booleans as JSON or as the strings "True"/"False".
 */
export async function patchScimUser(
  ctx: ScimContext,
  principal: Principal,
  id: string,
  patch: ScimPatch,
): Promise<ScimUser> {
  const provisioner = provisionerOf(principal);
  const changes: ScimChanges = {};
  for (const operation of patch.Operations) {
    const op = operation.op.toLowerCase();
    if (operation.path !== undefined) {
      patchValue(operation.path, operation.value, op, changes);
      continue;
    }
    const value = operation.value;
    if (op === 'remove' || value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new ScimProblem(400, 'An operation without a path needs an object value.', 'noTarget');
    }
    for (const [path, item] of Object.entries(value)) patchValue(path, item, op, changes);
  }
  return applyChanges(ctx, provisioner, id, changes);
}

/** DELETE: the screen's removal (the account and its sessions end; its history stays). */
export async function deleteScimUser(ctx: ScimContext, principal: Principal, id: string): Promise<void> {
  const provisioner = provisionerOf(principal);
  await accountOf(ctx, provisioner, id);
  await removeAccount(ctx.kysely, provisioner, id);
}
