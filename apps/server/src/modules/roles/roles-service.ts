import {
  type ApplicationRole,
  type createRoleSchema,
  flagCatalogue,
  isFeatureName,
  type Language,
  maskCoveredBy,
  type updateRoleSchema,
} from '@client-portal/contract';
import type { z } from 'zod';
import type { Queries } from '../../db/kysely.js';
import { isUniqueViolation } from '../../db/postgres-errors.js';
import { translatorFor } from '../../i18n/index.js';
import { FieldErrors, forbidden, notFound, validationFailed } from '../../plugins/problem.js';
import { type Principal, policy, type RoleViewer } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import {
  companyOfAccess,
  countLiveHolders,
  deleteRole,
  deleteUserFlags,
  holdersWithFlags,
  insertRole,
  listRoles,
  lockRole,
  type RoleRecord,
  roleNameTaken,
  updateRoleRow,
} from './roles-repository.js';

export async function roleViewer(db: Queries, principal: Principal): Promise<RoleViewer> {
  const sites = policy.sitesInReach(principal);
  if (sites === 'all') return { principal, companyId: null };
  return { principal, companyId: await companyOfAccess(db, [...sites], policy.grantedGroups(principal)) };
}

/** Global roles are changed only by all-sites users; a client user changes their own client's roles. */
function refuseUnlessOwner(role: RoleRecord, viewer: RoleViewer): void {
  if (!policy.mayChangeRole(viewer, role))
    throw forbidden('Only the operator’s staff can change a global role.');
}

export function toApplicationRole(role: RoleRecord): ApplicationRole {
  return {
    applicationRoleId: role.id,
    name: role.name,
    parentApplicationRoleId: role.parentId,
    features: role.features,
    global: role.companyId === null,
  };
}

export async function listVisibleRoles(db: Queries, principal: Principal): Promise<RoleRecord[]> {
  const viewer = await roleViewer(db, principal);
  return (await listRoles(db)).filter((r) => policy.roleVisible(viewer, r));
}

export async function getVisibleRole(db: Queries, principal: Principal, id: number): Promise<RoleRecord> {
  const viewer = await roleViewer(db, principal);
  const role = (await listRoles(db)).find((r) => r.id === id);
  if (!role || !policy.roleVisible(viewer, role)) throw notFound('No such role.');
  return role;
}

/** Unknown names, names outside the parent's features and names outside the caller's. */
function checkFeatures(
  errors: FieldErrors,
  features: string[],
  parent: RoleRecord | null,
  principal: Principal,
): void {
  const unknown = features.filter((f) => !isFeatureName(f));
  if (unknown.length > 0) errors.add('features', `Unknown features: ${unknown.join(', ')}.`);
  const known = features.filter(isFeatureName);
  if (parent) {
    const outside = known.filter((f) => !parent.features.includes(f));
    if (outside.length > 0) {
      errors.add('features', `Not features of the parent role ${parent.name}: ${outside.join(', ')}.`);
    }
  }
  const notMine = policy.featuresBeyondCaller(principal, known);
  if (notMine.length > 0) errors.add('features', `You do not hold these features: ${notMine.join(', ')}.`);
}

type CreateRoleInput = z.output<typeof createRoleSchema>;
type UpdateRoleInput = z.output<typeof updateRoleSchema>;

/**
 * All-sites users add global roles; anyone else adds a role owned by their client company (and needs
 * sites of exactly one company to have one).
 */
export async function createRole(
  db: Queries,
  principal: Principal,
  input: CreateRoleInput,
): Promise<RoleRecord> {
  const viewer = await roleViewer(db, principal);
  if (!policy.mayAddRoles(viewer)) {
    throw forbidden('Your sites belong to more than one client, so you cannot add roles.');
  }
  const features = [...new Set(input.features)].sort();
  const roles = await listRoles(db);
  const errors = new FieldErrors();
  const parent = roles.find((r) => r.id === input.parentApplicationRoleId && policy.roleVisible(viewer, r));
  if (!parent) errors.add('parentApplicationRoleId', 'Choose a parent role.');
  if (await roleNameTaken(db, input.name, viewer.companyId))
    errors.add('name', 'A role with this name already exists.');
  checkFeatures(errors, features, parent ?? null, principal);
  errors.throwIfAny();
  try {
    const companyId = viewer.companyId;
    const id = await db
      .transaction()
      .execute((tx) => insertRole(tx, { name: input.name, parentId: parent!.id, features, companyId }));
    return { id, name: input.name, parentId: parent!.id, features, companyId };
  } catch (error) {
    if (isUniqueViolation(error)) throw validationFailed({ name: ['A role with this name already exists.'] });
    throw error;
  }
}

