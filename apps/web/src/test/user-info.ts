import { featureCatalogue, type UserInfo } from '@client-portal/contract';

/** A GET /user/info answer for tests: features given by normalized name, the rest defaulted. */
export function userInfoAnswer(
  overrides: Partial<Omit<UserInfo, 'features'>> & { features?: readonly string[] } = {},
): UserInfo {
  const { features = [], ...rest } = overrides;
  return {
    email: 'user@example.com',
    colourMode: null,
    // Asked already: the language question (decision 49) is not in every test's way.
    language: 'en',
    sessionType: 'identity',
    accessAllSites: false,
    access: [],
    sites: [],
    visibleFlags: [],
    flags: [],
    ...rest,
    features: features.map((name) => {
      const entry = featureCatalogue.find((f) => f.normalizedName === name);
      if (!entry) throw new Error(`Unknown feature ${name}`);
      return entry;
    }),
  };
}
