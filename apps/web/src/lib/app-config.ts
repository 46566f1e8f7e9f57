import { z } from 'zod';
import { type ApiClient, ApiRequestError } from './api-client';
import { readStored, storageKeys, writeStored } from './storage';

/** Known entries (platform spec section 3); the server may send more. */
type AppConfigKey =
  | 'ApplicationHash'
  | 'ApplicationOfflineDate'
  | 'ApplicationOfflineMessage'
  | 'WinterDecorationDate'
  | 'SignInBannerHeading'
  | 'SignInBannerBody'
  | 'SignInBannerUrl'
  | 'LatestNewsMessageHeading'
  | 'LatestNewsMessageDate'
  | 'LatestNewsMessageBody'
  | 'LatestNewsMessageUrl'
  | 'WelcomeMessage'
  | 'PermanentPermitYears'
  | 'PermitExpiredDays'
  | 'TicketReduceDays'
  | 'SupportPhone'
  | 'SupportEmail'
  | 'SupportHours'
  | 'RetentionCameraReadDays'
  | 'RetentionPermitMonths'
  | 'RetentionTransactionMonths'
  | 'RetentionAuditMonths'
  | 'RetentionNotificationMonths';

const entriesSchema = z
  .record(z.string(), z.string().nullable().optional())
  .transform((map): Record<string, string> => {
    const entries: Record<string, string> = {};
    for (const [key, value] of Object.entries(map)) if (value) entries[key] = value;
    return entries;
  });

/** GET /application/config */
export const appConfigResponseSchema = z.object({
  config: entriesSchema,
  expiresIn: z.number().nonnegative(),
  version: z.string(),
});

const appConfigSchema = z.object({
  entries: z.record(z.string(), z.string()),
  expiresAt: z.number(),
  expiresIn: z.number(),
  version: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export function configEntry(config: AppConfig | undefined, key: AppConfigKey): string | undefined {
  return config?.entries[key];
}

export function readStoredAppConfig(): AppConfig | undefined {
  return readStored(storageKeys.config, appConfigSchema);
}

export async function fetchAppConfig(api: ApiClient, now = Date.now(), signal?: AbortSignal) {
  const result = await api.get('/application/config', { schema: appConfigResponseSchema, signal });
  if (!result.ok) throw new ApiRequestError(result);
  return storeAppConfig(result.data, now);
}

/** Turns an answer of GET or POST /application/config into the stored config (expiresAt from now). */
export function storeAppConfig(answer: z.infer<typeof appConfigResponseSchema>, now = Date.now()): AppConfig {
  const config: AppConfig = {
    entries: answer.config,
    expiresIn: answer.expiresIn,
    expiresAt: now + answer.expiresIn * 1000,
    version: answer.version,
  };
  writeStored(storageKeys.config, config);
  return config;
}

/** Start-up could not get any application config: none stored, and the API did not answer. */
export class AppConfigUnavailableError extends Error {
  constructor(cause: unknown) {
    super('Failed to load application config.', { cause });
    this.name = 'AppConfigUnavailableError';
  }
}

/**
 * Start-up load: the config is always asked for again (the server answers 304 to the stored copy's
 * ETag, so this is cheap), so a change such as the end of maintenance applies on the next load. Only
 * when the API does not answer does a stored copy let the app start; the refresh loop catches up.
 */
export async function loadAppConfig(
  api: ApiClient,
  now = Date.now(),
  signal?: AbortSignal,
): Promise<{ config: AppConfig; stale: boolean }> {
  const stored = readStoredAppConfig();
  try {
    return { config: await fetchAppConfig(api, now, signal), stale: false };
  } catch (error) {
    if (stored) return { config: stored, stale: true };
    throw new AppConfigUnavailableError(error);
  }
}
