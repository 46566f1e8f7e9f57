import type { RuleMessages } from '../../plugins/rule-messages.js';

/** The spec's English for the contract's site or site group number (`siteOrGroupNumberSchema`). */
export const siteNumberRuleMessages = {
  pattern: 'Site must contain a valid site or site group number.',
  maxLength: ({ max }) => `Site must be at most ${max} characters.`,
} satisfies RuleMessages[string];
