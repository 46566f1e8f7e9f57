import {
  accountChoiceIssues,
  flagCatalogue,
  isStaffEmail,
  maskCoveredBy,
  type Page,
  type UserAccount,
  type UserAccountListItem,
  type UserAccountsPageQuery,
  type userAccountInputSchema,
} from '@client-portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Queries } from '../../db/kysely.js';
import { isUniqueViolation } from '../../db/postgres-errors.js';
import { inRecipientLanguage } from '../../plugins/bilingual-mail.js';
import type { Mailer } from '../../plugins/mail.js';
import {
  badRequest,
  FieldErrors,
  forbidden,
  notFound,
  ProblemError,
  validationFailed,
} from '../../plugins/problem.js';
import { ruleMessage } from '../../plugins/rule-messages.js';
import type { Settings } from '../../settings.js';
import { type Principal, policy } from '../access/index.js';
import { listAuditForUser, recordAudit } from '../audit/index.js';
import { emailChangedNoticeMail, languageOfAddress, sendInvitation } from '../identity/index.js';
import { listRoles, type RoleRecord, roleViewer } from '../roles/index.js';
import {
  type AccountState,
  byActor,
  describeCreated,
  recordAccountChanges,
  viaKeyDetails,
} from './account-audit.js';
import { accountRuleMessages } from './account-rule-messages.js';
import {
  type AccountFilter,
  type AccountRow,
  addressHolders,
  endSessionsAndCodes,
  findManageableAccount,
  insertAccount,
  loadAccountDetails,
  markRemoved,
  pageManageableAccounts,
  replaceGrants,
  resolveSitesAndGroups,
  setDeactivated,
  updateAccountRow,
} from './user-accounts-repository.js';

export interface AccountsContext {
  kysely: Queries;
  mailer: Mailer;
  settings: Settings;
  log: FastifyBaseLogger;
}

type AccountInput = z.output<typeof userAccountInputSchema>;

/** The email field's refusal for this rule code, from the accounts' message table. */
const emailMessage = (code: 'taken' | 'notAllowed') =>
  ruleMessage({ field: 'email', code, params: {} }, accountRuleMessages);

/** The account being edited, as the address rules need it. */
interface Existing {
  id: string;
  addressHeldElsewhere: boolean;
}

/**
 * Whether the address can be this account's, and whether the account is then a shadow (decision 0026).
 * Told "already exists": anyone for a live account they manage (a shadow of theirs included), and so
 * an all-sites caller for every live account. Refused with one neutral text: a caller without all-sites
 * access for any address at the operator's staff domain, used or free. Otherwise accepted; when a
 * usable account out of the caller's reach holds the address, the account is a shadow, which answers
 * and lists like any unconfirmed account but can never be confirmed, reset or signed into, and its
 * mails go to the address's owner as a neutral notice. So the answer never says whether, or by whom,
 * an address outside the caller's reach is used, and an address still has one usable account at most.
 */
async function addressVerdict(
  ctx: AccountsContext,
  principal: Principal,
  email: string,
  current: AccountState | null,
  existing?: Existing,
): Promise<{ refusal: string } | { heldElsewhere: boolean }> {
  const unchanged = current !== null && current.email.toLowerCase() === email.toLowerCase();
  if (unchanged) return { heldElsewhere: existing?.addressHeldElsewhere ?? false };
  if (
    !policy.reachesEverySite(principal) &&
    isStaffEmail(email, ctx.settings.STAFF_EMAIL_DOMAIN.toLowerCase())
  ) {
    return { refusal: emailMessage('notAllowed') };
  }
  const holders = await addressHolders(ctx.kysely, principal, email, existing?.id);
  if (holders.inReach) return { refusal: emailMessage('taken') };
  return { heldElsewhere: holders.heldElsewhere };
}

/** One page of the accounts the caller manages (delegation rules apply), by email, with the count. */
export async function pageAccounts(
  db: Queries,
  principal: Principal,
  query: AccountFilter & Pick<UserAccountsPageQuery, 'direction' | 'after' | 'before' | 'skip'>,
  limit?: number,
): Promise<Page<UserAccountListItem>> {
  const page = await pageManageableAccounts(db, principal, query, query, limit);
  const details = await loadAccountDetails(
    db,
    page.rows.map((r) => r.id),
  );
  const rows = page.rows.map(
    (r): UserAccountListItem => ({
      userId: r.id,
      email: r.email,
      emailConfirmed: r.emailConfirmed,
      active: r.active,
      access: r.accessAllSites ? [] : (details.access.get(r.id) ?? []),
      accessAllSites: r.accessAllSites,
      roles: details.roles.get(r.id) ?? [],
    }),
  );
  return { ...page, rows };
}

