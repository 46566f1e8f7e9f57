import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { apiAccessToken, DEMO_PASSWORD, signInByApi } from './sign-in.js';

const ADMIN = 'admin@operator.example';
const SITE = '1002';

type Allowance = {
  site_SiteGroupNumber: string;
  temporaryAllowance: number | null;
  permanentAllowance: number | null;
};

async function pickSite(page: Page, siteNumber: string) {
  await page.getByPlaceholder('Type a site or site group number').fill(siteNumber);
  await page.getByRole('option', { name: new RegExp(`^${siteNumber} – `) }).click();
}

describe('permit allowances in a browser', () => {
  const baseUrl = sharedServerUrl();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let original: Allowance[] = [];
  const pageErrors: string[] = [];

  const api = async (method: 'GET' | 'PUT', path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Allowance[];
  };

  beforeAll(async () => {
    token = await apiAccessToken(baseUrl, ADMIN, DEMO_PASSWORD);
    // Read first, so the journey can put the shared server's data back for the other journeys.
    original = await api('GET', `/permits/allowances/${SITE}`);
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
  });
  afterAll(async () => {
    if (original.length > 0) await api('PUT', '/permits/allowances', original);
    await browser?.close();
  });

  it('the admin sets a temporary allowance and gives the permanent one no limit', async () => {
    await signInByApi(page, ADMIN, DEMO_PASSWORD);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Permit allowances' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/permits/allowances');
    await page.getByRole('heading', { name: 'Permit allowances', level: 1 }).waitFor();

    await pickSite(page, SITE);
    const temporary = page.getByRole('textbox', { name: `Temporary allowance for ${SITE}` });
    const permanent = page.getByRole('textbox', { name: `Permanent allowance for ${SITE}` });
    await temporary.waitFor();
    expect(await temporary.inputValue()).toBe(String(original[0]?.temporaryAllowance ?? ''));
    await temporary.fill('50');
    await permanent.fill('');
    await page.getByRole('button', { name: 'Save allowances' }).click();
    await page.getByText('The permit allowances were saved.').waitFor();

    await page.reload();
    await pickSite(page, SITE);
    await temporary.waitFor();
    await expect.poll(() => temporary.inputValue()).toBe('50');
    expect(await permanent.inputValue()).toBe('');
    expect(await permanent.getAttribute('placeholder')).toBe('No limit');
    expect(await api('GET', `/permits/allowances/${SITE}`)).toEqual([
      { site_SiteGroupNumber: SITE, temporaryAllowance: 50, permanentAllowance: null },
    ]);
    expect(pageErrors).toEqual([]);
  });
});
