import { z } from 'zod';
import type { FeatureName } from './features.js';

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
} as const;

/**
 * Values used when an entry is unset. PermanentPermitYears defaults to 1 (spec section 9); expired
 * permits are listed for the full 7 days; a reduction lasts 14 days, the usual UK discount period.
 */
export const configDefaults: Partial<Record<ConfigKey, string>> = {
  PermanentPermitYears: '1',
  PermitExpiredDays: '7',
  TicketReduceDays: '14',
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
};

export function isConfigKey(key: string): key is ConfigKey {
  return (configKeys as readonly string[]).includes(key);
}

export function isWritableConfigKey(key: string): key is WritableConfigKey {
  return (writableConfigKeys as readonly string[]).includes(key);
}

/** May a holder of these features change this entry? Unknown keys and ApplicationHash: never. */
export function canChangeConfigEntry(key: string, features: readonly string[]): boolean {
  if (!isWritableConfigKey(key)) return false;
  return configEntryFeatures[key].some((f) => features.includes(f));
}

const text = (max: number, label: string) =>
  z.string().max(max, `${label} must be at most ${max} characters.`);

const url = (label: string) =>
  z
    .string()
    .max(CONFIG_LIMITS.url, `${label} must be at most ${CONFIG_LIMITS.url} characters.`)
    .refine(
      (v) => /^https?:\/\/\S+$/i.test(v) && URL.canParse(v),
      `${label} must be a web address (http or https).`,
    );

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${label} must be a whole number.`)
    .refine((v) => Number(v) >= min && Number(v) <= max, `${label} must be between ${min} and ${max}.`);

const isoDateTime = z.iso.datetime({ offset: true });
const isoDate = z.iso.date();
const dateTimeOrDate = (label: string, allowDateOnly: boolean) =>
  z
    .string()
    .refine(
      (v) => isoDateTime.safeParse(v).success || (allowDateOnly && isoDate.safeParse(v).success),
      allowDateOnly
        ? `${label} must be an ISO date (yyyy-mm-dd) or date and time.`
        : `${label} must be an ISO date and time, such as 2025-01-31T22:00:00Z.`,
    );

/**
 * The rule for a set value of each entry (platform spec section 5). An empty value means unset
 * and is never checked against these.
 */
export const configEntrySchemas: Record<WritableConfigKey, z.ZodType<string>> = {
  ApplicationOfflineDate: dateTimeOrDate('The offline date', false),
  ApplicationOfflineMessage: text(CONFIG_LIMITS.offlineMessage, 'The offline message'),
  WinterDecorationDate: dateTimeOrDate('The winter decoration date', true),
  SignInBannerHeading: text(CONFIG_LIMITS.newsHeading, 'The banner heading'),
  SignInBannerBody: text(CONFIG_LIMITS.newsBody, 'The banner text'),
  SignInBannerUrl: url('The banner link'),
  LatestNewsMessageHeading: text(CONFIG_LIMITS.newsHeading, 'The heading'),
  LatestNewsMessageDate: text(CONFIG_LIMITS.newsDate, 'The date'),
  LatestNewsMessageBody: text(CONFIG_LIMITS.newsBody, 'The body'),
  LatestNewsMessageUrl: url('The link'),
  WelcomeMessage: text(CONFIG_LIMITS.welcome, 'The welcome message'),
  PermanentPermitYears: wholeNumber('Permanent permit years', 1, CONFIG_LIMITS.permanentPermitYearsMax),
  PermitExpiredDays: wholeNumber('Expired permit days', 1, CONFIG_LIMITS.permitExpiredDaysMax),
  TicketReduceDays: wholeNumber('Ticket reduction days', 1, CONFIG_LIMITS.ticketReduceDaysMax),
};

/** Messages for one entry's new value; '' and null mean unset and are always valid. */
export function validateConfigEntry(key: WritableConfigKey, value: string | null): string[] {
  if (value === null || value === '') return [];
  const result = configEntrySchemas[key].safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
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
export type ApplicationConfigUpdate = z.input<typeof applicationConfigUpdateSchema>;
