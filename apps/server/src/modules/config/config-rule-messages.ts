import type { RuleIssue, WritableConfigKey } from '@client-portal/contract';
import { type RuleMessages, ruleMessage } from '../../plugins/rule-messages.js';

/** Each entry as the messages name it. */
const labels: Record<WritableConfigKey, string> = {
  ApplicationOfflineDate: 'The offline date',
  ApplicationOfflineMessage: 'The offline message',
  WinterDecorationDate: 'The winter decoration date',
  SignInBannerHeading: 'The banner heading',
  SignInBannerBody: 'The banner text',
  SignInBannerUrl: 'The banner link',
  LatestNewsMessageHeading: 'The heading',
  LatestNewsMessageDate: 'The date',
  LatestNewsMessageBody: 'The body',
  LatestNewsMessageUrl: 'The link',
  WelcomeMessage: 'The welcome message',
  PermanentPermitYears: 'Permanent permit years',
  PermitExpiredDays: 'Expired permit days',
  TicketReduceDays: 'Ticket reduction days',
  SupportPhone: 'The support telephone number',
  SupportEmail: 'The support email address',
  SupportHours: 'The support opening hours',
  RetentionCameraReadDays: 'Days camera reads are kept',
  RetentionPermitMonths: 'Months ended permits keep their registration',
  RetentionTransactionMonths: 'Months transactions keep their registration',
  RetentionAuditMonths: 'Months audit records are kept',
  RetentionNotificationMonths: 'Months notifications are kept',
};

const messagesFor = (label: string): RuleMessages[string] => ({
  maxLength: ({ max }) => `${label} must be at most ${max} characters.`,
  url: `${label} must be a web address (http or https).`,
  wholeNumber: `${label} must be a whole number.`,
  ukPhone: `${label} must be a UK telephone number, such as 020 7946 0018 or +44 20 7946 0018.`,
  email: `${label} must be an email address, such as support@example.com.`,
  outOfRange: ({ min, max }) => `${label} must be between ${min} and ${max}.`,
  invalidDate: ({ form }) =>
    form === 'dateOrDateTime'
      ? `${label} must be an ISO date (yyyy-mm-dd) or date and time.`
      : `${label} must be an ISO date and time, such as 2025-01-31T22:00:00Z.`,
});

/** The config area's English for the contract's rule codes, by entry (platform spec section 5). */
export const configRuleMessages: RuleMessages = Object.fromEntries(
  Object.entries(labels).map(([key, label]) => [key, messagesFor(label)]),
);

/** One entry's rule issue in the spec's English. */
export function configRuleMessage(issue: RuleIssue): string {
  return ruleMessage(issue, configRuleMessages);
}
