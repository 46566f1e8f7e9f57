import { describe, expect, it } from 'vitest';
import { ruleCheck } from './rules.js';
import { addIsoDays, ukToday } from './uk-days.js';
import { visitConfirmSchema, visitorLinkInputSchema, visitStartSchema } from './visitors.js';

const link = {
  site: '1001',
  name: 'Outpatients',
  enabled: true,
  expiresOn: null,
  durationKind: 'hours',
  durationAmount: 4,
  dailyCap: 200,
  hostApproval: false,
};

describe('visitor link settings', () => {
  it('takes hours 1-24 and days 1-28, and drops the amount of an end-of-day link', () => {
    expect(ruleCheck(visitorLinkInputSchema, link)).toEqual([]);
    expect(ruleCheck(visitorLinkInputSchema, { ...link, durationAmount: 25 })).toEqual([
      { field: 'durationAmount', code: 'outOfRange', params: { min: 1, max: 24 } },
    ]);
    expect(ruleCheck(visitorLinkInputSchema, { ...link, durationKind: 'days', durationAmount: 28 })).toEqual(
      [],
    );
    expect(ruleCheck(visitorLinkInputSchema, { ...link, durationKind: 'days', durationAmount: 29 })).toEqual([
      { field: 'durationAmount', code: 'outOfRange', params: { min: 1, max: 28 } },
    ]);
    expect(
      ruleCheck(visitorLinkInputSchema, { ...link, durationKind: 'hours', durationAmount: null })[0]?.code,
    ).toBe('required');
    const endOfDay = visitorLinkInputSchema.parse({ ...link, durationKind: 'endOfDay', durationAmount: 7 });
    expect(endOfDay.durationAmount).toBeNull();
  });

  it('caps visitors a day at 1-10,000 and refuses a last day already past', () => {
    expect(ruleCheck(visitorLinkInputSchema, { ...link, dailyCap: 0 })[0]?.code).toBe('tooSmall');
    expect(ruleCheck(visitorLinkInputSchema, { ...link, dailyCap: 10_001 })[0]?.code).toBe('tooLarge');
    expect(
      ruleCheck(visitorLinkInputSchema, { ...link, expiresOn: addIsoDays(ukToday(), -1) })[0]?.code,
    ).toBe('tooEarly');
    expect(ruleCheck(visitorLinkInputSchema, { ...link, expiresOn: ukToday() })).toEqual([]);
    expect(ruleCheck(visitorLinkInputSchema, { ...link, site: 'SG01' })[0]).toMatchObject({ field: 'site' });
  });
});

describe("the visitor's own input", () => {
  it('normalises the registration and keeps no empty name or address', () => {
    expect(visitStartSchema.parse({ vehicleRegistration: ' ab12 cde ', visitorName: '', email: '' })).toEqual(
      {
        vehicleRegistration: 'AB12CDE',
        // The page's language, English unless it says (decision 49).
        language: 'en',
        visitorName: null,
        email: null,
      },
    );
    expect(ruleCheck(visitStartSchema, { vehicleRegistration: 'AB-12' })[0]).toMatchObject({
      field: 'vehicleRegistration',
      code: 'pattern',
    });
    expect(ruleCheck(visitStartSchema, { vehicleRegistration: 'AB12CDE', email: 'nope' })[0]).toMatchObject({
      field: 'email',
      code: 'email',
    });
    expect(ruleCheck(visitStartSchema, { vehicleRegistration: 'AB12CDE', extra: 1 })).not.toEqual([]);
  });

  it('takes a code of exactly six digits', () => {
    const registrationId = '00000000-0000-4000-8000-000000000027';
    expect(ruleCheck(visitConfirmSchema, { registrationId, code: '123456' })).toEqual([]);
    expect(ruleCheck(visitConfirmSchema, { registrationId, code: '12345' })[0]?.code).toBe('pattern');
    expect(ruleCheck(visitConfirmSchema, { registrationId, code: '12345a' })[0]?.code).toBe('pattern');
  });
});
