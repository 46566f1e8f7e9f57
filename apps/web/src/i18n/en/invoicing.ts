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
    /** The contract's invoice range rule codes (see i18n/rule-message.ts). */
    rules: {
      pattern: 'Please enter a valid date.',
      invalidDate: 'Please enter a valid date.',
      start: {
        required: 'Please enter a start date.',
        tooLate: 'The start date cannot be later than today.',
      },
      end: {
        required: 'Please enter an end date.',
        tooEarly: 'The end date cannot be before the start date.',
        rangeTooLong: 'The end date can be at most one month after the start date, and no later than today.',
        tooLate: 'The end date can be at most one month after the start date, and no later than today.',
      },
    },
    cancel: 'Cancel',
    generate: 'Generate invoice',
  },
  prepare: {
    heading: 'Preparing the invoice',
    working: 'Preparing your invoice…',
    failed: 'The invoice could not be generated. Please try again later.',
    back: 'Back',
  },
  results: {
    heading: '{{name}} for {{site}} – {{siteName}}, {{from}} to {{to}}',
    dataName: 'invoice rows',
    reset: 'Reset',
    download: 'Download invoice',
    downloadWorkbook: 'Download Excel workbook',
    totals: 'Totals over {{rows}} rows · {{columns}}',
  },
} as const;
