import { describe, expect, it } from 'vitest';
import { notificationCompanyQuerySchema, notificationInputSchema } from './notifications.js';
import { ruleCheck } from './rules.js';

const base = { title: 'Hello', body: 'World', severity: 'information', audience: { kind: 'everyone' } };

describe('a notification to send', () => {
  it('takes a title, a body, a severity and an audience', () => {
    expect(ruleCheck(notificationInputSchema, base)).toEqual([]);
  });

  it('reports a missing or long title and body with their limits', () => {
    expect(ruleCheck(notificationInputSchema, { ...base, title: ' ', body: 'x'.repeat(4_001) })).toEqual([
      { field: 'title', code: 'required', params: { min: 1 } },
      { field: 'body', code: 'maxLength', params: { max: 4_000 } },
    ]);
    expect(ruleCheck(notificationInputSchema, { ...base, title: undefined })).toEqual([
      { field: 'title', code: 'required', params: {} },
    ]);
  });

  it('asks for at least one of the chosen audience and known features', () => {
    expect(
      ruleCheck(notificationInputSchema, { ...base, audience: { kind: 'companies', companyIds: [] } }),
    ).toEqual([{ field: 'audience.companyIds', code: 'required', params: { min: 1 } }]);
    expect(ruleCheck(notificationInputSchema, { ...base, audience: { kind: 'sites', numbers: [] } })).toEqual(
      [{ field: 'audience.numbers', code: 'required', params: { min: 1 } }],
    );
    expect(
      ruleCheck(notificationInputSchema, { ...base, audience: { kind: 'features', features: ['Nope'] } }),
    ).toEqual([{ field: 'audience.features.0', code: 'oneOf', params: {} }]);
  });

  it('reports a time that is not one, and an expiry not after the start', () => {
    expect(ruleCheck(notificationInputSchema, { ...base, startsAt: 'soon' })).toEqual([
      { field: 'startsAt', code: 'invalidDate', params: {} },
    ]);
    expect(
      ruleCheck(notificationInputSchema, {
        ...base,
        startsAt: '2026-01-02T10:00:00Z',
        expiresAt: '2026-01-02T09:00:00Z',
      }),
    ).toEqual([{ field: 'expiresAt', code: 'tooEarly', params: {} }]);
  });
});

describe('the company search', () => {
  it('is at most 100 characters', () => {
    expect(ruleCheck(notificationCompanyQuerySchema, { search: 'x'.repeat(101) })).toEqual([
      { field: 'search', code: 'maxLength', params: { max: 100 } },
    ]);
  });
});