export async function updateRole(
  db: Queries,
  principal: Principal,
  id: number,
  input: UpdateRoleInput,
): Promise<RoleRecord> {
  const viewer = await roleViewer(db, principal);
  const features = [...new Set(input.features)].sort();
  const roles = await listRoles(db);
  const role = roles.find((r) => r.id === id);
  if (!role || !policy.roleVisible(viewer, role)) throw notFound('No such role.');
  refuseUnlessOwner(role, viewer);
  const errors = new FieldErrors();
  if (input.parent !== undefined && input.parent !== role.parentId) {
    errors.add('parent', 'The parent of a role cannot be changed.');
  }
  if (await roleNameTaken(db, input.name, role.companyId, id))
    errors.add('name', 'A role with this name already exists.');
  const parent = roles.find((r) => r.id === role.parentId) ?? null;
  checkFeatures(errors, features, parent, principal);
  for (const child of roles.filter((r) => r.parentId === id)) {
    const outside = child.features.filter((f) => !features.includes(f));
    if (outside.length > 0) {
      errors.add(
        'features',
        `The child role ${child.name} uses features this role would no longer have: ${outside.join(', ')}. ` +
          'Remove them from the child role first.',
      );
    }
  }
  errors.throwIfAny();
  try {
    await db.transaction().execute(async (tx) => {
      await updateRoleRow(tx, id, { name: input.name, features });
      await dropUncoveredFlags(tx, id, role.name, principal);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw validationFailed({ name: ['A role with this name already exists.'] });
    throw error;
  }
  return { id, name: input.name, parentId: role.parentId, features, companyId: role.companyId };
}

/** A role that lost features may leave its holders with flags their roles no longer cover. */
async function dropUncoveredFlags(tx: Queries, roleId: number, roleName: string, principal: Principal) {
  for (const holder of await holdersWithFlags(tx, roleId)) {
    const lost = holder.flags.filter((flag) => {
      const info = flagCatalogue.find((f) => f.normalizedName === flag);
      return info !== undefined && !maskCoveredBy(info.mask, holder.features);
    });
    if (lost.length === 0) continue;
    await deleteUserFlags(tx, holder.id, lost);
    const names = lost.map((f) => flagCatalogue.find((c) => c.normalizedName === f)?.name ?? f);
    await recordAudit(tx, {
      subject: { userId: holder.id, email: holder.email },
      actor: { userId: principal.userId, email: principal.email },
      type: 'FlagsChanged',
      description: `Flags removed: ${names.join(', ')}, because role ${roleName} changed (by ${principal.email})`,
      details: { removed: lost, roleId },
    });
  }
}

/** Why the role cannot be removed now (held by live accounts, has child roles); empty when it can. */
async function removalRefusals(
  db: Queries,
  roles: Awaited<ReturnType<typeof listRoles>>,
  id: number,
  language: Language,
) {
  // Shown by the remove page as they are: in the page's language (decision 53).
  const t = translatorFor(language);
  const reasons: string[] = [];
  const holders = await countLiveHolders(db, id);
  if (holders > 0) reasons.push(t('problems.roles.heldBy', { count: holders }));
  const children = roles.filter((r) => r.parentId === id).map((r) => r.name);
  if (children.length > 0) reasons.push(t('problems.roles.hasChildren', { names: children.join(', ') }));
  return reasons;
}

/** What the remove page shows before offering Remove: the reasons the removal would be refused. */
export async function roleRemovalCheck(
  db: Queries,
  principal: Principal,
  id: number,
  language: Language,
): Promise<string[]> {
  const viewer = await roleViewer(db, principal);
  const roles = await listRoles(db);
  const role = roles.find((r) => r.id === id);
  if (!role || !policy.roleVisible(viewer, role)) throw notFound('No such role.');
  refuseUnlessOwner(role, viewer);
  return removalRefusals(db, roles, id, language);
}

export async function removeRole(
  db: Queries,
  principal: Principal,
  id: number,
  language: Language,
): Promise<void> {
  const viewer = await roleViewer(db, principal);
  await db.transaction().execute(async (tx) => {
    // Locks the role so that nobody is given it between the holder count and the delete.
    await lockRole(tx, id);
    const roles = await listRoles(tx);
    const role = roles.find((r) => r.id === id);
    if (!role || !policy.roleVisible(viewer, role)) throw notFound('No such role.');
    refuseUnlessOwner(role, viewer);
    const reasons = await removalRefusals(tx, roles, id, language);
    if (reasons.length > 0) throw validationFailed({ role: reasons }, reasons.join(' '));
    await deleteRole(tx, id);
  });
}
