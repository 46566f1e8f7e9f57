import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser, newContext } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { DEMO_PASSWORD, signInByApi } from './sign-in.js';

/** A demo account no other journey signs in as: its pick must not turn another journey's pages dark. */
const OFFICER = 'emily.clarke@acme.example';

const schemeOf = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

/** Issue 24, "Finish": dark mode for every user, picked in the account menu and remembered on the server. */
describe('the colour mode in the account menu', () => {
  const baseUrl = sharedServerUrl();
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function signedInPage(colorScheme: 'light' | 'dark'): Promise<Page> {
    const context = await newContext(browser, baseUrl);
    contexts.push(context);
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme });
    await signInByApi(page, OFFICER, DEMO_PASSWORD);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    return page;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('a clerk picks Dark by keyboard; another browser signed in as her opens dark; "Match my device" follows it', async () => {
    const first = await signedInPage('light');
    expect(await schemeOf(first)).toBe('light');

    // By keyboard alone: the menu button, then the radio group's arrow keys.
    const menuButton = first.getByRole('button', { name: 'Account' });
    await menuButton.focus();
    await first.keyboard.press('Enter');
    const menu = first.getByRole('dialog', { name: 'Account' });
    await menu.waitFor();
    const light = menu.getByRole('radio', { name: 'Light' });
    await light.focus();
    await first.keyboard.press('ArrowDown');
    await first.locator('html[data-mantine-color-scheme="dark"]').waitFor();
    expect(await menu.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(await axeViolations(first, 'account menu, dark')).toEqual([]);
    await first.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);

    // Remembered on the server: a fresh browser on a light system opens dark, with no local copy.
    const second = await signedInPage('light');
    await second.locator('html[data-mantine-color-scheme="dark"]').waitFor();

    await second.getByRole('button', { name: 'Account' }).click();
    await second
      .getByRole('dialog', { name: 'Account' })
      .getByRole('radio', { name: 'Match my device' })
      .check();
    await second.locator('html[data-mantine-color-scheme="light"]').waitFor();
    expect(await axeViolations(second, 'account menu, light')).toEqual([]);
    await second.emulateMedia({ colorScheme: 'dark' });
    await second.locator('html[data-mantine-color-scheme="dark"]').waitFor();

    // Leave the account as the seed made it but for its pick: light, whatever the device.
    await second.emulateMedia({ colorScheme: 'light' });
    await second.getByRole('dialog', { name: 'Account' }).getByRole('radio', { name: 'Light' }).check();
    await second.locator('html[data-mantine-color-scheme="light"]').waitFor();
  });
});
