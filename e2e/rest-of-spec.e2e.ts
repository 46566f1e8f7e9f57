import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.js';
import { type RunningServer, startServer } from './server-process.js';
import { DEMO_PASSWORD, signInByApi } from './sign-in.js';

/** The spec's smaller statements, as a user meets them in Chromium. */
describe('the rest of the spec in a browser', () => {
  let server: RunningServer;
  let browser: Browser;

  const freshPage = async (): Promise<Page> => (await newContext(browser, server.url)).newPage();

  beforeAll(async () => {
    server = await startServer({ PERMIT_DIGEST_ENABLED: 'false' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("with no stored config and the API unreachable says 'Failed to load application config.' and retries every 30 s", async () => {
    const page = await freshPage();
    // The page's clock runs as usual; the test moves it on instead of waiting out the 30 s.
    await page.clock.install();
    let configRequests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/application/config') configRequests++;
    });
    await page.route('**/api/application/config', (route) => route.abort('connectionrefused'));
    await page.goto('/signin');
    await page.getByText('Failed to load application config.').waitFor();
    const triesBefore = configRequests;
    expect(triesBefore).toBeGreaterThan(0);
    await page.unroute('**/api/application/config');
    // 25 s on: no new try yet (given a real second to go out), still the failure.
    await page.clock.fastForward(25_000);
    await page.waitForTimeout(1_000);
    expect(configRequests).toBe(triesBefore);
    expect(await page.getByText('Failed to load application config.').isVisible()).toBe(true);
    // 30 s on: tried again, and the portal starts.
    await page.clock.fastForward(5_000);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 10_000 });
    expect(configRequests).toBeGreaterThan(triesBefore);
    await page.context().close();
  });

  it("an unreadable stored session says 'Failed to load user session.'; the sign-in page does not link to itself", async () => {
    const page = await freshPage();
    // A page the app has already started on (the prerendered /signin starts it only after its first
    // paint, so under load it could read, and drop, the broken session before the navigation below).
    await page.goto('/reset-password');
    await page.getByRole('heading', { name: 'Reset password', level: 1 }).waitFor();
    await page.evaluate(() => localStorage.setItem('clientPortal.user', '{"isAuthenticated":tru'));
    await page.goto('/permits');
    await page.waitForURL('**/signin');
    await page.getByRole('alert').filter({ hasText: 'Failed to load user session.' }).waitFor();
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Back to website' }).waitFor();
    expect(await banner.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    await page.goto('/reset-password');
    await banner.getByRole('link', { name: 'Sign in' }).waitFor();
    await page.context().close();
  });

  it('Edit role loads GET /application/roles/{id}; invoicing asks to select a site', async () => {
    const page = await freshPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await signInByApi(page, 'admin@operator.example', DEMO_PASSWORD);
    await page.goto('/admin/user/roles');
    await page
      .getByRole('link', { name: /^Edit / })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Edit role' }).waitFor();
    const roleId = new URL(page.url()).pathname.split('/').at(-1);
    await page.getByRole('textbox', { name: /Name/ }).waitFor();
    expect(requested).toContain(`/api/application/roles/${roleId}`);

    await page.goto('/invoicing');
    await page.getByRole('button', { name: 'Choose Parking transactions' }).click();
    await page.getByRole('button', { name: 'Generate invoice' }).click();
    // In the error summary (a link to the picker) and at the picker itself.
    await page.getByRole('link', { name: 'Please select a site.' }).waitFor();
    expect(await page.getByText('Please select a site.').count()).toBe(2);
    await page.context().close();
  });

  it('tells the invited, unconfirmed demo account where to go', async () => {
    const page = await freshPage();
    await page.goto('/signin');
    await page.getByLabel(/^Email address/).fill('new@acme.example');
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('Incorrect email address or password.').waitFor();
    await alert.getByRole('link', { name: /invitation email/ }).click();
    await page.waitForURL('**/reset-password');
    await page.context().close();
  });
});
