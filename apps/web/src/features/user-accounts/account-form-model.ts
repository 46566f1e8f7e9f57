import {
  accountChoiceIssues,
  emailSchema,
  type FlagInfo,
  isStaffEmail,
  type Site,
  siteSchema,
  type UserAccountInput,
} from '@client-portal/contract';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { ruleField } from '../../i18n/rule-field';
import { ruleMessage } from '../../i18n/rule-message';
import { keepOffered } from './flag-options';

export interface AccountFormValues {
  email: string;
  accessAllSites: boolean;
  sites: Site[];
  roles: number[];
  flags: string[];
}

export const emptyAccountForm: AccountFormValues = {
  email: '',
  accessAllSites: false,
  sites: [],
  roles: [],
  flags: [],
};

/**
 * The global-access checkbox appears only when the viewer may give all sites (has all sites) AND the
 * typed email is at the provider's own staff domain.
 */
export function canOfferGlobalAccess(
  viewerAccessAllSites: boolean,
  email: string,
  staffEmailDomain: string | undefined,
): boolean {
  if (!viewerAccessAllSites || !staffEmailDomain) return false;
  return isStaffEmail(email, staffEmailDomain);
}

export interface AccountFormContext {
  viewerAccessAllSites: boolean;
  staffEmailDomain: string | undefined;
}

/** Global access counts only while its checkbox is offered. */
export function isGlobal(
  values: Pick<AccountFormValues, 'accessAllSites' | 'email'>,
  ctx: AccountFormContext,
) {
  return (
    values.accessAllSites &&
    canOfferGlobalAccess(ctx.viewerAccessAllSites, values.email, ctx.staffEmailDomain)
  );
}

/** Operations spec section 5, 'User add and edit'. */
export function accountFormSchema(t: TFunction, ctx: AccountFormContext) {
  return z
    .object({
      email: ruleField(emailSchema, t, 'userAccounts.rules', 'email'),
      accessAllSites: z.boolean(),
      sites: z.array(siteSchema),
      roles: z.array(z.number()),
      flags: z.array(z.string()),
    })
    .superRefine((values, issues) => {
      const choice = accountChoiceIssues({
        accessAllSites: isGlobal(values, ctx),
        access: values.sites.map((site) => site.siteNumber),
        roles: values.roles,
      });
      for (const issue of choice) {
        const field = issue.field === 'access' ? 'sites' : issue.field;
        issues.addIssue({
          code: 'custom',
          path: [field],
          message: ruleMessage(t, 'userAccounts.rules', issue, field),
        });
      }
    });
}

/** The request body: access only when global is not chosen, and only flags still offered. */
export function toAccountInput(
  values: AccountFormValues,
  ctx: AccountFormContext,
  offered: readonly FlagInfo[],
): UserAccountInput {
  const global = isGlobal(values, ctx);
  return {
    email: values.email.trim(),
    ...(global ? {} : { access: values.sites.map((s) => s.siteNumber) }),
    accessAllSites: global,
    roles: values.roles,
    flags: keepOffered(values.flags, offered),
  };
}
