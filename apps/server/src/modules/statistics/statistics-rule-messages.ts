import { isoDayMessages, type RuleMessages } from '../../plugins/rule-messages.js';

/** A site or group a statistics or report query is narrowed to (`scopeSiteSchema`). */
export const scopeSiteMessages = {
  pattern: 'Site must be a site or group number.',
} satisfies RuleMessages[string];

/** The statistics area's English for the contract's rule codes (the query and its custom period). */
export const statisticsRuleMessages: RuleMessages = {
  site: scopeSiteMessages,
  from: {
    ...isoDayMessages('From'),
    required: 'Enter the first day of the period.',
    tooLate: 'The first day cannot be later than today.',
  },
  to: {
    ...isoDayMessages('To'),
    required: 'Enter the last day of the period.',
    tooLate: 'The last day cannot be later than today.',
    tooEarly: 'The last day cannot be before the first day.',
    rangeTooLong: ({ months }) => `The period can be at most ${months} months.`,
  },
};
