import { CONFIG_LIMITS, configEntryFeatures, type FeatureName } from '@client-portal/contract';
import type { ParseKeys } from 'i18next';
import type { SettingField } from './components/setting-field';

interface SettingForm {
  title: ParseKeys;
  intro?: ParseKeys;
  fields: readonly SettingField[];
}

export interface SettingPage {
  /** The path segment under /admin/app-settings/. */
  slug: string;
  title: ParseKeys;
  /** Who may open the page: the holders of the features that may change its entries (contract). */
  features: readonly FeatureName[];
  forms: readonly SettingForm[];
}

const news: SettingPage = {
  slug: 'LatestNews',
  title: 'appSettings.latestNews.title',
  features: configEntryFeatures.LatestNewsMessageHeading,
  forms: [
    {
      title: 'appSettings.latestNews.title',
      intro: 'appSettings.latestNews.intro',
      fields: [
        {
          key: 'LatestNewsMessageHeading',
          kind: 'text',
          label: 'appSettings.latestNews.heading',
          maxLength: CONFIG_LIMITS.newsHeading,
        },
        {
          key: 'LatestNewsMessageDate',
          kind: 'text',
          label: 'appSettings.latestNews.date',
          description: 'appSettings.latestNews.dateHint',
          maxLength: CONFIG_LIMITS.newsDate,
        },
        {
          key: 'LatestNewsMessageBody',
          kind: 'textarea',
          label: 'appSettings.latestNews.body',
          maxLength: CONFIG_LIMITS.newsBody,
        },
        {
          key: 'LatestNewsMessageUrl',
          kind: 'url',
          label: 'appSettings.latestNews.url',
          description: 'appSettings.latestNews.urlHint',
          maxLength: CONFIG_LIMITS.url,
        },
      ],
    },
  ],
};

const welcome: SettingPage = {
  slug: 'WelcomeMessage',
  title: 'appSettings.welcome.title',
  features: configEntryFeatures.WelcomeMessage,
  forms: [
    {
      title: 'appSettings.welcome.title',
      intro: 'appSettings.welcome.intro',
      fields: [
        {
          key: 'WelcomeMessage',
          kind: 'text',
          label: 'appSettings.welcome.message',
          maxLength: CONFIG_LIMITS.welcome,
        },
      ],
    },
  ],
};

const permanentYears: SettingPage = {
  slug: 'PermanentPermitYears',
  title: 'appSettings.permanentYears.title',
  features: configEntryFeatures.PermanentPermitYears,
  forms: [
    {
      title: 'appSettings.permanentYears.title',
      intro: 'appSettings.permanentYears.intro',
      fields: [
        {
          key: 'PermanentPermitYears',
          kind: 'number',
          label: 'appSettings.permanentYears.years',
          min: 1,
          max: CONFIG_LIMITS.permanentPermitYearsMax,
          required: true,
        },
      ],
    },
  ],
};

const expiredDays: SettingPage = {
  slug: 'PermitExpiredDays',
  title: 'appSettings.expiredDays.title',
  features: configEntryFeatures.PermitExpiredDays,
  forms: [
    {
      title: 'appSettings.expiredDays.title',
      intro: 'appSettings.expiredDays.intro',
      fields: [
        {
          key: 'PermitExpiredDays',
          kind: 'number',
          label: 'appSettings.expiredDays.days',
          min: 1,
          max: CONFIG_LIMITS.permitExpiredDaysMax,
          required: true,
        },
      ],
    },
  ],
};

const reduceDays: SettingPage = {
  slug: 'TicketReduceDays',
  title: 'appSettings.reduceDays.title',
  features: configEntryFeatures.TicketReduceDays,
  forms: [
    {
      title: 'appSettings.reduceDays.title',
      intro: 'appSettings.reduceDays.intro',
      fields: [
        {
          key: 'TicketReduceDays',
          kind: 'number',
          label: 'appSettings.reduceDays.days',
          min: 1,
          max: CONFIG_LIMITS.ticketReduceDaysMax,
          required: true,
        },
      ],
    },
  ],
};

