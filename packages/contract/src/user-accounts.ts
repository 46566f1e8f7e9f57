import { z } from 'zod';
import { EMAIL_MAX } from './constants.js';
import { pageQuerySchema, pageSchema } from './paging.js';
import { siteOrGroupNumberSchema } from './sites.js';

export const userAccountStateSchema = z.enum(['confirmed', 'unconfirmed']);
export type UserAccountState = z.infer<typeof userAccountStateSchema>;

/** One row of GET /user/accounts: roles carry their names, which the list shows. */
export const userAccountListItemSchema = z.object({
  userId: z.string(),
  email: z.string(),
  emailConfirmed: z.boolean(),
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
  access: z.array(z.string()),
  accessAllSites: z.boolean(),
  /** Application role ids. */
  roles: z.array(z.number().int()),
  /** Flag normalized names. */
  flags: z.array(z.string()),
});
export type UserAccount = z.infer<typeof userAccountSchema>;

export const userEmailSchema = z
  .string({ error: 'E-mail is required.' })
  .trim()
  .min(1, 'E-mail is required.')
  .max(EMAIL_MAX, `E-mail must be at most ${EMAIL_MAX} characters.`)
  .pipe(z.email('Enter a valid e-mail address.'));

/** The body of POST /user/accounts and PUT /user/accounts/{id}. */
export const userAccountInputSchema = z.object({
  email: userEmailSchema,
  /** Sent only when global access is not chosen. */
  access: z.array(siteOrGroupNumberSchema).max(500).optional(),
  accessAllSites: z.boolean().default(false),
  roles: z.array(z.number().int()).max(100).default([]),
  flags: z.array(z.string().max(100)).max(50).default([]),
});
export type UserAccountInput = z.input<typeof userAccountInputSchema>;

/** PUT /user/accounts/{id} answers with the shape the spec names (a failure is a 400 problem). */
export const userAccountUpdateResultSchema = z.object({
  success: z.boolean(),
  isValid: z.boolean(),
  messages: z.record(z.string(), z.array(z.string())),
});
export type UserAccountUpdateResult = z.infer<typeof userAccountUpdateResultSchema>;

export const userAccountSuccessSchema = z.object({ success: z.boolean() });

export const userAuditEntrySchema = z.object({ timestamp: z.string(), description: z.string() });
export type UserAuditEntry = z.infer<typeof userAuditEntrySchema>;
/** The audit timeline shows the newest entries, at most this many (no answer is unbounded). */
export const USER_AUDIT_MAX_ENTRIES = 500;
export const userAuditHistorySchema = z.array(userAuditEntrySchema).max(USER_AUDIT_MAX_ENTRIES);

export const userAccountsQuerySchema = z.object({
  state: userAccountStateSchema.optional(),
  siteNumbers: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.string().trim().toUpperCase().max(10)).max(50)),
  emailAddress: z.string().trim().max(EMAIL_MAX).optional(),
});

/** GET /user/accounts: the filters plus paging; the list sorts by e-mail (either way). */
export const userAccountsPageQuerySchema = userAccountsQuerySchema.extend(pageQuerySchema(['email']).shape);
export type UserAccountsPageQuery = z.output<typeof userAccountsPageQuerySchema>;
export const userAccountPageSchema = pageSchema(userAccountListItemSchema);
