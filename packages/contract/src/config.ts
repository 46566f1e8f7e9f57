import { z } from 'zod';
import type { FeatureName } from './features.js';
import { type RuleIssue, ruleIssue, ruleIssuesOf } from './rules.js';

/** Every application config entry the portal knows (platform spec section 3). */
export const configKeys = [
  'ApplicationHash',
  'ApplicationOfflineDate',
  'ApplicationOfflineMessage',
  'WinterDecorationDate',
  'SignInBannerHeading',
  'SignInBannerBody',
  'SignInBannerUrl',
  'LatestNewsMessageHeading',
  'LatestNewsMessageDate',
  'LatestNewsMessageBody',
  'LatestNewsMessageUrl',
  'WelcomeMessage',
  'PermanentPermitYears',
  'PermitExpiredDays',
  'TicketReduceDays',
  'SupportPhone',
  'SupportEmail',
  'SupportHours',
  'RetentionCameraReadDays',
  'RetentionPermitMonths',
  'RetentionTransactionMonths',
  'RetentionAuditMonths',
  'RetentionNotificationMonths',
] as const;
export type ConfigKey = (typeof configKeys)[number];

/** ApplicationHash is computed by the server from the build it serves: nobody writes it. */
export type WritableConfigKey = Exclude<ConfigKey, 'ApplicationHash'>;
export const writableConfigKeys = configKeys.filter((k): k is WritableConfigKey => k !== 'ApplicationHash');

export const latestNewsKeys = [
  'LatestNewsMessageHeading',
  'LatestNewsMessageDate',
  'LatestNewsMessageBody',
  'LatestNewsMessageUrl',
] as const satisfies readonly WritableConfigKey[];

export const CONFIG_LIMITS = {
  newsHeading: 100,
  newsDate: 20,
  newsBody: 300,
  url: 280,
  welcome: 80,
  offlineMessage: 4000,
  permanentPermitYearsMax: 100,
  permitExpiredDaysMax: 7,
  ticketReduceDaysMax: 365,
  supportPhone: 20,
  supportEmail: 254,
  supportHours: 100,
  cameraReadDaysMax: 365,
  retentionMonthsMax: 120,
} as const;

/** The support contact entries: what clients are told to call or write to (issue 24). */
export const supportContactKeys = [
  'SupportPhone',
  'SupportEmail',
  'SupportHours',
] as const satisfies readonly ConfigKey[];

/**
 * Values used when an entry is unset. PermanentPermitYears defaults to 1 (spec section 9); expired
 * permits are listed for the full 7 days; a reduction lasts 14 days, the usual UK discount period.
 * The support contact is the demo operator's until the operator sets its own.
 */
export const configDefaults: Partial<Record<ConfigKey, string>> = {
  PermanentPermitYears: '1',
  PermitExpiredDays: '7',
  TicketReduceDays: '14',
  // The demo operator's support desk (an Ofcom drama number, kept for fiction).
  SupportPhone: '020 7946 0018',
  SupportEmail: 'support@operator.example',
  SupportHours: 'Monday to Friday, 8am to 6pm',
  // Retention (issue 28, decision 48): camera reads with no charge about 30 days (the ICO's guidance),
  // ended permits two years, transactions 13 months (a year's figures plus a month), audit and
  // notifications two years.
  RetentionCameraReadDays: '30',
  RetentionPermitMonths: '24',
  RetentionTransactionMonths: '13',
  RetentionAuditMonths: '24',
  RetentionNotificationMonths: '24',
};

/**
 * Which features may change each entry (any one of them). The spec's feature catalogue says
 * LatestNews also guards the welcome message page, so either feature may change WelcomeMessage.
 */
export const configEntryFeatures: Record<WritableConfigKey, readonly FeatureName[]> = {
  ApplicationOfflineDate: ['Application.SysAdmin'],
  ApplicationOfflineMessage: ['Application.SysAdmin'],
  WinterDecorationDate: ['Application.SysAdmin'],
  SignInBannerHeading: ['Application.SysAdmin'],
  SignInBannerBody: ['Application.SysAdmin'],
  SignInBannerUrl: ['Application.SysAdmin'],
  LatestNewsMessageHeading: ['Application.LatestNews'],
  LatestNewsMessageDate: ['Application.LatestNews'],
  LatestNewsMessageBody: ['Application.LatestNews'],
  LatestNewsMessageUrl: ['Application.LatestNews'],
  WelcomeMessage: ['Application.WelcomeMessage', 'Application.LatestNews'],
  PermanentPermitYears: ['Permits.PermanentYears'],
  PermitExpiredDays: ['Permits.Expired'],
  TicketReduceDays: ['Tickets.ReducePeriod'],
  // The operator's contact for clients: kept by whoever keeps the system settings or the news.
  SupportPhone: ['Application.SysAdmin', 'Application.LatestNews'],
  SupportEmail: ['Application.SysAdmin', 'Application.LatestNews'],
  SupportHours: ['Application.SysAdmin', 'Application.LatestNews'],
  RetentionCameraReadDays: ['Application.SysAdmin'],
  RetentionPermitMonths: ['Application.SysAdmin'],
  RetentionTransactionMonths: ['Application.SysAdmin'],
  RetentionAuditMonths: ['Application.SysAdmin'],
  RetentionNotificationMonths: ['Application.SysAdmin'],
};

export function isConfigKey(key: string): key is ConfigKey {
  return (configKeys as readonly string[]).includes(key);
}

function isWritableConfigKey(key: string): key is WritableConfigKey {
  return (writableConfigKeys as readonly string[]).includes(key);
}