async function manageable(
  db: Queries,
  principal: Principal,
  id: string,
  forUpdate = false,
): Promise<AccountRow> {
  const row = await findManageableAccount(db, principal, id, { forUpdate });
  if (!row) throw notFound('No such user account.');
  return row;
}

async function stateOf(db: Queries, row: AccountRow): Promise<AccountState> {
  const details = await loadAccountDetails(db, [row.id]);
  return {
    email: row.email,
    accessAllSites: row.accessAllSites,
    access: details.access.get(row.id) ?? [],
    roles: (details.roles.get(row.id) ?? []).map((r) => ({ id: r.applicationRoleId, name: r.name })),
    flags: details.flags.get(row.id) ?? [],
  };
}

export async function getAccount(db: Queries, principal: Principal, id: string): Promise<UserAccount> {
  const row = await manageable(db, principal, id);
  const state = await stateOf(db, row);
  return {
    userId: row.id,
    email: row.email,
    emailConfirmed: row.emailConfirmed,
    active: row.active,
    access: row.accessAllSites ? [] : state.access,
    accessAllSites: row.accessAllSites,
    roles: state.roles.map((r) => r.id),
    flags: state.flags,
  };
}

function coverageMessage(mask: string): string {
  if (mask === '*.*') return 'at least one feature';
  if (mask.endsWith('.*')) return `a ${mask.slice(0, -2)} feature`;
  return `the feature ${mask}`;
}

/**
 * Checks a create or update against the delegation rules (the product brief, section 4) and returns the
 * account state to store, and whether the account is a shadow (decision 0026); every refusal is a field
 * error and nothing is written.
 */
async function checkInput(
  ctx: AccountsContext,
  principal: Principal,
  input: AccountInput,
  current: AccountState | null,
  existing?: Existing,
): Promise<{ state: AccountState; heldElsewhere: boolean }> {
  const errors = new FieldErrors();
  const email = input.email.trim();
  const address = await addressVerdict(ctx, principal, email, current, existing);
  if ('refusal' in address) errors.add('email', address.refusal);

  const accessAllSites = input.accessAllSites;
  if (accessAllSites) {
    const domain = ctx.settings.STAFF_EMAIL_DOMAIN.toLowerCase();
    if (!policy.reachesEverySite(principal)) {
      errors.add('accessAllSites', 'Only a user with access to all sites can grant access to all sites.');
    } else if (!isStaffEmail(email, domain)) {
      errors.add('accessAllSites', `Access to all sites can be given only to an email address at ${domain}.`);
    }
  }
  const access = accessAllSites ? [] : [...new Set(input.access ?? [])].sort();
  const roleIds = [...new Set(input.roles)];
  const choice = accountChoiceIssues({ accessAllSites, access, roles: roleIds });
  const addChoice = (field: string) => {
    for (const issue of choice.filter((i) => i.field === field)) {
      errors.add(field, ruleMessage(issue, accountRuleMessages));
    }
  };
  if (!accessAllSites) {
    addChoice('access');
    const known = await resolveSitesAndGroups(ctx.kysely, access);
    // An unknown number and one outside the caller's reach get the same answer: no probing.
    const refused = access.filter((number) => {
      if (known.sites.has(number)) return !policy.reachesSite(principal, number);
      const members = known.groups.get(number);
      return members === undefined || !policy.reachesGroup(principal, number, members);
    });
    if (refused.length > 0)
      errors.add('access', `Not one of your sites or site groups: ${refused.join(', ')}.`);
  }

  const allRoles = await listRoles(ctx.kysely);
  const viewer = await roleViewer(ctx.kysely, principal);
  addChoice('roles');
  const chosen: RoleRecord[] = [];
  const refusedRoles: number[] = [];
  for (const id of roleIds) {
    const role = allRoles.find((r) => r.id === id);
    // A role the account already holds may stay even if the caller could not assign it.
    const alreadyHeld = current?.roles.some((r) => r.id === id) ?? false;
    if (role && (alreadyHeld || policy.roleVisible(viewer, role))) chosen.push(role);
    else refusedRoles.push(id);
  }
  if (refusedRoles.length > 0)
    errors.add('roles', `You cannot assign these roles: ${refusedRoles.join(', ')}.`);

  const flags = [...new Set(input.flags)].sort();
  const features = [...new Set(chosen.flatMap((r) => r.features))];
  for (const flag of flags) {
    const info = flagCatalogue.find((f) => f.normalizedName === flag);
    if (!info) errors.add('flags', `Unknown flag: ${flag}.`);
    else if (!maskCoveredBy(info.mask, features)) {
      errors.add('flags', `${info.name} needs a role with ${coverageMessage(info.mask)}.`);
    }
  }
  errors.throwIfAny();
  const state: AccountState = {
    email,
    accessAllSites,
    access,
    roles: chosen.map((r) => ({ id: r.id, name: r.name })).sort((a, b) => a.name.localeCompare(b.name)),
    flags,
  };
  return { state, heldElsewhere: 'heldElsewhere' in address && address.heldElsewhere };
}

