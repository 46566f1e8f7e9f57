import {
  ALL_SITES_VALUE,
  DRIVER_NAME_MAX,
  isSiteGroupNumber,
  PERSON_NAME_PATTERN,
  type PermitAddRow,
  type PermitDuration,
  permanentPermitEnd,
  permitDurations,
  permitEndWindow,
  permitReasons,
  permitStartWindow,
  REGISTRATION_PATTERN,
  type Site,
  siteSchema,
  stripRegistration,
  ukDisplayDay,
  VEHICLE_REGISTRATION_MAX,
} from '@client-portal/contract';
import type { TFunction } from 'i18next';
import { z } from 'zod';
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
  };
}

/** Operations spec section 5, 'Single permit'. */
export function addPermitSchema(t: TFunction, ctx: AddPermitContext) {
  const tooLong = (field: string, max: number) => t('permitAdd.errors.tooLong', { field, max: String(max) });
  const personName = (field: string, required: string, invalid: string) =>
    z
      .string()
      .trim()
      .min(1, required)
      .max(DRIVER_NAME_MAX, tooLong(field, DRIVER_NAME_MAX))
      .regex(PERSON_NAME_PATTERN, invalid);
  const start = permitStartWindow(ctx.today);
  return z
    .object({
      site: z.array(siteSchema).min(1, t('sitePicker.requiredSiteOrGroup')),
      duration: z
        .enum(['', ...permitDurations])
        .refine(
          (d) => d === 'Permanent' || d === 'Temporary' || (d === 'Custom' && ctx.allowCustom),
          t('permitAdd.errors.durationRequired'),
        ),
      vehicleRegistration: z
        .string()
        .min(1, t('permitAdd.errors.registrationRequired'))
        .max(VEHICLE_REGISTRATION_MAX, tooLong(t('permitAdd.vehicleRegistration'), VEHICLE_REGISTRATION_MAX))
        .regex(REGISTRATION_PATTERN, t('permitAdd.errors.registrationPattern')),
      driverName: personName(
        t('permitAdd.driverName'),
        t('permitAdd.errors.driverNameRequired'),
        t('permitAdd.errors.driverNameInvalid'),
      ),
      started: z
        .string()
        .min(1, t('permitAdd.errors.startRequired'))
        .refine((d) => d >= start.min, t('permitAdd.errors.startTooEarly', { date: ukDisplayDay(start.min) }))
        .refine((d) => d <= start.max, t('permitAdd.errors.startTooLate', { date: ukDisplayDay(start.max) })),
      ended: z.string(),
      reason: z.string(),
      authorisedBy: personName(
        t('permitAdd.authorisedBy'),
        t('permitAdd.errors.authorisedByRequired'),
        t('permitAdd.errors.authorisedByInvalid'),
      ),
    })
    .superRefine((values, issues) => {
      const { duration, started, ended } = values;
      // Permanent ends are computed; without a valid start and type there is no range to check.
      if ((duration !== 'Temporary' && duration !== 'Custom') || !started) return;
      const issue = (message: string) => issues.addIssue({ code: 'custom', path: ['ended'], message });
      if (!ended) return issue(t('permitAdd.errors.endRequired'));
      const range = permitEndWindow(duration, started, ctx.today, ctx.permanentYears);
      if (ended < range.min) issue(t('permitAdd.errors.endTooEarly', { date: ukDisplayDay(range.min) }));
      else if (ended > range.max) issue(t('permitAdd.errors.endTooLate', { date: ukDisplayDay(range.max) }));
    });
}

/** The POST /permits row of a single add (the form has been validated). */
export function toPermitAddRow(values: AddPermitValues): PermitAddRow {
  const [site] = values.site;
  const duration = values.duration as PermitDuration;
  const reason = Number(values.reason);
  return {
    id: 1,
    site_SiteGroupNumber: !site || isAllSites(site) ? ALL_SITES_VALUE : site.siteNumber,
    vehicleRegistration: values.vehicleRegistration,
    driverName: values.driverName.trim(),
    duration,
    started: values.started,
    ended: duration === 'Permanent' ? null : values.ended,
    reason: values.reason && reason in permitReasons ? reason : null,
    authorisedBy: values.authorisedBy.trim(),
  };
}

/** The end a permanent permit starting on `started` will get, for display. */
export function shownPermanentEnd(started: string, ctx: AddPermitContext): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(started) ? permanentPermitEnd(started, ctx.permanentYears) : undefined;
}

const formFieldOf: Record<string, keyof AddPermitValues> = {
  site_SiteGroupNumber: 'site',
  duration: 'duration',
  vehicleRegistration: 'vehicleRegistration',
  driverName: 'driverName',
  started: 'started',
  ended: 'ended',
  reason: 'reason',
  authorisedBy: 'authorisedBy',
};

/** Server messages by payload field, collected onto the form's fields (other keys are left out). */
export function serverFieldErrors(
  errors: Record<string, string[]>,
): Partial<Record<keyof AddPermitValues, string>> {
  const collected: Partial<Record<keyof AddPermitValues, string>> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const field = formFieldOf[key];
    if (field && messages.length > 0) collected[field] = messages.join(' ');
  }
  return collected;
}
