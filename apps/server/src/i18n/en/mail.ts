/**
 * Every e-mail's words (issue 29, decision 49): subject, paragraphs and link labels, for the HTML and
 * the text body alike. {{values}} are filled in by i18next; the Welsh table (../cy/mail.ts) has the
 * same keys and the same {{values}}.
 */
export const mail = {
  product: 'Client Portal',
  buttonFallback: 'If the button does not work, copy this address into your browser:',
  identity: {
    confirmLink: 'Confirm your email address',
    signIn: 'Sign in',
    invitation: {
      subject: 'Your {{product}} account',
      created: 'An account has been created for you on {{product}} with the email address {{email}}.',
      setsPassword:
        'Open the link below to confirm your email address, then choose your password. The link is valid for 7 days.',
      confirmOnly: 'Open the link below to confirm your email address. The link is valid for 7 days.',
    },
    emailChanged: {
      subject: 'Confirm the new email address of your {{product}} account',
      changed: 'The email address of your {{product}} account was changed to {{email}}.',
      setsPassword:
        'Open the link below to confirm this address, then choose your password. The link is valid for 7 days.',
      confirmOnly:
        'Open the link below to confirm this address. The link is valid for 7 days; until then you cannot sign in.',
    },
    emailChangedNotice: {
      subject: 'The email address of your {{product}} account was changed',
      changed:
        'The email address of the {{product}} account {{email}} was changed to {{newEmail}}, and every session of the account was signed out.',
      unexpected: 'If you did not expect this, tell your administrator at once.',
    },
    addressInUse: {
      subject: 'Someone tried to add an account for your address on {{product}}',
      tried:
        'Someone at {{product}} tried to add an account for the email address {{email}}. You already have an account with this address, so nothing changed: your account, its password and its access stay as they are, and no second account can be used with this address.',
      advice:
        'If you expected to be given access to more sites, ask the person who added you to ask the operator; otherwise you need do nothing.',
    },
    resetLink: {
      subject: 'Reset your {{product}} password',
      asked: 'Someone asked to reset the password of the {{product}} account {{email}}.',
      open: 'Open the link below to choose a new password. The link is valid for 24 hours and works once.',
      ignore: 'If you did not ask for this, ignore this message: your password stays as it is.',
      link: 'Choose a new password',
    },
    passwordChanged: {
      subject_changed: 'Your {{product}} password was changed',
      subject_reset: 'Your {{product}} password was reset',
      done_changed:
        'The password of your {{product}} account {{email}} was changed just now, and your other sessions were signed out.',
      done_reset:
        'The password of your {{product}} account {{email}} was reset just now, and your other sessions were signed out.',
      unexpected: 'If you did not do this, reset your password at once and tell your administrator.',
    },
    twoFactor: {
      subject_on: 'Two-factor sign-in was turned on',
      subject_off: 'Two-factor sign-in was turned off',
      done_on:
        'Two-factor sign-in was turned on for your {{product}} account {{email}}. You will now need a code from your authenticator app, or one of your recovery codes, to sign in.',
      done_off:
        'Two-factor sign-in was turned off for your {{product}} account {{email}}. You now sign in with your password alone.',
      unexpected: 'If you did not do this, reset your password at once and tell your administrator.',
      link: 'Your account',
    },
  },
  visitors: {
    why: 'You get this email because your address was given on a visitor registration page.',
    code: {
      subject: 'Your visitor code: {{code}}',
      code: 'Your code to register vehicle {{registration}} at {{site}} is {{code}}.',
      typeIt:
        'Type it on the registration page within {{minutes}} minutes. Nothing is registered until you do.',
      ignore: 'If you did not ask for this code, you can ignore this email.',
    },
    receipt: {
      subject: 'Registered: {{registration}} at {{site}} ({{reference}})',
      registered: 'Your vehicle {{registration}} is registered at {{site}}.',
      keep: 'Keep the reference: it is the proof that you registered. We will remind you 15 minutes before it ends.',
    },
    items: {
      reference: 'Reference: {{value}}',
      site: 'Site: {{value}}',
      registration: 'Vehicle registration: {{value}}',
      ends: 'Ends: {{value}}',
    },
    reminder: {
      subject: 'Your parking at {{site}} ends at {{time}}',
      ends: 'Your registration of {{registration}} at {{site}} ({{reference}}) ends on {{when}}.',
      longer: 'If you need to stay longer, please ask reception before then.',
    },
    refused: {
      subject: 'Your visitor registration at {{site}} was not approved',
      refused: 'Your registration of {{registration}} at {{site}} was not approved, so it is not registered.',
      ask: 'Please ask reception, who can help.',
    },
    awaiting: {
      subject: 'Your visitor registration at {{site}} is waiting for approval',
      waiting: 'Your registration of {{registration}} at {{site}} is waiting for your host to approve it.',
      until: 'We will email you when they do. Until then your vehicle is not registered.',
    },
  },
  permits: {
    items: {
      reference: 'Reference: {{value}}',
      site: 'Site: {{value}}',
      registration: 'Vehicle registration: {{value}}',
      driverName: 'Driver name: {{value}}',
      type: 'Type: {{value}}',
      temporary: 'Temporary',
      permanent: 'Permanent',
      startDate: 'Start date: {{value}}',
      endDate: 'End date: {{value}}',
      authorisedBy: 'Authorised by: {{value}}',
    },
    single: {
      subject: 'Permit {{reference}} added for {{registration}}',
      addedByYou: 'You added a permit for {{registration}} at {{site}} on {{when}}.',
      addedByKey: 'Your API key "{{key}}" added a permit for {{registration}} at {{site}} on {{when}}.',
      keep: 'Keep its reference: it is the proof that the vehicle was registered.',
      link: 'Open the permit in {{product}}',
      whyYou: 'You get this email because you added this permit.',
      whyKey: 'You get this email because your API key "{{key}}" added this permit.',
    },
    driver: {
      subject: 'Your parking permit {{reference}} for {{registration}}',
      registered: 'A parking permit has been registered for vehicle {{registration}} at {{site}}.',
      quote: 'Quote its reference if you are ever asked about it.',
      why: 'You get this email because your address was given when the permit was added; it is not kept.',
    },
    several: {
      subject_one: '{{count}} permit added',
      subject_other: '{{count}} permits added',
      addedByYou_one: 'You added {{count}} permit on {{when}}.',
      addedByYou_other: 'You added {{count}} permits on {{when}}.',
      addedByKey_one: 'Your API key "{{key}}" added {{count}} permit on {{when}}.',
      addedByKey_other: 'Your API key "{{key}}" added {{count}} permits on {{when}}.',
      fromUpload: 'They came from a bulk upload.',
      proof: 'Each reference is the proof that its vehicle was registered.',
      line: '{{reference}}: {{registration}} at {{site}}, {{from}} to {{to}}',
      more: 'and {{count}} more: the permits list shows every one',
      link: 'Open permits in {{product}}',
      whyYou: 'You get this email because you added these permits.',
      whyKey: 'You get this email because your API key "{{key}}" added these permits.',
    },
  },
  notifications: {
    urgent: 'Urgent: {{title}}',
    open: 'Open your notifications',
    whyAnnouncements:
      'You get this email because announcements emails are on in your notification preferences.',
  },
  tickets: {
    subject_cancelled: 'Ticket {{ticket}} cancelled',
    subject_reduced: 'Ticket {{ticket}} reduced',
    intro_cancelled: 'This is your receipt: you cancelled parking ticket {{ticket}}.',
    intro_reduced: 'This is your receipt: you reduced parking ticket {{ticket}}.',
    ticket: 'Ticket: {{value}}',
    registration: 'Vehicle registration: {{value}}',
    site: 'Site: {{value}}',
    action_cancelled: 'Action: cancelled on {{when}}',
    action_reduced: 'Action: reduced on {{when}}',
    due: 'Amount now due: {{amount}}',
    link_cancelled: 'Ticket cancellations',
    link_reduced: 'Ticket reductions',
    why: 'You get this email because ticket action receipts are on for your account; turn the email off in your notification preferences.',
  },
  digest: {
    subject_one: 'Permits ending soon: {{count}} permit ends within {{days}} days',
    subject_other: 'Permits ending soon: {{count}} permits end within {{days}} days',
    intro_one: '{{count}} permit ends at your sites within the next {{days}} days:',
    intro_other: '{{count}} permits end at your sites within the next {{days}} days:',
    introSoonest_one:
      '{{count}} permit ends at your sites within the next {{days}} days. The {{listed}} soonest:',
    introSoonest_other:
      '{{count}} permits end at your sites within the next {{days}} days. The {{listed}} soonest:',
    line: '{{registration}} ({{driver}}) at {{place}}, ends {{ends}}',
    groupPlace: 'site group {{number}} {{name}}',
    sitePlace: '{{number}} {{name}}',
    more: 'and {{count}} more: the permits list filtered to those ending soon shows every one',
    link: 'Open the permits ending soon',
    why: 'You get this email because the permit expiry digest is on for your account; turn the email off in your notification preferences.',
  },
  subscription: {
    weekly: 'Your weekly {{report}} report for {{where}}, {{period}}.',
    monthly: 'Your monthly {{report}} report for {{where}}, {{period}}.',
    site: 'site or group {{site}}',
    allSites: 'all your sites',
    period: '{{from}} to {{to}}',
    attached: 'The report is attached.',
    tooLarge: 'The report is too large to attach: download it from the portal (sign in first).',
    download: 'Download it from the portal (sign in first).',
    open: 'Open the report',
    why: 'You receive this because you subscribed to it. Cancel the subscription on the Reports page.',
    subject: '{{report}}: {{period}}',
  },
  webhooks: {
    subject: 'Your {{product}} webhook was turned off',
    failed: 'Every delivery to your webhook {{url}} has failed for a day, so {{product}} has turned it off.',
    log: 'The deliveries and the answers your receiver gave are in its log. Once the receiver works again, turn the webhook back on there and replay the deliveries you need.',
    open: 'Open your webhooks',
  },
  news: {
    subject: 'Latest news: {{heading}}',
    readMore: 'Read more',
    open: 'Open the {{product}}',
    why: 'You receive this email because latest-news emails are turned on for your account.',
  },
} as const;
