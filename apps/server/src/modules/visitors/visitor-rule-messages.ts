import { VISITOR_DAILY_CAP_MAX, VISITOR_LINK_NAME_MAX } from '@client-portal/contract';
import type { RuleMessages } from '../../plugins/rule-messages.js';
import { isoDayMessages } from '../../plugins/rule-messages.js';

/** The visitor links' English for the contract's rule codes (a link's settings). */
export const visitorRuleMessages: RuleMessages = {
  site: {
    required: 'Site is required.',
    invalidType: 'Site is required.',
    pattern: 'Choose one site (a site number, not a group).',
  },
  name: {
    required: 'Name is required.',
    invalidType: 'Name is required.',
    maxLength: () => `Name must be at most ${VISITOR_LINK_NAME_MAX} characters.`,
  },
  enabled: { required: 'Say whether the link is on.', invalidType: 'Say whether the link is on.' },
  expiresOn: {
    ...isoDayMessages('Expiry date'),
    tooEarly: ({ min }) => `The last day must be today (${min}) or later.`,
  },
  durationKind: {
    required: 'Choose how long a visitor permit lasts.',
    oneOf: 'Choose how long a visitor permit lasts.',
  },
  durationAmount: {
    required: ({ max }) => `Give a number from 1 to ${max}.`,
    invalidType: 'Give a whole number.',
    wholeNumber: 'Give a whole number.',
    outOfRange: ({ min, max }) => `Give a number from ${min} to ${max}.`,
  },
  dailyCap: {
    required: 'Daily cap is required.',
    invalidType: 'Daily cap is required.',
    wholeNumber: 'The daily cap is a whole number.',
    tooSmall: 'At least one visitor a day.',
    tooLarge: () => `At most ${VISITOR_DAILY_CAP_MAX.toLocaleString('en-GB')} visitors a day.`,
  },
  hostApproval: { required: 'Say whether a host approves.', invalidType: 'Say whether a host approves.' },
};

/** The visitor's page: plain words for each field. */
export const visitRuleMessages: RuleMessages = {
  vehicleRegistration: {
    required: 'Enter your vehicle registration.',
    invalidType: 'Enter your vehicle registration.',
    maxLength: 'A registration has at most 10 letters and numbers.',
    pattern: 'Use only the letters and numbers on your number plate.',
  },
  visitorName: {
    maxLength: 'Your name can be at most 50 characters.',
    pattern: "Use letters, numbers, spaces and the marks . - ' / only.",
    invalidType: 'Enter your name as text.',
  },
  email: {
    email: 'Enter an email address like name@example.com.',
    maxLength: 'An email address has at most 256 characters.',
    invalidType: 'Enter an email address like name@example.com.',
  },
  code: {
    required: 'Enter the 6-digit code.',
    invalidType: 'Enter the 6-digit code.',
    pattern: 'The code is 6 digits.',
  },
  registrationId: { required: 'Please start again.', invalidType: 'Please start again.' },
};
