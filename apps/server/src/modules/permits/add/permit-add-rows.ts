import {
  ALL_SITES_VALUE,
  type CheckedPermitRow,
  checkPermitRowFields,
  isSiteGroupNumber,
  type PermitRowContext,
  type PermitType,
  permitPeriodIssues,
} from '@client-portal/contract';
import { type Principal, policy } from '../../access/index.js';
import { permitPeriod } from './permit-add-periods.js';
import type { PermitRowErrors } from './permit-row-errors.js';

/** Every site number, and every group with its member sites. */
export interface SiteDirectory {
  sites: readonly string[];
  groups: ReadonlyMap<string, readonly string[]>;
}

/** One permit to store, made from a checked row (a row naming ALL makes one per site). */
export interface PlannedPermit {
  rowId: number;
  scope: PermitType;
  target: string;
  /** The sites the permit is valid at: its site, or its group's members. */
  sites: readonly string[];
  vehicleRegistration: string;
  driverName: string;
  isTemp: boolean;
  duration: CheckedPermitRow['duration'];
  started: Date;
  ended: Date;
  reason: number | null;
  authorisedBy: string | null;
  /** The user confirmed the plate check's warnings for this row: the typed plate is kept. */
  confirmedWarnings?: boolean;
  /** The visitor link a visitor registered it through (decision 47). */
  visitorLinkId?: number | null;
}

interface RowRules extends PermitRowContext {
  principal: Principal;
  directory: SiteDirectory;
  /** Today as a UK day. */
  today: string;
  permanentYears: number;
}

/** Where a site value points, when the caller may add permits there; null reads "not assigned". */
function targetsOf(
  value: string,
  rules: RowRules,
): Pick<PlannedPermit, 'scope' | 'target' | 'sites'>[] | null {
  const { principal, directory } = rules;
  if (value === ALL_SITES_VALUE) {
    if (!policy.reachesEverySite(principal)) return null;
    return directory.sites.map((site) => ({ scope: 'site', target: site, sites: [site] }));
  }
  if (!policy.mayActAt(principal, value)) return null;
  if (isSiteGroupNumber(value)) {
    const members = directory.groups.get(value);
    return members ? [{ scope: 'group', target: value, sites: members }] : null;
  }
  return directory.sites.includes(value) ? [{ scope: 'site', target: value, sites: [value] }] : null;
}

/**
 * Checks every row on its own (fields, duration, site reach, dates) and plans the permits of the rows
 * without a message. Unknown and unreachable sites read the same, so nothing about other clients leaks.
 */
export function checkRows(
  body: readonly Record<string, unknown>[],
  rules: RowRules,
  errors: PermitRowErrors,
): PlannedPermit[] {
  const planned: PlannedPermit[] = [];
  const seenIds = new Set<number>();
  body.forEach((raw, index) => {
    const id = raw.id;
    const rowId = typeof id === 'number' && Number.isInteger(id) && id >= 0 ? id : null;
    if (rules.mode === 'bulk') {
      if (rowId === null) {
        errors.whole('id', 'lineMissing', { row: index + 1 });
        return;
      }
      if (seenIds.has(rowId)) {
        errors.whole('id', 'lineRepeated', { line: rowId });
        return;
      }
      seenIds.add(rowId);
    }
    const line = rowId ?? 0;
    const { row, issues } = checkPermitRowFields(raw, rules);
    const site = row.site_SiteGroupNumber;
    const targets = site === undefined ? null : targetsOf(site, rules);
    if (site !== undefined && targets === null) {
      issues.push({ field: 'site_SiteGroupNumber', code: 'notAssigned', params: { value: site } });
    }
    if (row.duration !== undefined && row.started !== undefined && !issues.some((i) => i.field === 'ended')) {
      issues.push(...permitPeriodIssues(row, rules.today, rules.permanentYears));
    }
    for (const issue of issues) errors.row(line, issue);
    if (issues.length > 0 || !targets || row.duration === undefined || row.started === undefined) return;
    const period = permitPeriod(row.duration, row.started, row.ended, rules.permanentYears);
    for (const target of targets) {
      planned.push({
        rowId: line,
        ...target,
        vehicleRegistration: row.vehicleRegistration as string,
        driverName: row.driverName as string,
        isTemp: row.duration === 'Temporary',
        duration: row.duration,
        ...period,
        reason: row.reason ?? null,
        authorisedBy: row.authorisedBy ?? null,
        confirmedWarnings: raw.confirmedWarnings === true,
      });
    }
  });
  return planned;
}
