import { describe, expect, it } from 'vitest';
import { userInfoAnswer } from '../test/user-info';
import { hasAnyFeature, userInfoSchema } from './user-info';

describe('user info', () => {
  const info = userInfoSchema.parse(
    userInfoAnswer({
      email: 'a@b.c',
      features: ['Permits.View', 'Tickets.Cancel'],
      sites: [{ siteNumber: '123', name: 'High Street' }],
      access: ['123'],
    }),
  );

  it('reads the contract answer and lists the normalized feature names', () => {
    expect(info.featureNames).toEqual(['Permits.View', 'Tickets.Cancel']);
    expect(info.sessionType).toBe('identity');
  });

  it('refuses an answer that does not fit the contract', () => {
    expect(userInfoSchema.safeParse({ email: 'a@b.c', features: ['Permits.View'] }).success).toBe(false);
  });

  it('hasAnyFeature is true when at least one listed feature is held', () => {
    expect(hasAnyFeature(info, 'Invoicing.Access', 'Tickets.Cancel')).toBe(true);
    expect(hasAnyFeature(info, 'Invoicing.Access')).toBe(false);
    expect(hasAnyFeature(info)).toBe(false);
    expect(hasAnyFeature(undefined, 'Permits.View')).toBe(false);
  });
});
