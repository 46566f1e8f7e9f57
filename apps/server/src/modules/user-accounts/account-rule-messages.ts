import type { RuleMessages } from '../../plugins/rule-messages.js';
import { emailRuleMessages } from '../identity/index.js';
import { siteNumberRuleMessages } from '../sites/index.js';

/** The user accounts area's English for the contract's rule codes (account add and edit). */
export const accountRuleMessages: RuleMessages = {
  email: {
    ...emailRuleMessages,
    /** An account the caller manages, or any account when the caller has all-sites access. */
    taken: 'An account with this email address already exists.',
    /**
     * For a caller without all-sites access: any address at the operator's staff domain, used or free,
     * so that it never says whether the address is used (decision 0026). An address held by another
     * client's account is not refused at all: it makes a shadow account.
     */
    notAllowed:
      'This email address cannot be used for an account you manage. Use another address, or ask the operator.',
  },
  access: { required: 'Select at least one site or site group.', ...siteNumberRuleMessages },
  roles: { required: 'Select at least one role.' },
};
