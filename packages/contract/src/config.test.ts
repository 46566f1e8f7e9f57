import { describe, expect, it } from 'vitest';
import {
  applicationConfigUpdateSchema,
  canChangeConfigEntry,
  configEntryIssues,
  isConfigKey,
  writableConfigKeys,
} from './config.js';

describe('config entry rules', () => {
  it('never checks an unset value', () => {
    for (const key of writableConfigKeys) {
      expect(configEntryIssues(key, '')).toEqual([]);
      expect(configEntryIssues(key, null)).toEqual([]);
    }
  });

  it.each([
    ['LatestNewsMessageHeading', 100],
    ['LatestNewsMessageDate', 20],
    ['LatestNewsMessageBody', 300],
    ['WelcomeMessage', 80],
    ['ApplicationOfflineMessage', 4000],
    ['SignInBannerHeading', 100],
    ['SignInBannerBody', 300],
  ] as const)('limits %s to %i characters (maxLength)', (key, max) => {
    expect(configEntryIssues(key, 'x'.repeat(max))).toEqual([]);
    expect(configEntryIssues(key, 'x'.repeat(max + 1))).toEqual([
      { field: key, code: 'maxLength', params: { max } },
    ]);
  });

  it.each(['LatestNewsMessageUrl', 'SignInBannerUrl'] as const)(
    'takes only http(s) addresses in %s',
    (key) => {
      expect(configEntryIssues(key, 'https://example.com/news')).toEqual([]);
      expect(configEntryIssues(key, 'http://example.com')).toEqual([]);
      expect(configEntryIssues(key, 'ftp://example.com')).toEqual([{ field: key, code: 'url', params: {} }]);
      expect(configEntryIssues(key, 'https://exa mple.com')).toEqual([
        { field: key, code: 'url', params: {} },
      ]);
      expect(configEntryIssues(key, `https://example.com/${'a'.repeat(261)}`).map((i) => i.code)).toEqual([
        'maxLength',
      ]);
    },
  );

  it.each([
    ['PermanentPermitYears', 100],
    ['PermitExpiredDays', 7],
    ['TicketReduceDays', 365],
  ] as const)('takes whole numbers 1..%s in %s', (key, max) => {
    expect(configEntryIssues(key, '1')).toEqual([]);
    expect(configEntryIssues(key, String(max))).toEqual([]);
    expect(configEntryIssues(key, '0')).toEqual([
      { field: key, code: 'outOfRange', params: { min: 1, max } },
    ]);
    expect(configEntryIssues(key, String(max + 1))).toEqual([
      { field: key, code: 'outOfRange', params: { min: 1, max } },
    ]);
    expect(configEntryIssues(key, '1.5')).toEqual([{ field: key, code: 'wholeNumber', params: {} }]);
    expect(configEntryIssues(key, 'two')).toEqual([{ field: key, code: 'wholeNumber', params: {} }]);
  });

  it('takes an offline date only as an ISO date and time with its offset', () => {
    expect(configEntryIssues('ApplicationOfflineDate', '2025-01-31T22:00:00Z')).toEqual([]);
    expect(configEntryIssues('ApplicationOfflineDate', '2025-01-31T22:00:00+01:00')).toEqual([]);
    for (const value of ['2025-01-31', '31/01/2025', '2025-01-31T22:00:00']) {
      expect(configEntryIssues('ApplicationOfflineDate', value)).toEqual([
        { field: 'ApplicationOfflineDate', code: 'invalidDate', params: { form: 'dateTime' } },
      ]);
    }
  });

  it('takes a winter decoration date as a day or a date and time', () => {
    expect(configEntryIssues('WinterDecorationDate', '2025-12-01')).toEqual([]);
    expect(configEntryIssues('WinterDecorationDate', '2025-12-01T00:00:00Z')).toEqual([]);
    expect(configEntryIssues('WinterDecorationDate', '2025-13-01')).toEqual([
      { field: 'WinterDecorationDate', code: 'invalidDate', params: { form: 'dateOrDateTime' } },
    ]);
  });
});

describe('config keys and who may change them', () => {
  it('knows the keys; nobody writes ApplicationHash', () => {
    expect(isConfigKey('WelcomeMessage')).toBe(true);
    expect(isConfigKey('Nope')).toBe(false);
    expect(writableConfigKeys).not.toContain('ApplicationHash');
    expect(canChangeConfigEntry('ApplicationHash', ['Application.SysAdmin'])).toBe(false);
  });

  it('lets either feature change the welcome message, and only the listed ones change others', () => {
    expect(canChangeConfigEntry('WelcomeMessage', ['Application.LatestNews'])).toBe(true);
    expect(canChangeConfigEntry('WelcomeMessage', ['Application.WelcomeMessage'])).toBe(true);
    expect(canChangeConfigEntry('ApplicationOfflineDate', ['Application.LatestNews'])).toBe(false);
    expect(canChangeConfigEntry('TicketReduceDays', ['Tickets.ReducePeriod'])).toBe(true);
    expect(canChangeConfigEntry('Unknown', ['Application.SysAdmin'])).toBe(false);
  });

  it('takes numbers as text, trims, and reads null as unset', () => {
    expect(applicationConfigUpdateSchema.parse({ config: { A: 3, B: ' x ', C: null } })).toEqual({
      config: { A: '3', B: 'x', C: null },
    });
    expect(applicationConfigUpdateSchema.safeParse({ config: { A: true } }).success).toBe(false);
  });
});
