import type { FeatureName } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import { holdsAnyFeature } from './policy.js';
import type { Principal } from './principal.js';

const clerk: Principal = {
  userId: 'u1',
  email: 'clerk@acme.example',
  sessionId: 's1',
  sessionType: 'identity',
  features: ['Permits.View'],
  flags: [],
  accessAllSites: false,
  access: [],
  siteNumbers: [],
};

/**
 * Feature names are a type drawn from the catalogue: a misspelt one does not compile. The
 * `@ts-expect-error` lines are checked by `tsc -p apps/server` (npm run typecheck): if a misspelling
 * ever compiled, the directive would be unused and the typecheck would fail.
 */
describe('feature names', () => {
  it('accepts the catalogue’s names and refuses others at compile time', () => {
    expect(holdsAnyFeature(clerk, 'Permits.View')).toBe(true);
    // @ts-expect-error 'Permits.Veiw' is not in the catalogue
    expect(holdsAnyFeature(clerk, 'Permits.Veiw')).toBe(false);
    // @ts-expect-error a group without its feature is not a feature name
    const group: FeatureName = 'Permits';
    expect(group).toBe('Permits');
  });
});
