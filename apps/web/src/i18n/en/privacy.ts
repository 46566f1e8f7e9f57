/** The privacy notice and the operator's subject access and erasure page (issue 28). */
export const privacy = {
  kinds: {
    permits: 'Permits',
    permitHistory: 'Permit history',
    sightings: 'Camera reads',
    tickets: 'Parking charges',
    ticketActions: 'Actions on parking charges',
    transactions: 'Parking payments',
    accounts: 'Portal accounts',
    signInHistory: 'Sign-in and account history',
    notifications: 'Notifications',
  },
  notice: {
    title: 'Privacy notice',
    intro:
      'Client Portal Parking Ltd runs this portal for the companies whose car parks we manage. This notice says what personal data the portal keeps, why, for how long and who sees it. We keep it only as long as we need it.',
    whatHeading: 'What we keep and why',
    what: {
      permits:
        'Parking permits: the vehicle registration and the driver’s name, so that the vehicle is not charged while it is allowed to park.',
      sightings:
        'Reads of our number-plate cameras: the registration and when the vehicle came and went, to check it against permits and payments.',
      tickets:
        'Parking charges: the registration, the contravention, the amounts and what was done about them.',
      transactions:
        'Parking payments: the registration, when, for how long and how much, for invoices and statistics.',
      accounts:
        'Portal accounts of our clients’ staff: e-mail address, sign-ins and changes to the account, for security, and the notifications they received.',
    },
    howLongHeading: 'How long we keep it',
    appliesOperator: 'These are our periods for every car park.',
    appliesCompany:
      'These are the periods for the car parks of {{company}}, which has chosen to keep some records for less time than our own periods.',
    carPark: 'Car park: {{name}} (number {{number}})',
    appliesSiteCompany:
      'These are the periods at {{site}}, a car park of {{company}}, which has chosen to keep some records for less time than our own periods.',
    appliesSiteOperator: 'These are our periods, which apply at {{site}} as at every car park.',
    loadingSite: 'Loading this car park’s periods',
    unknownSite:
      'We know of no car park with the number {{number}}. These are our own periods; a client company may have chosen shorter ones for its car parks.',
    siteFailed:
      'This car park’s periods could not be loaded. These are our own periods; a client company may have chosen shorter ones for its car parks.',
    howLong: {
      sightings_one: 'Camera reads with no open parking charge: {{count}} day.',
      sightings_other: 'Camera reads with no open parking charge: {{count}} days.',
      permits_one: 'Ended and cancelled permits keep the registration and driver’s name for {{count}} month.',
      permits_other:
        'Ended and cancelled permits keep the registration and driver’s name for {{count}} months.',
      transactions_one: 'Parking payments keep the registration for {{count}} month.',
      transactions_other: 'Parking payments keep the registration for {{count}} months.',
      audit_one: 'Sign-ins and changes to accounts and settings: {{count}} month.',
      audit_other: 'Sign-ins and changes to accounts and settings: {{count}} months.',
      notifications_one: 'Notifications: {{count}} month.',
      notifications_other: 'Notifications: {{count}} months.',
      charges: 'Records that an open parking charge needs are kept until the charge is closed.',
      after:
        'After that, registrations are replaced by a code that cannot be turned back into the registration, and names and e-mail addresses are removed; amounts and times stay for our statistics and invoices. A client company may choose shorter periods for its car parks.',
    },
    whoHeading: 'Who sees it',
    who: 'Our staff, and the staff of the client company that manages the car park, each only for the car parks they look after.',
    rightsHeading: 'Your rights',
    rights:
      'You may ask for a copy of the personal data we hold about you (a subject access request), and ask us to erase it. We answer within one month. Records that an open parking charge needs are kept until it is closed, and we tell you which.',
    contact: 'Write to us at',
  },
  subjectAccess: {
    title: 'Subject access and erasure',
    intro:
      'Find what the portal holds about a person by vehicle registration or e-mail address, download it as one zip file, or carry out an erasure request you have accepted. Every search, download and erasure is recorded in the audit trail.',
    searchHeading: 'Find a person’s records',
    searchBy: 'Search by',
    byRegistration: 'Registration',
    byEmail: 'E-mail address',
    registration: 'Vehicle registration',
    email: 'E-mail address',
    registrationInvalid: 'Enter a registration: letters and digits, at most 10.',
    emailInvalid: 'Enter an e-mail address, such as driver@example.com.',
    search: 'Search',
    failed: 'The search failed. Please try again.',
    foundHeading: 'Records found',
    kind: 'Kind of record',
    records: 'Records',
    download: 'Download all as a zip file',
    downloadFailed: 'The download failed. Please try again.',
  },
  erasure: {
    heading: 'Erase this person’s records',
    intro:
      'Only when you have accepted the request. Registrations are replaced by a code and names and e-mail addresses removed at once; records an open parking charge needs are kept and listed.',
    reference: 'Request reference',
    referenceHint: 'A case number, not the person’s name: it is written to the audit trail.',
    referenceRequired: 'Enter the request’s reference.',
    accept: 'I have accepted this erasure request',
    acceptRequired: 'Confirm that the request has been accepted.',
    submit: 'Erase now',
    failed: 'The erasure failed. Please try again.',
    done: 'Erasure carried out',
    anonymised_one: '{{count}} record was anonymised.',
    anonymised_other: '{{count}} records were anonymised.',
    kept: 'Kept for an open parking charge:',
  },
  clientRetention: {
    title: 'Retention periods of client companies',
    intro:
      'A client company may keep its records for less time than our periods, never longer. Leave a field empty to keep our period; the daily retention job and the privacy notice use what you save.',
    search: 'Company',
    searchHint: 'Part of the company’s name (the first 20 matching are shown, A to Z).',
    loading: 'Loading the companies',
    loadFailed: 'The companies could not be loaded. Please try again later.',
    none: 'No company matches.',
    fields: {
      cameraReadDays: 'Days camera reads with no open parking charge are kept',
      permitMonths: 'Months ended permits keep their registration and driver name',
      transactionMonths: 'Months parking payments keep their registration',
    },
    operator: {
      days_one: 'At most our period: {{count}} day.',
      days_other: 'At most our period: {{count}} days.',
      months_one: 'At most our period: {{count}} month.',
      months_other: 'At most our period: {{count}} months.',
    },
    operatorPlaceholder: 'Our period',
    rules: {
      wholeNumber: '{{field}}: enter a whole number.',
      tooSmall: '{{field}}: enter at least {{min}}, or leave it empty for our period.',
      tooLarge: '{{field}}: at most {{max}}, our own period; a company may only shorten it.',
      invalidType: '{{field}}: enter a whole number.',
    },
    save: 'Save the periods of {{company}}',
    saved: 'The periods of {{company}} are saved.',
    failed: 'The periods could not be saved. Please try again later.',
  },
} as const;
