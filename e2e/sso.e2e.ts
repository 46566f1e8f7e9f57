/// <reference path="../apps/server/src/dev-idp/oidc-provider.d.ts" />
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEV_IDP_CLIENT_ID,
  DEV_IDP_PASSWORD,
  type DevIdp,
  startDevIdp,
} from '../apps/server/src/dev-idp/dev-idp.js';
import { launchBrowser, newContext } from './browser.js';
import { freePort, type RunningServer, startServer } from './server-process.js';

describe('single sign-on through the local OpenID Connect provider', () => {
  let idp: DevIdp;
  let server: RunningServer;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    // Each side must know the other's address: the portal's port is chosen first, the provider's
    // (port 0) is known once it listens, and the portal starts last.
    const portalPort = await freePort();
    idp = await startDevIdp({ port: 0, redirectUris: [`http://127.0.0.1:${portalPort}/sso`] });
    server = await startServer({
      PORT: String(portalPort),
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: DEV_IDP_CLIENT_ID,
      PERMIT_DIGEST_ENABLED: 'false',
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await idp?.close();
  });

  async function signInAtProvider(email: string): Promise<Page> {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(e.message));
    // A CSP refusal shows up as a console error: the provider's origin must be allowed.
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) problems.push(m.text());
    });
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign in with your organisation account' }).click();
    await page.waitForURL((url) => url.origin === new URL(idp.issuer).origin);
    await page.locator('#username').fill(email);
    await page.locator('#password').fill(DEV_IDP_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    return page;
  }

  it('signs a portal account in as a single sign-on (msal) session', async () => {
    const page = await signInAtProvider('admin@operator.example');
    await page.waitForURL((url) => url.origin === server.url && url.pathname === '/');
    const session = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('clientPortal.user') ?? 'null'),
    );
    expect(session).toMatchObject({
      isAuthenticated: true,
      type: 'msal',
      account: { email: 'admin@operator.example' },
    });
    // The pending request left nothing behind, and the session works against the API.
    const leftovers = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('clientPortal.oidc.')),
    );
    expect(leftovers).toEqual([]);
    const info = await page.evaluate(async (token) => {
      const response = await fetch('/api/user/info', { headers: { Authorization: `Bearer ${token}` } });
      return response.json();
    }, session.accessToken);
    expect(info).toMatchObject({ email: 'admin@operator.example', sessionType: 'msal' });

    // Password pages belong to password sessions: a single sign-on user is sent to the account area.
    await page.goto('/account/password');
    await page.waitForURL(
      (url) => url.pathname.startsWith('/account') && url.pathname !== '/account/password',
    );
    await page.context().close();
  });

  it('tells a provider account without a portal account that it has no access', async () => {
    const page = await signInAtProvider('staff@operator.example');
    await page.getByText('You do not have access to this application.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/sso');
    const session = await page.evaluate(() => localStorage.getItem('clientPortal.user'));
    expect(session).toBeNull();
    await page.context().close();
  });

  it('/sso without a pending answer from the provider goes to sign-in', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/sso');
    await page.waitForURL((url) => url.pathname === '/signin');
    await context.close();
    expect(problems).toEqual([]);
  });
});
