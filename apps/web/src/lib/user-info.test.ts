import { describe, expect, it } from 'vitest';
import { hasAnyFeature, userInfoSchema } from './user-info';

describe('user info', () => {
  const info = userInfoSchema.parse({
    email: 'a@b.c',
    features: [
      'Permits.View',
      {
        name: 'Cancel',
        normalizedName: 'Tickets.Cancel',
        description: 'Cancel tickets',
        group: { name: 'Tickets', description: 'Parking charge notices' },
      },
    ],
    sites: [{ siteNumber: '123', name: 'High Street' }],
    accessAllSites: false,
    access: ['123'],
    visibleFlags: [],
    sessionType: 'identity',
  });

  it('accepts features as names or catalogue entries', () => {
    expect(info.featureNames).toEqual(['Permits.View', 'Tickets.Cancel']);
  });

  it('hasAnyFeature is true when at least one listed feature is held', () => {
    expect(hasAnyFeature(info, 'Invoicing.Access', 'Tickets.Cancel')).toBe(true);
    expect(hasAnyFeature(info, 'Invoicing.Access')).toBe(false);
    expect(hasAnyFeature(info)).toBe(false);
    expect(hasAnyFeature(undefined, 'Permits.View')).toBe(false);
  });
});
