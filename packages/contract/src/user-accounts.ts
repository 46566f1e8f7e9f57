import { z } from 'zod';
import { EMAIL_MAX } from './constants.js';
import { emailSchema } from './email.js';
import { pageQuerySchema, pageSchema } from './paging.js';
import type { RuleIssue } from './rules.js';
import { siteOrGroupNumberSchema } from './sites.js';

const userAccountStateSchema = z.enum(['confirmed', 'unconfirmed']);
export type UserAccountState = z.infer<typeof userAccountStateSchema>;

/** One row of GET /user/accounts: roles carry their names, which the list shows. */
const userAccountListItemSchema = z.object({
  userId: z.string(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  /** False once deactivated (decision 46, SCIM `active: false`): kept, but never signed into. */
  active: z.boolean(),
  /** Site and site-group numbers; empty for a global (all-sites) account. */
  access: z.array(z.string()),
  accessAllSites: z.boolean(),
  roles: z.array(z.object({ applicationRoleId: z.number().int(), name: z.string() })),
});
export type UserAccountListItem = z.infer<typeof userAccountListItemSchema>;

/** GET /user/accounts/{id} (operations spec section 3, "User account"). */
export const userAccountSchema = z.object({
  userId: z.string(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  /** False once deactivated (decision 46). */
  active: z.boolean(),
  access: z.array(z.string()),
  accessAllSites: z.boolean(),
  /** Application role ids. */
  roles: z.array(z.number().int()),
  /** Flag normalized names. */
  flags: z.array(z.string()),
});
export type UserAccount = z.infer<typeof userAccountSchema>;

/** The body of POST /user/accounts and PUT /user/accounts/{id}. */
export const userAccountInputSchema = z.object({
  email: emailSchema,
  /** Sent only when global access is not chosen. */
  access: z.array(siteOrGroupNumberSchema).max(500).optional(),
  accessAllSites: z.boolean().default(false),
  roles: z.array(z.number().int()).max(100).default([]),
  flags: z.array(z.string().max(100)).max(50).default([]),
});
export type UserAccountInput = z.input<typeof userAccountInputSchema>;

/**
 * Only an address at the provider's own staff domain may be given access to all sites (operations
 * spec section 5): the form offers the choice for it and the server refuses it for any other.
 */
export function isStaffEmail(email: string, staffEmailDomain: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${staffEmailDomain.toLowerCase()}`);
}

/**
 * What an account must hold (operations spec section 5, 'User add and edit'): a site or site group
 * unless it has access to all sites (`required` on `access`), and a role (`required` on `roles`).
 * The add and edit forms and the server's account check both ask this.
 */
export function accountChoiceIssues(choice: {
  accessAllSites: boolean;
  access: readonly string[];
  roles: readonly number[];
}): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (!choice.accessAllSites && choice.access.length === 0) {
    issues.push({ field: 'access', code: 'required', params: {} });
  }
  if (choice.roles.length === 0) issues.push({ field: 'roles', code: 'required', params: {} });
  return issues;
}

/** PUT /user/accounts/{id} answers with the shape the spec names (a failure is a 400 problem). */
export const userAccountUpdateResultSchema = z.object({
  success: z.boolean(),
  isValid: z.boolean(),
  messages: z.record(z.string(), z.array(z.string())),
});
export type UserAccountUpdateResult = z.infer<typeof userAccountUpdateResultSchema>;

export const userAccountSuccessSchema = z.object({ success: z.boolean() });

/**
 * PUT /user/accounts/{id}/active: deactivates an account (it keeps its address, roles and sites but
 * cannot sign in; its sessions end at once) or activates it again (decision 51, as SCIM's `active`).
 */
export const userAccountActiveSchema = z.object({ active: z.boolean('Say whether the account is active.') });
export type UserAccountActive = z.infer<typeof userAccountActiveSchema>;

export const userAuditEntrySchema = z.object({ timestamp: z.string(), description: z.string() });
export type UserAuditEntry = z.infer<typeof userAuditEntrySchema>;
/** The audit timeline shows the newest entries, at most this many (no answer is unbounded). */
export const USER_AUDIT_MAX_ENTRIES = 500;
export const userAuditHistorySchema = z.array(userAuditEntrySchema).max(USER_AUDIT_MAX_ENTRIES);

const userAccountsQuerySchema = z.object({
  state: userAccountStateSchema.optional(),
  siteNumbers: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.string().trim().toUpperCase().max(10)).max(50)),
  emailAddress: z.string().trim().max(EMAIL_MAX).optional(),
});

/** GET /user/accounts: the filters plus paging; the list sorts by email (either way). */
export const userAccountsPageQuerySchema = userAccountsQuerySchema.extend(pageQuerySchema(['email']).shape);
export type UserAccountsPageQuery = z.output<typeof userAccountsPageQuerySchema>;
export const userAccountPageSchema = pageSchema(userAccountListItemSchema);
