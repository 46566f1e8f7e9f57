import type { FeatureName } from '@client-portal/contract';
import { hasAnyFeature, type UserInfo } from './user-info';

/** A page a navigation entry may lead to, and the features that let a user use it. */
export interface EntryPage {
  to: string;
  features: readonly FeatureName[];
}

/** The first of the pages (in order of preference) this user can use; undefined when there is none. */
export function firstUsablePage(
  userInfo: Pick<UserInfo, 'featureNames'> | undefined,
  pages: readonly EntryPage[],
): string | undefined {
  return pages.find((page) => hasAnyFeature(userInfo, ...page.features))?.to;
}
