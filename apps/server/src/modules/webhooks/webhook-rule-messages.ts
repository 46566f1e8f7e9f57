import type { RuleMessages } from '../../plugins/rule-messages.js';

/** The webhooks area's English for the contract's rule codes (a subscription's creation). */
export const webhookRuleMessages: RuleMessages = {
  url: {
    required: 'URL is required.',
    invalidType: 'URL is required.',
    maxLength: ({ max }) => `URL must be at most ${max} characters.`,
    url: 'Enter a URL starting with https:// or http://, without a user name or password.',
  },
  events: {
    required: 'Choose at least one event.',
    invalidType: 'Choose at least one event.',
    oneOf: 'This is not an event a webhook can hear of.',
  },
  sites: {
    invalidType: 'Sites are a list of site and group numbers.',
    pattern: 'Site and group numbers are digits, or SG and digits.',
    maxLength: 'Site and group numbers are digits, or SG and digits.',
    tooLarge: ({ max }) => `Choose at most ${max} sites or groups.`,
  },
};
