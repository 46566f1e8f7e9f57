import { z } from 'zod';
import { allFeatureNames, type FeatureName } from './features.js';
import { pageSchema, pagingFields } from './paging.js';
import { ruleIssue } from './rules.js';
import { siteOrGroupNumberSchema } from './sites.js';

export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_BODY_MAX = 4_000;
const NOTIFICATION_AUDIENCE_MAX = 100;

export const notificationSeverities = ['information', 'warning', 'urgent'] as const;
const notificationSeveritySchema = z.enum(notificationSeverities);
export type NotificationSeverity = z.infer<typeof notificationSeveritySchema>;

/**
 * What a notification is about. `Announcement` is one an operator or client sends from the send page;
 * the others are the flag mails, which land in the centre too. Each user chooses per category whether
 * they are also emailed.
 */
export const notificationCategories = [
  'Announcement',
  'TicketActionReceipts',
  'PermitExpiryDigest',
  'LatestNews',
] as const;
const notificationCategorySchema = z.enum(notificationCategories);
export type NotificationCategory = z.infer<typeof notificationCategorySchema>;

export const notificationCategoryLabels: Record<NotificationCategory, { name: string; description: string }> =
  {
    Announcement: {
      name: 'Announcements',
      description: 'Notifications the operator or your administrator sends that are marked for email',
    },
    TicketActionReceipts: {
      name: 'Ticket action receipts',
      description: 'A receipt after each ticket you cancel or reduce',
    },
    PermitExpiryDigest: {
      name: 'Permit expiry digest',
      description: 'Each day, the permits at your sites that end within 7 days',
    },
    LatestNews: { name: 'Latest news', description: 'When the latest news changes' },
  };

/**
 * Who a notification goes to. A sender without all-sites access reaches only users of their own sites.
 * Each list is `required` (none chosen); a feature that is not in the catalogue is not `oneOf` them.
 */
const notificationAudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('everyone') }),
  z.object({
    kind: z.literal('companies'),
    companyIds: z.array(z.number().int().positive()).min(1, 'required').max(NOTIFICATION_AUDIENCE_MAX),
  }),
  z.object({
    kind: z.literal('sites'),
    numbers: z
      .array(z.string().trim().toUpperCase().pipe(siteOrGroupNumberSchema))
      .min(1, 'required')
      .max(NOTIFICATION_AUDIENCE_MAX),
  }),
  z.object({
    kind: z.literal('features'),
    features: z
      .array(
        z
          .string()
          .refine((f): f is FeatureName => (allFeatureNames as readonly string[]).includes(f), 'oneOf'),
      )
      .min(1, 'required')
      .max(NOTIFICATION_AUDIENCE_MAX),
  }),
]);
export type NotificationAudience = z.infer<typeof notificationAudienceSchema>;

const isoInstant = z.iso.datetime({ offset: true, message: 'invalidDate' });

/**
 * POST /notifications: compose and send (now or at `startsAt`). `title` and `body`: `required`,
 * `maxLength` {max}; `startsAt`, `expiresAt`: `invalidDate`; `expiresAt` not after the start: `tooEarly`.
 */
export const notificationInputSchema = z
  .object({
    title: z.string({ error: 'required' }).trim().min(1, 'required').max(NOTIFICATION_TITLE_MAX, 'maxLength'),
    body: z.string({ error: 'required' }).trim().min(1, 'required').max(NOTIFICATION_BODY_MAX, 'maxLength'),
    severity: notificationSeveritySchema,
    audience: notificationAudienceSchema,
    /** Absent: now. */
    startsAt: isoInstant.optional(),
    expiresAt: isoInstant.optional(),
    email: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (
      value.expiresAt &&
      Date.parse(value.expiresAt) <= Date.parse(value.startsAt ?? new Date().toISOString())
    )
      ctx.addIssue(ruleIssue(['expiresAt'], 'tooEarly'));
  });
export type NotificationInput = z.input<typeof notificationInputSchema>;

/** One notification as its recipient sees it in the centre. */
const receivedNotificationSchema = z.object({
  id: z.string(),
  category: notificationCategorySchema,
  title: z.string(),
  /** The body rendered from the Markdown subset to HTML (safe: see renderNotificationMarkdown). */
  html: z.string(),
  severity: notificationSeveritySchema,
  link: z.string().nullable(),
  startsAt: z.string(),
  readAt: z.string().nullable(),
});
export type ReceivedNotification = z.infer<typeof receivedNotificationSchema>;

export const receivedNotificationQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  ...pagingFields,
});
export const receivedNotificationPageSchema = pageSchema(receivedNotificationSchema).extend({
  unread: z.number().int().min(0),
});

export const notificationSummarySchema = z.object({
  unread: z.number().int().min(0),
  /** Unread urgent notifications, newest first: the banner shows them until acknowledged. */
  urgent: z.array(receivedNotificationSchema).max(20),
});

export const notificationReadSchema = z.object({ read: z.boolean() });

/** One notification as its sender sees it on the send page. */
export const sentNotificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  html: z.string(),
  severity: notificationSeveritySchema,
  audience: notificationAudienceSchema,
  email: z.boolean(),
  startsAt: z.string(),
  expiresAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  senderEmail: z.string().nullable(),
  state: z.enum(['scheduled', 'live', 'expired', 'withdrawn']),
  recipients: z.number().int().min(0),
  read: z.number().int().min(0),
});
export type SentNotification = z.infer<typeof sentNotificationSchema>;
export const sentNotificationPageSchema = pageSchema(sentNotificationSchema);
export const sentNotificationQuerySchema = z.object({ ...pagingFields });

export const notificationPreferencesSchema = z.object({
  email: z.record(notificationCategorySchema, z.boolean()),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesInputSchema = z.object({
  email: z.partialRecord(notificationCategorySchema, z.boolean()),
});

/** A pushed event on GET /notifications/stream (Server-Sent Events; `id` is the Last-Event-ID). */
export const notificationEventSchema = z.object({
  type: z.enum(['published', 'withdrawn']),
  notification: receivedNotificationSchema,
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** GET /notifications/companies: the client companies the sender may address, by name. */
export const NOTIFICATION_COMPANY_SEARCH_MAX = 20;
export const notificationCompanyQuerySchema = z.object({
  /** `maxLength` {max: 100}. */
  search: z.string().trim().max(100, 'maxLength').default(''),
});
const notificationCompanySchema = z.object({ id: z.number().int(), name: z.string() });
export type NotificationCompany = z.infer<typeof notificationCompanySchema>;
export const notificationCompanyListSchema = z
  .array(notificationCompanySchema)
  .max(NOTIFICATION_COMPANY_SEARCH_MAX);
