import {
  ALL_SITES_VALUE,
  type CheckedPermitAddRow,
  isSiteGroupNumber,
  type PermitType,
  permitAddRowSchema,
} from '@client-portal/contract';
import type { FieldErrors } from '../../plugins/problem.js';
import type { Principal } from '../access/principal.js';
import { permitPeriod } from './permit-add-periods.js';
import { permitTargetInReach } from './permits-service.js';

/** A single add is one row with authorisedBy (the form's); anything else comes from a bulk CSV. */
export type PermitAddMode = 'single' | 'bulk';

export function permitAddModeOf(body: readonly Record<string, unknown>[]): PermitAddMode {
  return body.length === 1 && body[0]?.authorisedBy != null ? 'single' : 'bulk';
}

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
  duration: CheckedPermitAddRow['duration'];
  started: Date;
  ended: Date;
  reason: number | null;
  authorisedBy: string | null;
}

export interface RowRules {
  mode: PermitAddMode;
  principal: Principal;
  directory: SiteDirectory;
  /** Today as a UK day. */
  today: string;
  permanentYears: number;
  mayUseCustomDuration: boolean;
}

type Field = Exclude<keyof CheckedPermitAddRow, 'id'>;

const labels: Record<Field, string> = {
  site_SiteGroupNumber: 'Site',
  vehicleRegistration: 'Vehicle Registration',
  driverName: 'Driver Name',
  duration: 'Duration',
  started: 'Start Date',
  ended: 'End Date',
  reason: 'Reason',
  authorisedBy: 'Authorised By',
};
const optional = new Set<Field>(['ended', 'reason', 'authorisedBy']);

/** The message key of a row's field: `{id}_{field}` in a bulk add, `{field}` in a single add. */
export function messageKey(mode: PermitAddMode, rowId: number, field: string): string {
  return mode === 'bulk' ? `${rowId}_${field}` : field;
}

/** Each field on its own, so that one bad field does not hide the messages of the others. */
function parseFields(raw: Record<string, unknown>, report: (field: Field, message: string) => void) {
  const values: Partial<CheckedPermitAddRow> = {};
  for (const field of Object.keys(labels) as Field[]) {
    const value = raw[field];
    if ((value === undefined || value === null) && !optional.has(field)) {
      report(field, `${labels[field]} is required`);
      continue;
    }
    const parsed = permitAddRowSchema.shape[field].safeParse(value);
    if (parsed.success) Object.assign(values, { [field]: parsed.data });
    else report(field, parsed.error.issues[0]?.message ?? `${labels[field]} is not valid`);
  }
  return values;
}

/** Where a site value points, when the caller may add permits there; null reads "not assigned". */
function targetsOf(
  value: string,
  rules: RowRules,
): Pick<PlannedPermit, 'scope' | 'target' | 'sites'>[] | null {
  const { principal, directory } = rules;
  if (value === ALL_SITES_VALUE) {
    if (!principal.accessAllSites) return null;
    return directory.sites.map((site) => ({ scope: 'site', target: site, sites: [site] }));
  }
  if (!permitTargetInReach(principal, value)) return null;
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
  errors: FieldErrors,
): PlannedPermit[] {
  const planned: PlannedPermit[] = [];
  const seenIds = new Set<number>();
  body.forEach((raw, index) => {
    const id = raw.id;
    const rowId = typeof id === 'number' && Number.isInteger(id) && id >= 0 ? id : null;
    if (rules.mode === 'bulk') {
      if (rowId === null) {
        errors.add('id', `Row ${index + 1} has no valid line number (id).`);
        return;
      }
      if (seenIds.has(rowId)) {
        errors.add('id', `Line ${rowId} appears more than once.`);
        return;
      }
      seenIds.add(rowId);
    }
    const line = rowId ?? 0;
    const failed = new Set<string>();
    const report = (field: string, message: string) => {
      failed.add(field);
      errors.add(messageKey(rules.mode, line, field), message);
    };
    const row = parseFields(raw, report);

    if (row.duration === 'Custom') {
      if (rules.mode === 'bulk') report('duration', 'Duration must be Permanent or Temporary.');
      else if (!rules.mayUseCustomDuration) {
        report('duration', 'You may not add permits with a custom duration.');
      }
    }
    const site = row.site_SiteGroupNumber;
    const targets = site === undefined ? null : targetsOf(site, rules);
    if (site !== undefined && targets === null) {
      report('site_SiteGroupNumber', `${site} is not assigned to your account`);
    }
    if (row.duration === undefined || row.started === undefined || failed.has('ended')) return;
    const period = permitPeriod({
      duration: row.duration,
      startDay: row.started,
      endDay: row.ended,
      today: rules.today,
      permanentYears: rules.permanentYears,
    });
    if (!period.ok) report(period.field, period.message);
    if (!period.ok || failed.size > 0 || !targets) return;
    for (const target of targets) {
      planned.push({
        rowId: line,
        ...target,
        vehicleRegistration: row.vehicleRegistration as string,
        driverName: row.driverName as string,
        isTemp: row.duration === 'Temporary',
        duration: row.duration,
        started: period.started,
        ended: period.ended,
        reason: row.reason ?? null,
        authorisedBy: row.authorisedBy ?? null,
      });
    }
  });
  return planned;
}
