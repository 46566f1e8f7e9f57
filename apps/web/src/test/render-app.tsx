import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { routes } from '../app/routes';
import { AppConfigProvider } from '../lib/app-config-context';
import { type SessionType, sessionFromLogin, sessionStore } from '../lib/session';
import { jsonResponse, renderWithProviders, testApiClient } from './render';
import { userInfoAnswer } from './user-info';

export const APP_EMAIL = 'client@example.com';

/** A fake endpoint; a pending promise holds the request open (to see submitting states). */
type Handler = (init: RequestInit) => Response | Promise<Response>;

/** Signs the test user in (an identity session unless told otherwise). */
export function signInAs(email = APP_EMAIL, type: SessionType = 'identity') {
  sessionStore.set(sessionFromLogin({ accessToken: 't', refreshToken: 'r', expiresIn: 900 }, type, email));
}

/** GET /user/info for a signed-in test user holding these features. */
export const userInfoHandler = (features: string[], email = APP_EMAIL): Handler => {
  return () => jsonResponse(userInfoAnswer({ email, features }));
};

/**
 * The whole route tree (or `appRoutes`) in a memory router at `path`, over a fake API answering by
 * path name (404 for anything not handled).
 */
export function renderApp(
  path: string,
  options: {
    handlers?: Record<string, Handler>;
    entries?: Record<string, string>;
    appRoutes?: RouteObject[];
  } = {},
) {
  const requests: { path: string; init: RequestInit }[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const { pathname } = new URL(String(input));
    requests.push({ path: pathname, init });
    const handler = options.handlers?.[pathname];
    return handler ? handler(init) : jsonResponse({ title: 'Not Found', status: 404 }, 404);
  };
  const router = createMemoryRouter(options.appRoutes ?? routes, { initialEntries: [path] });
  const config = {
    entries: options.entries ?? {},
    expiresAt: Date.now() + 300_000,
    expiresIn: 300,
    version: '2.2.0',
  };
  const utils = renderWithProviders(
    <AppConfigProvider initial={config}>
      <RouterProvider router={router} />
    </AppConfigProvider>,
    { api: testApiClient(fetch as typeof globalThis.fetch) },
  );
  return { ...utils, router, requests };
}
