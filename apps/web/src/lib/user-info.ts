import {
  type FeatureName,
  type Site,
  userInfoSchema as userInfoResponseSchema,
} from '@client-portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiClient } from './api-client';
import { unwrap } from './api-client';
import { useApiClient } from './api-context';
import { userKeys } from './query-keys';
import { useSession } from './session';
import { readStored, storageKeys, writeStored } from './storage';

/** GET /user/info as the contract defines it. */
export { userInfoResponseSchema };

/** The answer plus the normalized feature names, which every feature check reads. */
export const userInfoSchema = userInfoResponseSchema.transform((info) => ({
  ...info,
  featureNames: info.features.map((f) => f.normalizedName),
}));

export type UserInfo = z.infer<typeof userInfoSchema>;
export type { Site };

function storedUserInfo(email: string): UserInfo | undefined {
  const stored = readStored(storageKeys.userInfo, userInfoSchema);
  return stored && stored.email.toLowerCase() === email ? stored : undefined;
}

function userInfoQueryOptions(api: ApiClient, email: string) {
  return queryOptions({
    queryKey: userKeys.info(email),
    queryFn: async ({ signal }) => {
      const raw = unwrap(await api.get('/user/info', { signal, schema: userInfoResponseSchema }));
      writeStored(storageKeys.userInfo, raw);
      return userInfoSchema.parse(raw);
    },
    // The stored copy lets the chrome draw at once; it is still refetched in the background.
    initialData: () => storedUserInfo(email),
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });
}

/** User info of the signed-in user; disabled (no data) while signed out. */
export function useUserInfo() {
  const api = useApiClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  return useQuery({ ...userInfoQueryOptions(api, email), enabled: session.isAuthenticated });
}

/** True when the user holds at least one of the features; no names means nothing to hold. */
export function hasAnyFeature(
  userInfo: Pick<UserInfo, 'featureNames'> | undefined,
  ...names: readonly FeatureName[]
): boolean {
  if (!userInfo) return false;
  return names.some((name) => userInfo.featureNames.includes(name));
}

export function useHasAnyFeature(...names: readonly FeatureName[]): boolean {
  return hasAnyFeature(useUserInfo().data, ...names);
}
