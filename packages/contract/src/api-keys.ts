import { z } from 'zod';
import type { FeatureName } from './features.js';
import { pageQuerySchema, pageSchema } from './paging.js';
import { ruleIssue, text, typeRule } from './rules.js';
import { siteOrGroupNumberSchema } from './sites.js';
import { addIsoDays, addIsoYears, isIsoDay, isoDaySchema, ukToday } from './uk-days.js';

/**
 * API keys (issue 26, decision 43): a client company's systems call the same API as its pages with
 * `Authorization: Bearer cp_live_…`. A key holds some of its creator's features and sites; it is shown
 * once, kept only as a hash, and expires within a year.
 */
export const API_KEY_PREFIX = 'cp_live_';
export const API_KEY_NAME_MAX = 100;
/** A key expires at the end of a UK day at most this many years ahead. */
export const API_KEY_YEARS_MAX = 1;

/**
 * The features a key may hold: the work a client's own systems do (permits, tickets, reports,
 * statistics, invoices), and `Users.Add`, which on a key opens only the SCIM provisioning routes
 * (decision 46) with the role and sites of the key's SCIM mapping. Never the user, role, key or
 * settings administration routes (none of them admits a key), nor sending notifications.
 */
export const apiKeyFeatures = [
  'Users.Add',
  'Invoicing.Access',
  'Permits.View',
  'Permits.Add',
  'Permits.Edit',
  'Permits.Disable',
  'Permits.BulkAdd',
  'Permits.AllPermits',
  'Permits.CustomDuration',
  'Reports.Access',
  'Statistics.Access',
  'Tickets.Cancel',
  'Tickets.ViewCancelled',
  'Tickets.Reduce',
  'Tickets.ViewReduced',
] as const satisfies readonly FeatureName[];

/** The feature that lets a key provision its company's accounts through SCIM (decision 46). */
export const SCIM_FEATURE = 'Users.Add' satisfies FeatureName;

export function isApiKeyFeature(feature: string): boolean {
  return (apiKeyFeatures as readonly string[]).includes(feature);
}

/** The last UK day a new key may run to: a year from today. */
export function apiKeyLastDay(today: string = ukToday()): string {
  return addIsoYears(today, API_KEY_YEARS_MAX);
}

/**
 * POST /api-keys: a name, the last UK day it works (`tooEarly` before tomorrow, `tooLate` after a
 * year from today), some features a key may hold (`required` when none, `oneOf` for another) and
 * some sites or site groups (`required` when none). That the caller holds them is the server's check.
 */
export const apiKeyInputSchema = z
  .object({
    name: text().trim().min(1, 'required').max(API_KEY_NAME_MAX, 'maxLength'),
    expiresOn: text().min(1, 'required').pipe(isoDaySchema),
    features: z
      .array(z.string().refine(isApiKeyFeature, 'oneOf'), typeRule)
      .min(1, 'required')
      .max(apiKeyFeatures.length),
    access: z.array(siteOrGroupNumberSchema, typeRule).min(1, 'required').max(500),
    /** SCIM (decision 46), with Users.Add only: the role provisioned accounts get. */
    scimRoleId: z.number(typeRule).int().positive().nullable().optional(),
    /** SCIM, with Users.Add only: the sites and groups provisioned accounts get, among the key's own. */
    scimAccess: z.array(siteOrGroupNumberSchema, typeRule).max(500).optional(),
  })
  .superRefine(({ expiresOn, features, access, scimRoleId, scimAccess }, ctx) => {
    if (features?.includes(SCIM_FEATURE)) {
      if (scimRoleId == null) ctx.addIssue(ruleIssue(['scimRoleId'], 'required'));
      if (!scimAccess || scimAccess.length === 0) ctx.addIssue(ruleIssue(['scimAccess'], 'required'));
      const beyond = (scimAccess ?? []).findIndex((entry) => !access?.includes(entry));
      if (beyond >= 0) ctx.addIssue(ruleIssue(['scimAccess', beyond], 'notAllowed'));
    }
    if (!isIsoDay(expiresOn)) return;
    const today = ukToday();
    const first = addIsoDays(today, 1);
    const last = apiKeyLastDay(today);
    if (expiresOn < first) ctx.addIssue(ruleIssue(['expiresOn'], 'tooEarly', { min: first, max: last }));
    if (expiresOn > last) ctx.addIssue(ruleIssue(['expiresOn'], 'tooLate', { min: first, max: last }));
  });
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;

export const apiKeyStates = ['active', 'expired', 'revoked'] as const;
export type ApiKeyState = (typeof apiKeyStates)[number];

/** One key as the list shows it: never the key itself, only its prefix and last four characters. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `cp_live_…abcd`: how the key is recognised. */
  hint: z.string(),
  companyName: z.string(),
  createdBy: z.string(),
  features: z.array(z.string()),
  access: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  state: z.enum(apiKeyStates),
  /** SCIM (decision 46): the role and sites of the accounts the key provisions; null without Users.Add. */
  scim: z
    .object({
      roleId: z.number().int().nullable(),
      roleName: z.string().nullable(),
      access: z.array(z.string()),
    })
    .nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST /api-keys answers the key once, in full, beside what the list shows. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** GET /api-keys: newest first; `state` narrows to active, expired or revoked keys. */
export const apiKeysPageQuerySchema = pageQuerySchema(['createdAt']).extend({
  state: z.enum(apiKeyStates).optional(),
});
export type ApiKeysPageQuery = z.output<typeof apiKeysPageQuerySchema>;

export const apiKeyPageSchema = pageSchema(apiKeySchema);
export type ApiKeyPage = z.infer<typeof apiKeyPageSchema>;

export const apiKeyIdParamsSchema = z.object({ id: z.uuid('No such API key.') });
