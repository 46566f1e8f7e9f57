import type { RuleMessages } from '../../plugins/rule-messages.js';
import { isoDayMessages } from '../../plugins/rule-messages.js';

/** The API keys area's English for the contract's rule codes (a key's creation). */
export const apiKeyRuleMessages: RuleMessages = {
  name: {
    required: 'Name is required.',
    invalidType: 'Name is required.',
    maxLength: ({ max }) => `Name must be at most ${max} characters.`,
  },
  expiresOn: {
    required: 'Expiry date is required.',
    invalidType: 'Expiry date is required.',
    ...isoDayMessages('Expiry date'),
    tooEarly: ({ min }) => `The key must work until ${min} at least.`,
    tooLate: ({ max }) => `A key expires within a year: ${max} at the latest.`,
  },
  features: {
    required: 'Choose at least one feature.',
    oneOf: 'An API key cannot hold this feature.',
  },
  access: {
    required: 'Choose at least one site or group.',
    pattern: 'Site and group numbers are digits, or SG and digits.',
  },
  scimRoleId: {
    required: 'Choose the role of the accounts the key adds.',
    invalidType: 'Choose the role of the accounts the key adds.',
  },
  scimAccess: {
    required: 'Choose at least one site or group for the accounts the key adds.',
    pattern: 'Site and group numbers are digits, or SG and digits.',
    notAllowed: 'Choose among the key’s own sites and groups.',
  },
};
