import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.js';
import { sharedServerUrl } from './shared-server.js';

describe('the portal in a browser', () => {
  let browser: Browser;
  const baseUrl = sharedServerUrl();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('loads the app, shows the sign-in page to a visitor and a not-found page for an unknown path', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });

    await page.goto('/');
    await page.waitForURL('**/signin');
    await expect.poll(() => page.title()).toContain('Client Portal');
    await page
      .getByLabel(/e-?mail/i)
      .first()
      .waitFor();

    await page.goto('/no/such/page');
    await page.getByText('Page not found').first().waitFor();
    await page.getByText("We couldn't find the page that you requested.").waitFor();

    await page.goto('/clients/anything');
    await page.waitForURL((url) => url.pathname === '/signin' || url.pathname === '/');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });
});
