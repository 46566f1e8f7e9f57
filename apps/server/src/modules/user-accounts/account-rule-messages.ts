import type { RuleMessages } from '../../plugins/rule-messages.js';
import { emailRuleMessages } from '../identity/index.js';
import { siteNumberRuleMessages } from '../sites/index.js';

/** The user accounts area's English for the contract's rule codes (account add and edit). */
export const accountRuleMessages: RuleMessages = {
  email: emailRuleMessages,
  access: { required: 'Select at least one site or site group.', ...siteNumberRuleMessages },
  roles: { required: 'Select at least one role.' },
};