const support: SettingPage = {
  slug: 'SupportContact',
  title: 'appSettings.support.title',
  features: configEntryFeatures.SupportPhone,
  forms: [
    {
      title: 'appSettings.support.title',
      intro: 'appSettings.support.intro',
      fields: [
        {
          key: 'SupportPhone',
          kind: 'tel',
          label: 'appSettings.support.phone',
          description: 'appSettings.support.phoneHint',
          maxLength: CONFIG_LIMITS.supportPhone,
        },
        {
          key: 'SupportEmail',
          kind: 'email',
          label: 'appSettings.support.email',
          maxLength: CONFIG_LIMITS.supportEmail,
        },
        {
          key: 'SupportHours',
          kind: 'text',
          label: 'appSettings.support.hours',
          description: 'appSettings.support.hoursHint',
          maxLength: CONFIG_LIMITS.supportHours,
        },
      ],
    },
  ],
};

const system: SettingPage = {
  slug: 'System',
  title: 'appSettings.system.title',
  features: configEntryFeatures.ApplicationOfflineDate,
  forms: [
    {
      title: 'appSettings.system.maintenance.title',
      intro: 'appSettings.system.maintenance.intro',
      fields: [
        {
          key: 'ApplicationOfflineDate',
          kind: 'datetime',
          label: 'appSettings.system.maintenance.date',
          description: 'appSettings.system.maintenance.dateHint',
        },
        {
          key: 'ApplicationOfflineMessage',
          kind: 'markdown',
          label: 'appSettings.system.maintenance.message',
          description: 'appSettings.system.maintenance.messageHint',
          maxLength: CONFIG_LIMITS.offlineMessage,
        },
      ],
    },
    {
      title: 'appSettings.system.winter.title',
      intro: 'appSettings.system.winter.intro',
      fields: [
        {
          key: 'WinterDecorationDate',
          kind: 'datetime',
          label: 'appSettings.system.winter.date',
          description: 'appSettings.system.winter.dateHint',
        },
      ],
    },
    {
      title: 'appSettings.system.banner.title',
      intro: 'appSettings.system.banner.intro',
      fields: [
        {
          key: 'SignInBannerHeading',
          kind: 'text',
          label: 'appSettings.system.banner.heading',
          maxLength: CONFIG_LIMITS.newsHeading,
        },
        {
          key: 'SignInBannerBody',
          kind: 'textarea',
          label: 'appSettings.system.banner.body',
          maxLength: CONFIG_LIMITS.newsBody,
        },
        {
          key: 'SignInBannerUrl',
          kind: 'url',
          label: 'appSettings.system.banner.url',
          maxLength: CONFIG_LIMITS.url,
        },
      ],
    },
  ],
};

const monthsField = (
  key:
    | 'RetentionPermitMonths'
    | 'RetentionTransactionMonths'
    | 'RetentionAuditMonths'
    | 'RetentionNotificationMonths',
  label: ParseKeys,
): SettingField => ({
  key,
  kind: 'number',
  label,
  min: 1,
  max: CONFIG_LIMITS.retentionMonthsMax,
  required: true,
});

/** How long personal data is kept (issue 28): what the retention job and the privacy notice read. */
const retention: SettingPage = {
  slug: 'Retention',
  title: 'appSettings.retention.title',
  features: configEntryFeatures.RetentionCameraReadDays,
  forms: [
    {
      title: 'appSettings.retention.cameraReads.title',
      intro: 'appSettings.retention.cameraReads.intro',
      fields: [
        {
          key: 'RetentionCameraReadDays',
          kind: 'number',
          label: 'appSettings.retention.cameraReads.days',
          min: 1,
          max: CONFIG_LIMITS.cameraReadDaysMax,
          required: true,
        },
      ],
    },
    {
      title: 'appSettings.retention.permits.title',
      intro: 'appSettings.retention.permits.intro',
      fields: [monthsField('RetentionPermitMonths', 'appSettings.retention.months')],
    },
    {
      title: 'appSettings.retention.transactions.title',
      intro: 'appSettings.retention.transactions.intro',
      fields: [monthsField('RetentionTransactionMonths', 'appSettings.retention.months')],
    },
    {
      title: 'appSettings.retention.audit.title',
      intro: 'appSettings.retention.audit.intro',
      fields: [monthsField('RetentionAuditMonths', 'appSettings.retention.months')],
    },
    {
      title: 'appSettings.retention.notifications.title',
      intro: 'appSettings.retention.notifications.intro',
      fields: [monthsField('RetentionNotificationMonths', 'appSettings.retention.months')],
    },
  ],
};

/** The settings pages in the order the admin index lists them. */
export const settingPages: readonly SettingPage[] = [
  news,
  welcome,
  permanentYears,
  expiredDays,
  reduceDays,
  support,
  retention,
  system,
];
