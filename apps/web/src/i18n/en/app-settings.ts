export const appSettings = {
  form: {
    save: 'Save',
    saved: 'The setting was saved. Other users see the change within 5 minutes.',
    failed: 'Failed to update the application setting.',
    required: 'Please enter a number.',
    invalidDate: 'Please enter a valid date and time.',
    preview: 'Preview',
    previewEmpty: 'Nothing to preview.',
  },
  /** Rule codes of the contract's config entries (see i18n/rule-message.ts); {{field}} from ruleLabels. */
  rules: {
    maxLength: '{{field}} must be at most {{max}} characters.',
    url: '{{field}} must be a web address (http or https).',
    wholeNumber: '{{field}} must be a whole number.',
    outOfRange: '{{field}} must be between {{min}} and {{max}}.',
    ukPhone: '{{field}} must be a UK telephone number, such as 020 7946 0018 or +44 20 7946 0018.',
    email: '{{field}} must be an email address, such as support@example.com.',
    ApplicationOfflineDate: {
      invalidDate: '{{field}} must be an ISO date and time, such as 2025-01-31T22:00:00Z.',
    },
    WinterDecorationDate: { invalidDate: '{{field}} must be an ISO date (yyyy-mm-dd) or date and time.' },
  },
  /** Each entry as the rule messages name it. */
  ruleLabels: {
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
  },
  retention: {
    title: 'Retention of personal data',
    months: 'Months',
    cameraReads: {
      title: 'Camera reads',
      intro:
        'For how many days a camera read with no open parking charge keeps its registration. A client company may set a shorter period for its sites, never a longer one.',
      days: 'Days',
    },
    permits: {
      title: 'Ended and cancelled permits',
      intro: 'For how many months after it ended a permit keeps its registration and driver name.',
    },
    transactions: {
      title: 'Parking transactions',
      intro: 'For how many months a parking transaction keeps its registration. Its amount and times stay.',
    },
    audit: {
      title: 'Audit records',
      intro: 'For how many months sign-ins and changes to accounts and settings are kept.',
    },
    notifications: {
      title: 'Notifications',
      intro: 'For how many months a notification is kept after it was written.',
    },
  },
  support: {
    title: 'Support contact',
    intro:
      "How clients reach you: shown on every user's Support and Help pages and in every message that asks them to contact their representative.",
    phone: 'Telephone',
    phoneHint: 'A UK number, such as 020 7946 0018.',
    email: 'Email address',
    hours: 'Opening hours',
    hoursHint: 'Plain words, such as Monday to Friday, 8am to 6pm.',
  },
  latestNews: {
    title: 'Latest news',
    intro: 'The news card on the dashboard. Leave a field empty to remove it.',
    heading: 'Heading',
    date: 'Date',
    dateHint: 'Shown as written, for example 3 March 2025.',
    body: 'Body',
    url: 'Read more link',
    urlHint: 'A web address starting with https://',
  },
  welcome: {
    title: 'Welcome message',
    intro: 'Shown at the top of the dashboard. Leave it empty to show no message.',
    message: 'Welcome message',
  },
  permanentYears: {
    title: 'Long-term permit years',
    intro: 'How many years a long-term (permanent) permit lasts.',
    years: 'Years',
  },
  expiredDays: {
    title: 'Expired permit days',
    intro: 'For how many days expired permits stay in the permit list (1 to 7).',
    days: 'Days',
  },
  reduceDays: {
    title: 'Ticket reduction days',
    intro: 'For how many days a reduced ticket keeps its reduced amount.',
    days: 'Days',
  },
  system: {
    title: 'System settings',
    maintenance: {
      title: 'Maintenance',
      intro:
        'From the offline date, everyone except system administrators sees the maintenance screen and cannot make changes. Before it, users see a notice. Clear the date to end the maintenance.',
      date: 'Offline from',
      dateHint: 'In your local time. Leave empty for no maintenance.',
      message: 'Maintenance message',
      messageHint:
        'Written like a notification: **bold**, *italics*, [links](https://…), tel: and mailto: links, and lists. A blank line starts a new paragraph.',
    },
    winter: {
      title: 'Winter decoration',
      intro: 'Snowflakes fall in the navigation bar from this date. Clear it to turn the decoration off.',
      date: 'Show from',
      dateHint: 'In your local time. Leave empty for no decoration.',
    },
    banner: {
      title: 'Sign-in banner',
      intro: 'An information banner beside the sign-in form. Leave the heading and text empty to hide it.',
      heading: 'Heading',
      body: 'Text',
      url: 'Link',
    },
  },
} as const;
