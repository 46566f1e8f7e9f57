import type { RuleMessages } from '../../plugins/rule-messages.js';

const period = (label: string, unit: string): RuleMessages[string] => ({
  invalidType: `${label} must be a number of ${unit}, or empty for the operator's.`,
  wholeNumber: `${label} must be a whole number of ${unit}.`,
  tooSmall: ({ min }) => `${label} must be at least ${min}.`,
  tooLarge: ({ max }) => `${label} may only shorten the operator's ${max} ${unit}.`,
});

/** The privacy area's English for the contract's rule codes (retention overrides, subject requests). */
export const privacyRuleMessages: RuleMessages = {
  cameraReadDays: period('Days camera reads are kept', 'days'),
  permitMonths: period('Months ended permits keep their registration', 'months'),
  transactionMonths: period('Months transactions keep their registration', 'months'),
  registration: {
    required: 'Enter a registration or an email address (one of the two).',
    maxLength: ({ max }) => `A registration is at most ${max} characters.`,
    pattern: 'A registration holds letters and digits only.',
  },
  email: {
    email: 'Enter an email address, such as driver@example.com.',
    maxLength: ({ max }) => `An email address is at most ${max} characters.`,
  },
  reference: {
    required: "Enter the request's reference (a case number, not the person's name).",
    invalidType: "Enter the request's reference (a case number, not the person's name).",
    maxLength: ({ max }) => `The reference is at most ${max} characters.`,
  },
};
