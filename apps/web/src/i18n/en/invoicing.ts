/** Invoicing area (operations spec: Invoicing, Invoice definition, Invoice wizard, Invoice). */
export const invoicing = {
  title: 'Invoicing',
  steps: {
    type: 'Invoice type',
    typeDescription: 'Choose an invoice',
    query: 'Query',
    queryDescription: 'Site and dates',
    prepare: 'Prepare',
    prepareDescription: 'Generating',
    results: 'Results',
    resultsDescription: 'View and download',
  },
  type: {
    heading: 'Which invoice do you want?',
    choose: 'Choose {{name}}',
    dataName: 'invoice types',
  },
  query: {
    heading: '{{name}}',
    site: 'Site',
    startDate: 'Start date',
    endDate: 'End date',
    startRequired: 'Please enter a start date.',
    startAfterToday: 'The start date cannot be later than today.',
    endRequired: 'Please enter an end date.',
    endBeforeStart: 'The end date cannot be before the start date.',
    endTooLate: 'The end date can be at most one month after the start date, and no later than today.',
    cancel: 'Cancel',
    generate: 'Generate invoice',
  },
  prepare: {
    working: 'Preparing your invoice…',
    failed: 'The invoice could not be generated. Please try again later.',
    back: 'Back',
  },
  results: {
    heading: '{{name}} for {{site}}, {{from}} to {{to}}',
    dataName: 'invoice rows',
    reset: 'Reset',
    download: 'Download invoice',
    totals: 'Totals over {{rows}} rows · {{columns}}',
  },
} as const;
