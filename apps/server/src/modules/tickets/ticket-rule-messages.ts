import type { RuleMessages } from '../../plugins/rule-messages.js';

/** The tickets area's English for the contract's rule codes (the ticket number in the path). */
export const ticketRuleMessages: RuleMessages = {
  ticketNumber: {
    required: 'The ticket number is required.',
    maxLength: ({ max }) => `The ticket number must be at most ${max} characters.`,
  },
};
