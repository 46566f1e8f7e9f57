import type { RouteObject } from 'react-router';
import { RequirePasswordSession } from '../features/identity/account/require-password-session';
import { areaFeatures, entryPages, type FeaturePage, type FeatureRoutes } from '../lib/feature-routes';
import { RequireFeature } from './guards';

/** One page as a route: checked by its own features (unless the page checks), each its own chunk. */
function pageRoute(area: FeatureRoutes, page: FeaturePage): RouteObject {
  const leaf: RouteObject =
    page.path === undefined ? { index: true, lazy: page.lazy } : { path: page.path, lazy: page.lazy };
  const checked: RouteObject =
    page.features && !page.checkedByPage
      ? {
          element: (
            <RequireFeature
              features={page.features}
              otherwise={area.otherwise === 'entries' ? entryPages(area) : []}
            />
          ),
          children: [leaf],
        }
      : leaf;
  return page.passwordSessionOnly ? { element: <RequirePasswordSession />, children: [checked] } : checked;
}

/**
 * A feature's routes object as the router's branch: the area's check (any of its features), its
 * layout, then its pages. `extra` routes go inside the layout after the pages (a catch-all).
 */
export function featureRouteObject(area: FeatureRoutes, extra: RouteObject[] = []): RouteObject {
  const pages = [...area.pages.map((page) => pageRoute(area, page)), ...extra];
  return {
    path: area.path.replace(/^\//, ''),
    element: <RequireFeature features={areaFeatures(area)} />,
    children: area.layout ? [{ lazy: area.layout, children: pages }] : pages,
  };
}
