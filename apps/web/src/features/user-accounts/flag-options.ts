import { type ApplicationRole, type FlagInfo, featureGroups, maskCoveredBy } from '@client-portal/contract';

/** The features the ticked roles give between them. */
export function featuresOfRoles(roles: readonly ApplicationRole[], roleIds: readonly number[]): string[] {
  const ticked = new Set(roleIds);
  return [...new Set(roles.filter((r) => ticked.has(r.applicationRoleId)).flatMap((r) => r.features))];
}

/** Flags are offered only when the features cover their mask ('*.*', 'Group.*' or one feature). */
export function offeredFlags(flags: readonly FlagInfo[], features: readonly string[]): FlagInfo[] {
  return flags.filter((flag) => maskCoveredBy(flag.mask, features));
}

interface FlagGroup {
  /** The feature group's name, or null for flags any feature covers ('*.*'). */
  group: string | null;
  /** The group's description, the heading shown; null for the general group. */
  label: string | null;
  flags: FlagInfo[];
}

function groupOfMask(mask: string): string | null {
  if (mask === '*.*') return null;
  return mask.split('.')[0] ?? null;
}

/** Flags grouped by the feature group of their mask, in catalogue order; general flags come first. */
export function groupFlags(flags: readonly FlagInfo[]): FlagGroup[] {
  const order: (string | null)[] = [null, ...featureGroups.map((g) => g.name)];
  const groups: FlagGroup[] = [];
  for (const flag of flags) {
    const group = groupOfMask(flag.mask);
    let entry = groups.find((g) => g.group === group);
    if (!entry) {
      const label =
        group === null ? null : (featureGroups.find((g) => g.name === group)?.description ?? group);
      entry = { group, label, flags: [] };
      groups.push(entry);
    }
    entry.flags.push(flag);
  }
  const rank = (g: string | null) => {
    const i = order.indexOf(g);
    return i === -1 ? order.length : i;
  };
  return groups.sort((a, b) => rank(a.group) - rank(b.group));
}

/** The ticked flags still offered: a flag whose covering role was unticked is not sent. */
export function keepOffered(ticked: readonly string[], offered: readonly FlagInfo[]): string[] {
  const names = new Set(offered.map((f) => f.normalizedName));
  return ticked.filter((name) => names.has(name));
}
