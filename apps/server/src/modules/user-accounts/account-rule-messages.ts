import type { RuleMessages } from '../../plugins/rule-messages.js';
import { emailRuleMessages } from '../identity/index.js';
import { siteNumberRuleMessages } from '../sites/index.js';

/** The user accounts area's English for the contract's rule codes (account add and edit). */
export const accountRuleMessages: RuleMessages = {
  email: {
    ...emailRuleMessages,
    /** An account the caller manages, or any account when the caller has all-sites access. */
    taken: 'An account with this e-mail address already exists.',
    /**
     * For a caller without all-sites access: an address held by an account they cannot manage (another
     * client's, the operator's staff) or at the operator's staff domain. One text for all of them, so
     * that it never says whether or by whom the address is used (decision 0026).
     */
    notAllowed:
      'This e-mail address cannot be used for an account you manage. Use another address, or ask the operator.',
  },
  access: { required: 'Select at least one site or site group.', ...siteNumberRuleMessages },
  roles: { required: 'Select at least one role.' },
};
