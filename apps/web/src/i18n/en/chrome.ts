export const chrome = {
  backToWebsite: 'Back to website',
  manageAccount: 'Manage account',
  signIn: 'Sign in',
  signOut: 'Sign out',
  signedInAs: 'Signed in as {{email}}',
  toggleNavigation: 'Toggle navigation',
  mainNavigation: 'Main navigation',
  nav: {
    dashboard: 'Dashboard',
    account: 'Account',
    permits: 'Permits',
    tickets: 'Tickets',
    invoicing: 'Invoicing',
    admin: 'Administration',
  },
  footer: {
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
  checkingAccess: 'Checking your access…',
  userInfoFailed: 'Failed to load user info.',
} as const;