/** May a holder of these features change this entry? Unknown keys and ApplicationHash: never. */
export function canChangeConfigEntry(key: string, features: readonly string[]): boolean {
  if (!isWritableConfigKey(key)) return false;
  return configEntryFeatures[key].some((f) => features.includes(f));
}

const text = (max: number) => z.string().max(max, 'maxLength');

/** `maxLength` {max: 280}, then `url` when not an http(s) web address. */
const url = () =>
  z
    .string()
    .max(CONFIG_LIMITS.url, 'maxLength')
    .refine((v) => /^https?:\/\/\S+$/i.test(v) && URL.canParse(v), 'url');

/** `wholeNumber` when not digits, `outOfRange` {min, max} outside min..max. */
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'wholeNumber')
    .superRefine((v, ctx) => {
      if (Number(v) < min || Number(v) > max) ctx.addIssue(ruleIssue([], 'outOfRange', { min, max }));
    });

/**
 * `maxLength` {max: 20}, then `ukPhone` unless a UK number: digits with spaces, brackets or hyphens
 * between them, 0 and 9 or 10 more digits, or +44 and 9 or 10 more (without the 0).
 */
const ukPhone = () =>
  z
    .string()
    .max(CONFIG_LIMITS.supportPhone, 'maxLength')
    .refine((v) => isUkPhone(v), 'ukPhone');

export function isUkPhone(value: string): boolean {
  if (!/^\+?[\d\s()-]+$/.test(value)) return false;
  const digits = value.replace(/[\s()-]/g, '');
  return /^0\d{9,10}$/.test(digits) || /^\+44\d{9,10}$/.test(digits);
}

const email = () => z.string().max(CONFIG_LIMITS.supportEmail, 'maxLength').pipe(z.email('email'));

/** What a date entry takes: an ISO date and time, or (`dateOrDateTime`) a day alone as well. */
type ConfigDateForm = 'dateTime' | 'dateOrDateTime';

const isoDateTime = z.iso.datetime({ offset: true });
const isoDate = z.iso.date();
/** `invalidDate` {form} when not the date form asked for. */
const dateTimeOrDate = (form: ConfigDateForm) =>
  z.string().superRefine((v, ctx) => {
    const ok =
      isoDateTime.safeParse(v).success || (form === 'dateOrDateTime' && isoDate.safeParse(v).success);
    if (!ok) ctx.addIssue(ruleIssue([], 'invalidDate', { form }));
  });

/**
 * The rule for a set value of each entry (platform spec section 5), as rule codes. An empty value
 * means unset and is never checked against these.
 */
const configEntrySchemas: Record<WritableConfigKey, z.ZodType<string>> = {
  ApplicationOfflineDate: dateTimeOrDate('dateTime'),
  ApplicationOfflineMessage: text(CONFIG_LIMITS.offlineMessage),
  WinterDecorationDate: dateTimeOrDate('dateOrDateTime'),
  SignInBannerHeading: text(CONFIG_LIMITS.newsHeading),
  SignInBannerBody: text(CONFIG_LIMITS.newsBody),
  SignInBannerUrl: url(),
  LatestNewsMessageHeading: text(CONFIG_LIMITS.newsHeading),
  LatestNewsMessageDate: text(CONFIG_LIMITS.newsDate),
  LatestNewsMessageBody: text(CONFIG_LIMITS.newsBody),
  LatestNewsMessageUrl: url(),
  WelcomeMessage: text(CONFIG_LIMITS.welcome),
  PermanentPermitYears: wholeNumber(1, CONFIG_LIMITS.permanentPermitYearsMax),
  PermitExpiredDays: wholeNumber(1, CONFIG_LIMITS.permitExpiredDaysMax),
  TicketReduceDays: wholeNumber(1, CONFIG_LIMITS.ticketReduceDaysMax),
  SupportPhone: ukPhone(),
  SupportEmail: email(),
  SupportHours: text(CONFIG_LIMITS.supportHours),
  RetentionCameraReadDays: wholeNumber(1, CONFIG_LIMITS.cameraReadDaysMax),
  RetentionPermitMonths: wholeNumber(1, CONFIG_LIMITS.retentionMonthsMax),
  RetentionTransactionMonths: wholeNumber(1, CONFIG_LIMITS.retentionMonthsMax),
  RetentionAuditMonths: wholeNumber(1, CONFIG_LIMITS.retentionMonthsMax),
  RetentionNotificationMonths: wholeNumber(1, CONFIG_LIMITS.retentionMonthsMax),
};

/** The rule issues of one entry's new value (field: the key); '' and null mean unset and always pass. */
export function configEntryIssues(key: WritableConfigKey, value: string | null): RuleIssue[] {
  if (value === null || value === '') return [];
  const result = configEntrySchemas[key].safeParse(value);
  return result.success ? [] : ruleIssuesOf(result.error, [key]);
}

/** GET /application/config: every entry that has a value (defaults filled in), as text. */
export const applicationConfigSchema = z.object({
  config: z.record(z.string(), z.string()),
  expiresIn: z.number().int(),
  version: z.string(),
});
export type ApplicationConfig = z.infer<typeof applicationConfigSchema>;

/** POST /application/config: the entries to change; null or blank unsets one; numbers are taken as text. */
export const applicationConfigUpdateSchema = z.object({
  config: z
    .record(z.string(), z.union([z.string(), z.number(), z.null()]))
    .transform(
      (entries) =>
        Object.fromEntries(
          Object.entries(entries).map(([k, v]) => [k, v === null ? null : String(v).trim()]),
        ) as Record<string, string | null>,
    ),
});
