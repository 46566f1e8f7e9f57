/**
 * Problem messages a screen shows (decision 49), in the language of the page that asked
 * (`Accept-Language`, which the web app sets to the language it is drawn in).
 */
export const problems = {
  visitors: {
    tooMany:
      'Too many tries from here in a short time. Please wait a minute and try again, or ask reception.',
    unknown: 'This visitor link does not work. Please ask reception, who can register your car.',
    off: 'Visitor registration through this link is turned off. Please ask reception, who can register your car.',
    expired: 'This visitor link has expired. Please ask reception, who can register your car.',
    full: "Today's visitor places for this link are all taken. Please ask reception, who can help.",
    emailNeeded: 'Enter your email address: the code that confirms your registration goes there.',
  },
} as const;