/**
 * Checks and writes; when a concurrent taker of the address wins the unique index in between, checks and
 * writes once more, so that the address is judged with its new holder (a shadow for a client manager,
 * "already exists" for an all-sites caller). Colliding twice in a row is refused as before: whose the
 * address is stays unknown, so only all-sites callers hear "already exists".
 */
async function withAddressRetry<T>(principal: Principal, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw validationFailed({
        email: [emailMessage(policy.reachesEverySite(principal) ? 'taken' : 'notAllowed')],
      });
    }
    throw error;
  }
}

async function invite(
  ctx: AccountsContext,
  user: { id: string; email: string },
  reason: 'invited' | 'emailChanged' = 'invited',
): Promise<void> {
  try {
    await sendInvitation(ctx, user, reason);
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, 'invitation mail failed');
    throw new ProblemError(503, 'Service Unavailable', 'The email could not be sent; try again later.');
  }
}

/**
 * Creates an unconfirmed account without a password, then mails the invitation (for a shadow, the
 * address's owner gets the neutral notice instead; decision 0026).
 */
export async function createAccount(
  ctx: AccountsContext,
  principal: Principal,
  input: AccountInput,
): Promise<UserAccount> {
  const actor = { userId: principal.userId, email: principal.email };
  const { id, state } = await withAddressRetry(principal, async () => {
    const { state, heldElsewhere } = await checkInput(ctx, principal, input, null);
    const id = await ctx.kysely.transaction().execute(async (tx) => {
      const userId = await insertAccount(tx, { ...state, addressHeldElsewhere: heldElsewhere });
      await replaceGrants(tx, userId, { roleIds: state.roles.map((r) => r.id), ...state });
      await recordAudit(tx, {
        subject: { userId, email: state.email },
        actor,
        type: 'AccountCreated',
        description: describeCreated(state, principal),
        details: {
          roles: state.roles.map((r) => r.id),
          access: state.access,
          flags: state.flags,
          ...viaKeyDetails(principal),
        },
      });
      return userId;
    });
    return { id, state };
  });
  try {
    await sendInvitation(ctx, { id, email: state.email });
  } catch (error) {
    // The account exists; the administrator can press Resend once mail works again.
    ctx.log.error({ err: error, userId: id }, 'invitation mail failed');
  }
  return {
    userId: id,
    email: state.email,
    emailConfirmed: false,
    active: true,
    access: state.access,
    accessAllSites: state.accessAllSites,
    roles: state.roles.map((r) => r.id),
    flags: state.flags,
  };
}

function refuseOwn(principal: Principal, id: string, what: string) {
  if (principal.userId === id) throw forbidden(`You cannot ${what} your own account here.`);
}

/**
 * Applies an edit in one transaction. A changed email address is unconfirmed again: every session and
 * every unused email link of the account ends, the new address gets a confirmation link and the old
 * one a notice, so that an account never signs in with an address nobody has proved and a hijacked
 * address cannot be used quietly.
 */
