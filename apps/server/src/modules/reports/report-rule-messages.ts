import { isoDayMessages, type RuleMessages } from '../../plugins/rule-messages.js';
import { scopeSiteMessages } from '../statistics/index.js';

/** The reports area's English for the contract's rule codes (a report's query, a subscription). */
export const reportRuleMessages: RuleMessages = {
  site: scopeSiteMessages,
  from: isoDayMessages('From'),
  to: isoDayMessages('To'),
  reportKey: { required: 'Choose a report.' },
  format: { oneOf: 'Format must be csv or xlsx.' },
  frequency: { oneOf: 'Choose weekly or monthly.' },
  delivery: { oneOf: 'Choose whether the file is attached or linked.' },
};
