import type { RuleMessages } from '../../plugins/rule-messages.js';

const parentRequired = 'Parent role is required.';

/** The roles area's English for the contract's rule codes (role add and edit). */
export const roleRuleMessages: RuleMessages = {
  name: {
    required: 'Name is required.',
    invalidType: 'Name is required.',
    maxLength: ({ max }) => `Name must be at most ${max} characters.`,
  },
  parentApplicationRoleId: { required: parentRequired, invalidType: parentRequired },
};