export async function updateAccount(
  ctx: AccountsContext,
  principal: Principal,
  id: string,
  input: AccountInput,
): Promise<void> {
  const existing = await manageable(ctx.kysely, principal, id);
  const before = await stateOf(ctx.kysely, existing);
  refuseOwn(principal, id, 'edit');
  const after = await withAddressRetry(principal, async () => {
    const { state: after, heldElsewhere } = await checkInput(ctx, principal, input, before, existing);
    const emailChanged = after.email.toLowerCase() !== before.email.toLowerCase();
    await ctx.kysely.transaction().execute(async (tx) => {
      const row = await manageable(tx, principal, id, true);
      await updateAccountRow(tx, id, {
        email: after.email,
        accessAllSites: after.accessAllSites,
        emailConfirmed: emailChanged ? false : row.emailConfirmed,
        addressHeldElsewhere: heldElsewhere,
      });
      await replaceGrants(tx, id, { roleIds: after.roles.map((r) => r.id), ...after });
      if (emailChanged) await endSessionsAndCodes(tx, id);
      await recordAccountChanges(tx, { userId: id, email: after.email }, before, after, principal);
    });
    return after;
  });
  if (after.email.toLowerCase() === before.email.toLowerCase()) return;
  // A shadow's old address was never its own: that address's owner has nothing to hear about.
  if (!existing.addressHeldElsewhere) {
    // The account's language (decision 49): the notice goes to its old address, in its owner's words.
    const language = await languageOfAddress(ctx.kysely, after.email);
    await ctx.mailer
      .send(inRecipientLanguage(language, (l) => emailChangedNoticeMail(before.email, after.email, l)))
      .catch((error) => ctx.log.error({ err: error, userId: id }, 'email change notice failed'));
  }
  await invite(ctx, { id, email: after.email }, 'emailChanged');
}

/** Soft-removes the account and ends its sessions; its history stays. */
export async function removeAccount(db: Queries, principal: Principal, id: string): Promise<void> {
  const row = await manageable(db, principal, id);
  refuseOwn(principal, id, 'remove');
  await db.transaction().execute(async (tx) => {
    await manageable(tx, principal, id, true);
    await markRemoved(tx, id);
    await recordAudit(tx, {
      subject: { userId: id, email: row.email },
      actor: { userId: principal.userId, email: principal.email },
      type: 'AccountRemoved',
      description: `Account removed${byActor(principal)}`,
      details: viaKeyDetails(principal),
    });
  });
}

/**
 * Deactivates an account (it can no longer sign in; its sessions end at once, in every process:
 * the users trigger empties the cached callers) or activates it again (decision 46). One transaction
 * with its audit row; nothing is written when the account is already so.
 */
export async function setAccountActive(
  db: Queries,
  principal: Principal,
  id: string,
  active: boolean,
): Promise<void> {
  const row = await manageable(db, principal, id);
  if (row.active === active) return;
  refuseOwn(principal, id, active ? 'activate' : 'deactivate');
  await db.transaction().execute(async (tx) => {
    await manageable(tx, principal, id, true);
    if (!(await setDeactivated(tx, id, !active))) return;
    await recordAudit(tx, {
      subject: { userId: id, email: row.email },
      actor: { userId: principal.userId, email: principal.email },
      type: active ? 'AccountActivated' : 'AccountDeactivated',
      description: `Account ${active ? 'activated' : 'deactivated'}${byActor(principal)}`,
      details: viaKeyDetails(principal),
    });
  });
}

export async function resendConfirmation(ctx: AccountsContext, principal: Principal, id: string) {
  const row = await manageable(ctx.kysely, principal, id);
  if (row.emailConfirmed) throw badRequest('This email address is already confirmed.');
  await invite(ctx, { id: row.id, email: row.email });
  await recordAudit(ctx.kysely, {
    subject: { userId: row.id, email: row.email },
    actor: { userId: principal.userId, email: principal.email },
    type: 'ConfirmationResent',
    description: `Confirmation email resent (by ${principal.email})`,
  });
}

/** Newest first; a removed account's history stays readable for those who managed it. */
export async function auditHistory(db: Queries, principal: Principal, id: string) {
  const row = await findManageableAccount(db, principal, id, { includeRemoved: true });
  if (!row) throw notFound('No such user account.');
  const entries = await listAuditForUser(db, id);
  return entries.map((e) => ({ timestamp: e.timestamp, description: e.description }));
}
