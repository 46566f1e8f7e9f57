import { flagCatalogue } from '@client-portal/contract';
import type { Queries } from '../../db/kysely.js';
import type { Principal } from '../access/index.js';
import { recordAudit } from '../audit/index.js';

export interface AccountState {
  email: string;
  accessAllSites: boolean;
  access: string[];
  roles: { id: number; name: string }[];
  flags: string[];
}

const flagName = (flag: string) => flagCatalogue.find((f) => f.normalizedName === flag)?.name ?? flag;
/**
 * Who made a change, as the account's audit trail says it: the user, and the API key it came through
 * (decision 46: SCIM provisioning is recorded as a change by the key's creator, naming the key).
 */
export const byActor = (actor: Principal) =>
  actor.apiKey ? ` (by ${actor.email} through API key "${actor.apiKey.name}")` : ` (by ${actor.email})`;
const by = byActor;

/** What an audit row of a change made through a key adds to its details: the key's id (decision 43). */
export const viaKeyDetails = (actor: Principal): Record<string, unknown> =>
  actor.apiKey ? { apiKeyId: actor.apiKey.id } : {};

function added<T>(after: T[], before: T[]): T[] {
  return after.filter((x) => !before.includes(x));
}

function addedRemoved(label: string, before: string[], after: string[]): string | null {
  const plus = added(after, before);
  const minus = added(before, after);
  const parts: string[] = [];
  if (plus.length > 0) parts.push(`${label} added: ${plus.join(', ')}`);
  if (minus.length > 0) parts.push(`${label.toLowerCase()} removed: ${minus.join(', ')}`);
  if (parts.length === 0) return null;
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Describes a new account's grants in one readable line. */
export function describeCreated(state: AccountState, actor: Principal): string {
  const sites = state.accessAllSites ? 'global access (all sites)' : `sites ${state.access.join(', ')}`;
  const flags = state.flags.length > 0 ? `; flags ${state.flags.map(flagName).join(', ')}` : '';
  return `Account created with roles ${state.roles.map((r) => r.name).join(', ')}; ${sites}${flags}${by(actor)}`;
}

/** One audit event per aspect that changed (email, global access, sites, roles, flags). */
export async function recordAccountChanges(
  db: Queries,
  subject: { userId: string; email: string },
  before: AccountState,
  after: AccountState,
  actor: Principal,
): Promise<number> {
  const events: { type: string; description: string; details: Record<string, unknown> }[] = [];
  if (before.email !== after.email) {
    events.push({
      type: 'EmailChanged',
      description: `Email changed from ${before.email} to ${after.email}${by(actor)}`,
      details: { from: before.email, to: after.email },
    });
  }
  if (before.accessAllSites !== after.accessAllSites) {
    events.push({
      type: 'GlobalAccessChanged',
      description: `Global access ${after.accessAllSites ? 'granted' : 'removed'}${by(actor)}`,
      details: { accessAllSites: after.accessAllSites },
    });
  }
  const sites = addedRemoved('Sites', before.access, after.access);
  if (sites) {
    events.push({
      type: 'AccessChanged',
      description: `${sites}${by(actor)}`,
      details: { added: added(after.access, before.access), removed: added(before.access, after.access) },
    });
  }
  const roleNames = (s: AccountState) => s.roles.map((r) => r.name);
  const roles = addedRemoved('Roles', roleNames(before), roleNames(after));
  if (roles) {
    const ids = (s: AccountState) => s.roles.map((r) => r.id);
    events.push({
      type: 'RolesChanged',
      description: `${roles}${by(actor)}`,
      details: { added: added(ids(after), ids(before)), removed: added(ids(before), ids(after)) },
    });
  }
  const flags = addedRemoved('Flags', before.flags.map(flagName), after.flags.map(flagName));
  if (flags) {
    events.push({
      type: 'FlagsChanged',
      description: `${flags}${by(actor)}`,
      details: { added: added(after.flags, before.flags), removed: added(before.flags, after.flags) },
    });
  }
  for (const event of events) {
    await recordAudit(db, {
      subject,
      actor: { userId: actor.userId, email: actor.email },
      ...event,
      details: { ...event.details, ...viaKeyDetails(actor) },
    });
  }
  return events.length;
}
