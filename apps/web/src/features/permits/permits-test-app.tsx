import type { Problem, Site } from '@client-portal/contract';
import { jsonResponse } from '../../test/render';
import { renderApp, signInAs } from '../../test/render-app';
import { userInfoAnswer } from '../../test/user-info';

export const PERMITS_USER = 'clerk@acme.example';
export const RIVERSIDE: Site = { siteNumber: '1001', name: 'Riverside' };

type Handler = (init: RequestInit) => Response | Promise<Response>;

/** The whole app at `path`, signed in as a user with these features and sites, over a fake API. */
export function renderPermitsApp(
  path: string,
  options: {
    features: string[];
    sites?: Site[];
    accessAllSites?: boolean;
    entries?: Record<string, string>;
    handlers?: Record<string, Handler>;
  },
) {
  signInAs(PERMITS_USER);
  const userInfo = userInfoAnswer({
    email: PERMITS_USER,
    features: options.features,
    sites: options.sites ?? [RIVERSIDE],
    accessAllSites: options.accessAllSites ?? false,
  });
  const posted: unknown[] = [];
  const handlers: Record<string, Handler> = {
    '/user/info': () => jsonResponse(userInfo),
  };
  for (const [pathname, handler] of Object.entries(options.handlers ?? {})) {
    handlers[pathname] = (init) => {
      if (init.body) posted.push(JSON.parse(String(init.body)));
      return handler(init);
    };
  }
  return { ...renderApp(path, { handlers, entries: options.entries }), posted };
}

export const problem = (status: number, errors?: Record<string, string[]>, rows?: Problem['rows']) =>
  jsonResponse(
    { title: 'Problem', status, ...(errors ? { errors } : {}), ...(rows ? { rows } : {}) },
    status,
  );
