import {
  ALL_SITES_VALUE,
  checkPermitRowFields,
  isIsoDay,
  isSiteGroupNumber,
  type PermitAddRow,
  type PermitDuration,
  type PermitRowField,
  permanentPermitLastDay,
  permitPeriodIssues,
  permitReasons,
  permitRefusalMessage,
  type RuleIssue,
  type Site,
  stripRegistration,
  VEHICLE_REGISTRATION_MAX,
} from '@client-portal/contract';
import type { TFunction } from 'i18next';
import { ALL_SITES, isAllSites } from '../../components/site-picker';
import { ALL_SITES_PARAM, readPermitListParams } from './permit-list-params';

export interface AddPermitValues {
  /** One site or group, or ALL_SITES; empty until chosen. */
  site: Site[];
  duration: PermitDuration | '';
  vehicleRegistration: string;
  driverName: string;
  /** yyyy-mm-dd, as date inputs give them. */
  started: string;
  ended: string;
  /** A reason code as text ('' for none), as a select gives it. */
  reason: string;
  authorisedBy: string;
  /** Optional: the driver is emailed a copy of the confirmation. */
  driverEmail: string;
}

export interface AddPermitContext {
  today: string;
  permanentYears: number;
  /** Permits.CustomDuration. */
  allowCustom: boolean;
}

/** The user as far as pre-filling is concerned (user info). */
export interface AddPermitUser {
  accessAllSites: boolean;
  sites: readonly Site[];
}

/**
 * The first values: site from the `siteNumber` query parameter (when the user may use it), else the
 * user's only site when they have exactly one and it is not a group; registration from the
 * `vehicleRegistration` query parameter; starting today.
 */
export function initialAddPermitValues(search: string, user: AddPermitUser, today: string): AddPermitValues {
  const params = readPermitListParams(new URLSearchParams(search));
  const own = (number: string) => user.sites.find((s) => s.siteNumber === number);
  const site = ((): Site[] => {
    const wanted = params.siteNumber;
    if (wanted === ALL_SITES_PARAM) return user.accessAllSites ? [ALL_SITES] : [];
    if (wanted) {
      const found = own(wanted);
      if (found) return [found];
      return user.accessAllSites ? [{ siteNumber: wanted, name: '' }] : [];
    }
    const only = user.sites.length === 1 ? user.sites[0] : undefined;
    return only && !isSiteGroupNumber(only.siteNumber) ? [only] : [];
  })();
  return {
    site,
    duration: '',
    vehicleRegistration: stripRegistration(params.vehicleRegistration ?? '').slice(
      0,
      VEHICLE_REGISTRATION_MAX,
    ),
    driverName: '',
    started: today,
    ended: '',
    reason: '',
    authorisedBy: '',
    driverEmail: '',
  };
}

/** The form's field for each field of the row. */
const formFieldOf: Record<PermitRowField, keyof AddPermitValues> = {
  site_SiteGroupNumber: 'site',
  duration: 'duration',
  vehicleRegistration: 'vehicleRegistration',
  driverName: 'driverName',
  started: 'started',
  ended: 'ended',
  reason: 'reason',
  authorisedBy: 'authorisedBy',
  driverEmail: 'driverEmail',
};

/**
 * A refusal of the row in the form's words, from the contract's one table of permit refusals (a
 * missing site as the site picker says it). `t` is kept for the callers; the table holds the words.
 */
export function addPermitMessage(issue: RuleIssue, _t?: TFunction): string {
  return permitRefusalMessage(issue, 'form');
}

/** The first rule issue of each form field, in the form's words. */
function formMessages(issues: readonly RuleIssue[]): Partial<Record<keyof AddPermitValues, string>> {
  const messages: Partial<Record<keyof AddPermitValues, string>> = {};
  for (const issue of issues) {
    const field = formFieldOf[issue.field as PermitRowField];
    if (field && !messages[field]) messages[field] = addPermitMessage(issue);
  }
  return messages;
}

/**
 * Operations spec section 5, 'Single permit': the contract's checks of the row these values make,
 * with the day windows of today, one message per form field.
 */
export function addPermitErrors(values: AddPermitValues, _t: TFunction, ctx: AddPermitContext) {
  const { row, issues } = checkPermitRowFields(toPermitAddRow(values), {
    mode: 'single',
    mayUseCustom: ctx.allowCustom,
  });
  if (row.duration && row.started && !issues.some((issue) => issue.field === 'ended')) {
    issues.push(...permitPeriodIssues(row, ctx.today, ctx.permanentYears));
  }
  return formMessages(issues);
}

/** The POST /permits row of a single add (the form has been validated). */
export function toPermitAddRow(values: AddPermitValues): PermitAddRow {
  const [site] = values.site;
  const duration = values.duration as PermitDuration;
  const reason = Number(values.reason);
  return {
    id: 1,
    site_SiteGroupNumber: !site ? '' : isAllSites(site) ? ALL_SITES_VALUE : site.siteNumber,
    vehicleRegistration: values.vehicleRegistration,
    driverName: values.driverName.trim(),
    duration,
    started: values.started,
    ended: duration === 'Permanent' ? null : values.ended,
    reason: values.reason && reason in permitReasons ? reason : null,
    authorisedBy: values.authorisedBy.trim(),
    driverEmail: values.driverEmail.trim() || null,
  };
}

/** The last day a permanent permit starting on `started` will cover, as stored and emailed. */
export function shownPermanentEnd(started: string, ctx: AddPermitContext): string | undefined {
  return isIsoDay(started) ? permanentPermitLastDay(started, ctx.permanentYears) : undefined;
}

/** A refused single add's row issues, on the form's fields. */
export function serverFieldErrors(
  rows: readonly RuleIssue[],
  _t?: TFunction,
): Partial<Record<keyof AddPermitValues, string>> {
  return formMessages(rows);
}
