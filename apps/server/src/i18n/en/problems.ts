/**
 * Problem messages a screen shows (decision 49), in the language of the page that asked
 * (`Accept-Language`, which the web app sets to the language it is drawn in).
 */
export const problems = {
  roles: {
    heldBy_one: 'This role is held by {{count}} user account.',
    heldBy_other: 'This role is held by {{count}} user accounts.',
    hasChildren: 'This role has child roles: {{names}}.',
  },
  reports: {
    noSuchReport: 'There is no such report.',
    tooManySubscriptions: 'You already have {{max}} subscriptions: cancel one first.',
  },
  visitors: {
    tooMany:
      'Too many tries from here in a short time. Please wait a minute and try again, or ask reception.',
    unknown: 'This visitor link does not work. Please ask reception, who can register your car.',
    off: 'Visitor registration through this link is turned off. Please ask reception, who can register your car.',
    expired: 'This visitor link has expired. Please ask reception, who can register your car.',
    full: "Today's visitor places for this link are all taken. Please ask reception, who can help.",
    emailNeeded: 'Enter your email address: the code that confirms your registration goes there.',
    noRegistration: 'No such registration. Please start again.',
    alreadyConfirmed: 'This registration is already confirmed.',
    notApproved: 'This registration was not approved. Please ask reception.',
    codeExpired: 'This code has expired. Please start again to get a new one.',
    codeWrong_one: 'That code is not right. Check it and try again ({{count}} try left).',
    codeWrong_other: 'That code is not right. Check it and try again ({{count}} tries left).',
    codeWrongNoTriesLeft:
      'That code is not right, and no tries are left. Please start again to get a new one.',
    similarSeen:
      'The cameras here have not read this registration lately, but they have read one that differs by one letter or number. Please check every character against your number plate.',
    unknownFormat:
      'This does not look like a UK registration. That is fine for a foreign or personalised plate; please check it carefully.',
    noSuchVisitor: 'No such visitor.',
    alreadyDecided: 'This visitor has already been approved or refused.',
  },
} as const;
