import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser, newPhoneContext } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { signedInDemoPage } from './sign-in.js';

const MANAGER = 'manager@acme.example';

/** Nothing wider than the screen: the page never scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * Issue 26, API keys: a client manager creates a key, sees it once, uses it on the API the pages use,
 * and revokes it; each screen passes axe (WCAG 2.2 AA) in light and dark mode and fits a 390 px phone.
 */
describe('API keys in the browser', () => {
  const baseUrl = sharedServerUrl();
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const found: string[] = [];

  const permitsWith = (key: string) =>
    fetch(`${baseUrl}/api/permits?state=current`, { headers: { authorization: `Bearer ${key}` } });

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('creates a key, shows it once, works on the API with it, and revokes it', async () => {
    const page = await signedInDemoPage(browser, baseUrl, contexts, MANAGER);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page
      .getByText(/There were no results|Showing/)
      .first()
      .waitFor();
    found.push(...(await axeViolations(page, 'api keys (light)')));

    await page.getByRole('link', { name: 'Create API key' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create API key' }).waitFor();
    found.push(...(await axeViolations(page, 'create api key (light)')));
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByTestId('error-summary').waitFor();
    found.push(...(await axeViolations(page, 'create api key with errors (light)')));

    const name = `Rota ${Date.now().toString(36)}`;
    await page.getByLabel(/^Name/).fill(name);
    await page.getByRole('checkbox', { name: 'View permits' }).check();
    await page.getByRole('checkbox', { name: 'Add a permit' }).check();
    await page.getByRole('checkbox', { name: /^1001 / }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your new API key' }).waitFor();
    const key = (await page.getByTestId('created-api-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^cp_live_[A-Za-z0-9_-]{43}$/);
    found.push(...(await axeViolations(page, 'new api key shown once (light)')));

    const listed = await permitsWith(key);
    expect(listed.status).toBe(200);
    const rows = ((await listed.json()) as { rows: { site_SiteGroupNumber: string }[] }).rows;
    // The key's one site, and the group it belongs to (whose permits are valid there too).
    expect(
      rows.map((r) => r.site_SiteGroupNumber).filter((place) => !['1001', 'SG01'].includes(place)),
    ).toEqual([]);

    await page.getByRole('button', { name: 'Back to API keys' }).click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    // Shown once: the list has its last four characters only.
    expect(await row.textContent()).toContain(`cp_live_…${key.slice(-4)}`);
    expect(await page.content()).not.toContain(key);

    await row.getByRole('button', { name: `Revoke the API key ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke API key' });
    await dialog.waitFor();
    found.push(...(await axeViolations(page, 'revoke api key (light)')));
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText(`The API key ${name} was revoked.`).waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Revoked');
    expect((await permitsWith(key)).status).toBe(401);
  }, 120_000);

  it('creates a key that provisions accounts over SCIM with its role and sites (decision 46)', async () => {
    const page = await signedInDemoPage(browser, baseUrl, contexts, MANAGER);
    await page.goto('/admin/api-keys/add');
    await page.getByRole('heading', { level: 1, name: 'Create API key' }).waitFor();
    const name = `Entra ${Date.now().toString(36)}`;
    await page.getByLabel(/^Name/).fill(name);
    await page.getByRole('checkbox', { name: /^1001 / }).check();
    await page.getByRole('checkbox', { name: 'Add user accounts' }).check();
    const scim = page.getByRole('group', { name: 'Accounts from your directory (SCIM)' });
    await scim.waitFor();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByTestId('error-summary').waitFor();
    found.push(...(await axeViolations(page, 'create scim api key with errors (light)')));
    await scim.getByRole('checkbox', { name: /^1001 / }).check();
    await scim.getByRole('combobox', { name: /Role of the accounts/ }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your new API key' }).waitFor();
    const key = (await page.getByTestId('created-api-key').textContent())?.trim() ?? '';

    const scimCall = (method: string, path: string, body?: unknown) =>
      fetch(`${baseUrl}/scim/v2${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/scim+json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const userName = `scim-${Date.now().toString(36)}@acme.example`;
    const created = await scimCall('POST', '/Users', { userName, active: true });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toContain('application/scim+json');
    const { id } = (await created.json()) as { id: string };
    const patched = await scimCall('PATCH', `/Users/${id}`, {
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(((await patched.json()) as { active: boolean }).active).toBe(false);

    await page.getByRole('button', { name: 'Back to API keys' }).click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    expect(await row.textContent()).toContain(' at 1001');
    // The accounts screen shows the directory's account, deactivated.
    await page.goto(`/admin/user/accounts?emailAddress=${encodeURIComponent(userName)}`);
    await page.getByText(`${userName} (deactivated)`).waitFor();
  }, 120_000);

  it('passes axe in dark mode and fits a 390 px phone', async () => {
    const dark = await signedInDemoPage(browser, baseUrl, contexts, MANAGER, 'dark');
    await dark.goto('/admin/api-keys');
    await dark.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await dark
      .getByText(/There were no results|Showing/)
      .first()
      .waitFor();
    found.push(...(await axeViolations(dark, 'api keys (dark)')));
    await dark.goto('/admin/api-keys/add');
    await dark.getByRole('button', { name: 'Create key' }).click();
    await dark.getByTestId('error-summary').waitFor();
    found.push(...(await axeViolations(dark, 'create api key with errors (dark)')));
    await dark.getByRole('checkbox', { name: 'Add user accounts' }).check();
    await dark.getByRole('group', { name: 'Accounts from your directory (SCIM)' }).waitFor();
    found.push(...(await axeViolations(dark, 'create scim api key (dark)')));

    const phoneContext = await newPhoneContext(browser, baseUrl);
    contexts.push(phoneContext);
    const phone = await phoneContext.newPage();
    await phone.goto('/signin');
    await phone.getByLabel(/^Email address/).fill(MANAGER);
    await phone.getByLabel(/^Password/).fill('Portal-demo-1');
    await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
    await phone.waitForURL((url) => url.pathname === '/');
    for (const path of ['/admin/api-keys', '/admin/api-keys/add']) {
      await phone.goto(path);
      await phone.getByRole('heading', { level: 1 }).waitFor();
      await phone.waitForTimeout(300);
      expect(await pageWidth(phone), path).toBeLessThanOrEqual(390);
      found.push(...(await axeViolations(phone, `${path} at 390 px`)));
    }
    expect(found).toEqual([]);
  }, 120_000);
});
