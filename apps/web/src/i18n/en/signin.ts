export const signin = {
  privacyNotice: 'How we use your personal data (privacy notice)',
  title: 'Sign in',
  offerHeading: 'With Client Portal you can',
  offer: {
    permits: 'Manage permits',
    tickets: 'Cancel a ticket',
    account: 'Access account information',
    reports: 'View reports',
  },
  bannerLink: 'Find out more',
  email: 'Email address',
  password: 'Password',
  togglePassword: 'Show or hide the password',
  submit: 'Sign in',
  submitting: 'Signing in…',
  /** Rule codes of the contract's sign-in request, as the form says them (see i18n/rule-message.ts). */
  rules: {
    email: {
      required: 'Please enter your email address.',
      email: 'Please enter a valid email address.',
      maxLength: 'Your email address must be at most {{max}} characters.',
    },
    password: { required: 'Please enter your password.' },
    required: 'Please fill in this field.',
    maxLength: 'This must be at most {{max}} characters.',
    invalidType: 'Please fill in this field.',
  },
  invalidCredentials: 'Incorrect email address or password.',
  invitedHint:
    'Invited but not signed in yet? Follow the link in your invitation email, or set a password here.',
  notConfirmed:
    'Your email address is not confirmed yet. Follow the link in your invitation email, or reset your password to confirm it.',
  signInAgain: 'Please sign in again.',
  userLocked: 'Your user account is locked.',
  unavailable: 'Sign in is currently unavailable. Please try again in a few minutes.',
  signingOut: 'Signing out…',
} as const;
