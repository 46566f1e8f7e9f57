import type { RuleMessages } from '../../plugins/rule-messages.js';
import { siteNumberRuleMessages } from '../sites/index.js';

/** An allowance value's English (null is unlimited, so a missing value never reaches these). */
const allowanceValue = {
  invalidType: 'The allowance must be a whole number of at least 0, or empty for unlimited.',
  wholeNumber: 'The allowance must be a whole number.',
  tooSmall: ({ min }) => `The allowance must be at least ${min}.`,
  tooLarge: 'The allowance is too large.',
} satisfies RuleMessages[string];

/**
 * The permit allowances area's English for the contract's rule codes: the site of the path and of
 * each row, each row's values (`0.temporaryAllowance` reads as `temporaryAllowance`), and the body
 * itself (its field is '').
 */
export const allowanceRuleMessages: RuleMessages = {
  '': {
    required: 'Send at least one allowance.',
    tooLarge: ({ max }) => `Send at most ${max} allowances at once.`,
  },
  site: siteNumberRuleMessages,
  site_SiteGroupNumber: siteNumberRuleMessages,
  temporaryAllowance: allowanceValue,
  permanentAllowance: allowanceValue,
};
