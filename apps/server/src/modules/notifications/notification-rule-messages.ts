import type { RuleMessages } from '../../plugins/rule-messages.js';
import { siteNumberRuleMessages } from '../sites/index.js';

const instant = { invalidDate: 'Enter a valid date and time.' } satisfies RuleMessages[string];

/** The notifications area's English for the contract's rule codes (compose and send, company search). */
export const notificationRuleMessages: RuleMessages = {
  title: {
    required: 'Title is required.',
    maxLength: ({ max }) => `Title must be at most ${max} characters.`,
  },
  body: {
    required: 'Message is required.',
    maxLength: ({ max }) => `Message must be at most ${max} characters.`,
  },
  'audience.companyIds': { required: 'Choose at least one client company.' },
  'audience.numbers': { required: 'Choose at least one site or site group.', ...siteNumberRuleMessages },
  'audience.features': { required: 'Choose at least one feature.', oneOf: 'Unknown feature.' },
  startsAt: instant,
  expiresAt: { ...instant, tooEarly: 'Expiry must be after the start.' },
  search: { maxLength: ({ max }) => `Search must be at most ${max} characters.` },
};
