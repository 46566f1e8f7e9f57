export const common = {
  appName: 'Client Portal',
  pageTitle: '{{title}} | Client Portal',
  loading: 'Loading…',
  retry: 'Retry',
  reload: 'Reload the page',
  unknownError: 'Unknown error',
  /** A period of UK days (a report's, the statistics' custom period): the contract's rule codes (i18n/rule-message.ts). */
  /** A site or group asked for that is not in the caller's reach (a 404 answer). */
  siteNotInReach: 'The site or group chosen is not one of yours. Choose another.',
  periodRules: {
    from: { required: 'Enter the first day.', tooLate: 'The first day cannot be later than today.' },
    to: {
      required: 'Enter the last day.',
      tooEarly: 'The last day must be on or after the first day.',
      tooLate: 'The last day cannot be later than today.',
      rangeTooLong: 'The period can be at most {{months}} months.',
    },
  },
} as const;
