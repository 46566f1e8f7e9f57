import type { FeatureName } from '@client-portal/contract';
import type { ParseKeys } from 'i18next';
import type { RouteObject } from 'react-router';
import { type EntryPage, firstUsablePage } from './entry-pages';
import { hasAnyFeature, type UserInfo } from './user-info';

export type EntryUser = Pick<UserInfo, 'featureNames' | 'accessAllSites'>;

/** One page of an area: where it is, who may open it, and whether links may lead to it. */
export interface FeaturePage {
  /** Below the area's path; omitted for the area's index page. */
  path?: string;
  /** Only holders of one of these may open the page (the area's own check comes first). */
  features?: readonly FeatureName[];
  /**
   * The page itself sends users without `features` elsewhere (a list that offers add instead), so the
   * router adds no check; `features` still says whom a link may lead there.
   */
  checkedByPage?: true;
  /**
   * A page a link (navbar, /admin, a section menu) may lead to without a record in hand, in order of
   * preference; a function limits it to some users.
   */
  entry?: true | ((user: EntryUser) => boolean);
  /** The link's text where links are listed page by page (the admin index, the account menu). */
  title?: ParseKeys;
  /** Pages of password sessions only (single sign-on users manage these with their provider). */
  passwordSessionOnly?: true;
  lazy: RouteObject['lazy'];
}

/** A feature's routes: its paths and the features that open them, read by the router and every link. */
export interface FeatureRoutes {
  /** From the root, without a trailing slash: '/permits'. */
  path: string;
  /** Any one of these opens the area; by default, any feature of its pages. */
  features?: readonly FeatureName[];
  /** Wraps every page (a section layout), its own chunk. */
  layout?: RouteObject['lazy'];
  /** A user lacking a page's features goes to the first entry page they can use ('entries'), else to /. */
  otherwise?: 'entries';
  pages: readonly FeaturePage[];
}

export const pagePath = (area: FeatureRoutes, page: FeaturePage) =>
  page.path === undefined ? area.path : `${area.path}/${page.path}`;

/** Who may open the area: its own list, or anyone holding a feature of one of its pages. */
export function areaFeatures(area: FeatureRoutes): readonly FeatureName[] {
  return area.features ?? [...new Set(area.pages.flatMap((page) => page.features ?? []))];
}

/** The entry pages (for this user, where one is for some users only), with path, features and title. */
function entries(area: FeatureRoutes, user?: EntryUser) {
  return area.pages
    .filter((page) => page.entry === true || (user !== undefined && page.entry?.(user)))
    .map((page) => ({
      to: pagePath(area, page),
      features: page.features ?? areaFeatures(area),
      title: page.title,
    }));
}

/** The entry pages this user may be led to, in order of preference. */
export function entryPages(area: FeatureRoutes, user?: EntryUser): EntryPage[] {
  return entries(area, user).map(({ to, features }) => ({ to, features }));
}

/** Every entry page this user can use, with its title (a section menu). */
export function usableEntryPages(area: FeatureRoutes, user: EntryUser): { to: string; title?: ParseKeys }[] {
  return entries(area, user)
    .filter((page) => hasAnyFeature(user, ...page.features))
    .map(({ to, title }) => ({ to, title }));
}

/** Where a link to the area leads this user: the first entry page they can use; none hides the link. */
export function entryPath(area: FeatureRoutes, user: EntryUser | undefined): string | undefined {
  return user ? firstUsablePage(user, entryPages(area, user)) : undefined;
}

/** The features that let a user use at least one entry page: a link to the area shows for them. */
export function entryFeatures(area: FeatureRoutes): readonly FeatureName[] {
  return [...new Set(entryPages(area).flatMap((page) => page.features))];
}
