import {
  type NotificationCompany,
  type NotificationInput,
  type NotificationSeverity,
  notificationInputSchema,
  ruleIssueOf,
  ukInstant,
} from '@client-portal/contract';
import type { TFunction } from 'i18next';
import { ruleMessage } from '../../../i18n/rule-message';
import type { Site } from '../../../lib/user-info';

export const audienceKinds = ['everyone', 'companies', 'sites', 'features'] as const;
export type AudienceKind = (typeof audienceKinds)[number];

/** The send form as the user fills it; `startsAt` and `expiresAt` are UK wall-clock times (datetime-local). */
export interface ComposeValues {
  title: string;
  body: string;
  severity: NotificationSeverity;
  audienceKind: AudienceKind;
  companies: NotificationCompany[];
  sites: Site[];
  features: string[];
  schedule: 'now' | 'later';
  startsAt: string;
  expiresAt: string;
  email: boolean;
}

export type ComposeField = keyof ComposeValues;

export const emptyCompose = (audienceKind: AudienceKind): ComposeValues => ({
  title: '',
  body: '',
  severity: 'information',
  audienceKind,
  companies: [],
  sites: [],
  features: [],
  schedule: 'now',
  startsAt: '',
  expiresAt: '',
  email: false,
});

/** A UK wall-clock time as an instant; text that is not one is passed on for the contract to refuse. */
const instant = (wall: string) => ukInstant(wall)?.toISOString() ?? wall;

/** What POST /notifications/sent receives for these values. */
export function toNotificationInput(values: ComposeValues): NotificationInput {
  const audience: NotificationInput['audience'] =
    values.audienceKind === 'companies'
      ? { kind: 'companies', companyIds: values.companies.map((c) => c.id) }
      : values.audienceKind === 'sites'
        ? { kind: 'sites', numbers: values.sites.map((s) => s.siteNumber) }
        : values.audienceKind === 'features'
          ? { kind: 'features', features: values.features as never }
          : { kind: 'everyone' };
  return {
    title: values.title,
    body: values.body,
    severity: values.severity,
    audience,
    email: values.email,
    ...(values.schedule === 'later' && values.startsAt ? { startsAt: instant(values.startsAt) } : {}),
    ...(values.expiresAt ? { expiresAt: instant(values.expiresAt) } : {}),
  };
}

/** The form field a contract issue belongs to (the audience's list is the field of its kind). */
function fieldOf(path: readonly PropertyKey[], values: ComposeValues): ComposeField {
  const [first] = path;
  if (first === 'audience') return values.audienceKind === 'everyone' ? 'audienceKind' : values.audienceKind;
  return (typeof first === 'string' && first in values ? first : 'title') as ComposeField;
}

/**
 * One message per field that fails: the contract's notificationInputSchema (the server's own check),
 * its codes said from `notifications.send.rules`, and a start time when sending later.
 */
export function composeErrors(values: ComposeValues, t: TFunction): Partial<Record<ComposeField, string>> {
  const errors: Partial<Record<ComposeField, string>> = {};
  const parsed = notificationInputSchema.safeParse(toNotificationInput(values));
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path, values);
      errors[field] ??= ruleMessage(t, 'notifications.send.rules', { ...ruleIssueOf(issue), field }, field);
    }
  if (values.schedule === 'later' && !values.startsAt)
    errors.startsAt = t('notifications.send.startRequired');
  return errors;
}
