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
      message: 'Maintenance message (HTML)',
      messageHint: 'Formatting and links are kept; scripts and other active content are removed.',
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
