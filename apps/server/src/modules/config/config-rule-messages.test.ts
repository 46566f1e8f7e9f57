import { configEntryIssues } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import { configRuleMessage } from './config-rule-messages.js';

const messages = (key: Parameters<typeof configEntryIssues>[0], value: string) =>
  configEntryIssues(key, value).map(configRuleMessage);

describe('config rule messages (the spec’s English, byte for byte)', () => {
  it('says each code of each kind of entry', () => {
    expect(messages('WelcomeMessage', 'w'.repeat(81))).toEqual([
      'The welcome message must be at most 80 characters.',
    ]);
    expect(messages('LatestNewsMessageUrl', 'ftp://x')).toEqual([
      'The link must be a web address (http or https).',
    ]);
    expect(messages('PermitExpiredDays', '8')).toEqual(['Expired permit days must be between 1 and 7.']);
    expect(messages('TicketReduceDays', 'x')).toEqual(['Ticket reduction days must be a whole number.']);
    expect(messages('ApplicationOfflineDate', '2025-01-31')).toEqual([
      'The offline date must be an ISO date and time, such as 2025-01-31T22:00:00Z.',
    ]);
    expect(messages('WinterDecorationDate', 'soon')).toEqual([
      'The winter decoration date must be an ISO date (yyyy-mm-dd) or date and time.',
    ]);
  });
});
