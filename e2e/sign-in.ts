import { SESSION_REFRESH_MARGIN_MS, STORAGE_PREFIX } from '@client-portal/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** The password every demo account has (apps/server/src/db/seed). */
export const DEMO_PASSWORD = 'Portal-demo-1';

/** Signs in through the /signin form and waits for the dashboard. For accounts without two-factor. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin');
  // Labels of required fields end in ' *', so match their start rather than the exact text.
  await page.getByLabel(/^Email address/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Signs in through the form (demo password) and waits until the live notification stream is open. */
export async function signInWithLiveStream(page: Page, email: string): Promise<void> {
  const streaming = page.waitForResponse(
    (r) => r.url().endsWith('/api/notifications/stream') && r.status() === 200,
  );
  await signIn(page, email, DEMO_PASSWORD);
  await streaming;
}

/**
 * Signs in without the form, for journeys about what comes after it (the form has journeys of its own:
 * identity, keyboard, feedback): on a plain API address of the portal, so the app does not start, the
 * page signs in over the API and stores the session as the app stores a password sign-in
 * (apps/web/src/lib/session.ts). The app starts signed in on the caller's next page.
 */
export async function signInByApi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate(
    async ({ email, password, key, margin }) => {
      const response = await fetch('/api/user/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok)
        throw new Error(`Sign-in of ${email} failed: ${response.status} ${await response.text()}`);
      const tokens = (await response.json()) as {
        accessToken: string;
        refreshToken: string;
        expiresIn: number;
      };
      const session = {
        isAuthenticated: true,
        type: 'identity',
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        refreshAt: Date.now() + Math.max(0, tokens.expiresIn * 1000 - margin),
        account: { email: email.trim().toLowerCase() },
      };
      localStorage.setItem(key, JSON.stringify(session));
    },
    { email, password, key: `${STORAGE_PREFIX}.user`, margin: SESSION_REFRESH_MARGIN_MS },
  );
}

/**
 * Waits until the app has taken over the prerendered /signin (apps/web/src/lib/prerender.ts): until then
 * the page is the build-time copy, and the app has not yet read local storage or drawn its own form.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.locator('#prerendered').waitFor({ state: 'detached' });
}

/** Signs in over the API (no browser) and returns the access token, for set-up and clean-up calls. */
export async function apiAccessToken(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(`Sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** The access token the browser holds for its signed-in user (local storage 'clientPortal.user'). */
export function browserAccessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('clientPortal.user') ?? '{}') as { accessToken?: string };
    if (!session.accessToken) throw new Error('The browser holds no session.');
    return session.accessToken;
  });
}

/** A JSON call to the API as the holder of `token`; any answer but 2xx throws with its status and body. */
export function apiCaller(baseUrl: () => string, token: () => string) {
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token()}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
}

/**
 * A page of a fresh UK-set context (colour mode, downloads allowed, 30 s waits) signed in as a demo
 * account through the sign-in form; the context is added to `contexts` for the caller to close.
 */
export async function signedInDemoPage(
  browser: Browser,
  baseURL: string,
  contexts: BrowserContext[],
  email: string,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    colorScheme,
    acceptDownloads: true,
  });
  context.setDefaultTimeout(30_000);
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  return page;
}
