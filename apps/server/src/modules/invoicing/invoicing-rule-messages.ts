import { isoDayMessages, type RuleMessages } from '../../plugins/rule-messages.js';

/** The invoicing area's English for the contract's rule codes (the wire range `from`, `to`). */
export const invoicingRuleMessages: RuleMessages = {
  from: { ...isoDayMessages('From'), tooLate: 'Start date cannot be later than today.' },
  to: {
    ...isoDayMessages('To'),
    tooEarly: 'End date cannot be before the start date.',
    rangeTooLong: 'The range can be at most one month.',
    tooLate: 'End date cannot be later than today.',
  },
};
