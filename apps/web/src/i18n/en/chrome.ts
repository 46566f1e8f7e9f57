export const chrome = {
  backToWebsite: 'Back to website',
  manageAccount: 'Manage account',
  account: 'Account',
  accountMenu: {
    colourMode: 'Colour mode',
    modes: { light: 'Light', dark: 'Dark', system: 'Match my device' },
  },
  help: 'Help',
  signIn: 'Sign in',
  signOut: 'Sign out',
  signedInAs: 'Signed in as {{email}}',
  toggleNavigation: 'Toggle navigation',
  mainNavigation: 'Main navigation',
  skipToContent: 'Skip to main content',
  nav: {
    dashboard: 'Dashboard',
    account: 'Account',
    permits: 'Permits',
    visitors: 'Visitor links',
    tickets: 'Tickets',
    invoicing: 'Invoicing',
    statistics: 'Statistics',
    reports: 'Reports',
    admin: 'Administration',
    sendNotifications: 'Send notifications',
  },
  footer: {
    privacy: 'Privacy notice',
    association:
      'We are a member of the British Parking Association and take part in its Approved Operator Scheme.',
    registration:
      'Client Portal Parking Ltd. Registered in England and Wales, company number 01234567. Registered office: 1 Example Street, London EC1A 1AA.',
  },
  notFound: {
    title: 'Page not found',
    body: "We couldn't find the page that you requested.",
    home: 'Go to the home page',
  },
  banner: {
    close: 'Close',
    connectionLost:
      'Connection to the Client Portal API services was lost. Please wait a moment or try refreshing the page.',
    offlineScheduled:
      'Client Portal will go offline for planned maintenance on {{time}}. Please save your work before then.',
    offlineNow:
      'Client Portal has been offline for maintenance since {{time}}. Only system administrators can use it until the offline date is cleared.',
  },
  maintenance: {
    title: 'Client Portal is offline for maintenance',
    defaultMessage: 'We are carrying out planned maintenance. Please try again later.',
    adminHint: 'System administrators can still sign in.',
    adminSignIn: 'Administrator sign in',
    signInNotice: 'Client Portal is offline for maintenance. Only system administrators can sign in.',
  },
  admin: {
    title: 'Administration',
    intro: 'Choose what you would like to manage.',
    settingsHeading: 'Application settings',
    usersHeading: 'Users and roles',
    accounts: 'User accounts',
    roles: 'User roles',
    apiKeys: 'API keys',
    webhooks: 'Webhooks',
    privacy: 'Subject access and erasure',
    retention: 'Retention periods of client companies',
  },
  checkingAccess: 'Checking your access…',
  userInfoFailed: 'Failed to load user info.',
} as const;
