import { addIsoDays, ukToday } from '@client-portal/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFacts } from '../apps/server/src/db/seed/demo-facts.js';
import { axeViolations } from './axe.js';
import { launchBrowser } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { DEMO_PASSWORD, signIn } from './sign-in.js';

const CLERK = 'clerk@acme.example';
const { seenVisitor } = demoFacts;

/**
 * Issue 14's journey: a clerk types a plate one character off a vehicle the cameras saw at the site
 * this week, takes the suggestion in one click, and the permit is stored with the right plate. The
 * add page with its warning passes axe in light and dark mode.
 */
describe('plate-typo protection in a browser', () => {
  const baseUrl = sharedServerUrl();
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  async function clerkPage(colorScheme: 'light' | 'dark'): Promise<Page> {
    const context = await browser.newContext({
      baseURL: baseUrl,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
      colorScheme,
    });
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await signIn(page, CLERK, DEMO_PASSWORD);
    return page;
  }

  async function typeTheTypo(page: Page) {
    await page.goto('/permits/add');
    await page.getByRole('heading', { name: 'Add permit', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: /^Vehicle registration/ }).fill(seenVisitor.typo);
    await page.getByText(/^Did you mean KS14 BXE, seen here \d+ times this week\?$/).waitFor();
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('the add page with a plate warning passes axe in light and dark mode', async () => {
    const found: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      const page = await clerkPage(mode);
      await typeTheTypo(page);
      found.push(...(await axeViolations(page, `${mode} add permit with a plate warning`)));
    }
    expect(found).toEqual([]);
  });

  it('the clerk takes the suggested plate in one click and the permit is stored with it', async () => {
    const page = await clerkPage('light');
    await typeTheTypo(page);
    expect(seenVisitor.typo).not.toBe(seenVisitor.registration);
    await page.getByRole('button', { name: `Use ${seenVisitor.registration}` }).click();
    const registration = page.getByRole('textbox', { name: /^Vehicle registration/ });
    expect(await registration.inputValue()).toBe(seenVisitor.registration);
    await page.getByTestId('plate-warning').waitFor({ state: 'detached' });

    await page.getByRole('radio', { name: 'Temporary' }).check();
    await page.getByRole('textbox', { name: /^Driver name/ }).fill('Kit Shaw');
    await page.getByLabel(/^End date/).fill(addIsoDays(ukToday(), 3));
    await page.getByRole('textbox', { name: /^Authorised by/ }).fill('Sam Boss');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const added = page.getByRole('status').filter({ hasText: 'Permit added' });
    await added.waitFor();
    expect(await added.textContent()).toContain(`The permit for ${seenVisitor.registration} has been added.`);

    // The list finds it under the right plate, and nothing under the typo.
    await page.goto(`/permits?vehicleRegistration=${seenVisitor.registration}`);
    await page.getByText(/^Showing 1–1 of 1$/).waitFor();
    await page.goto(`/permits?vehicleRegistration=${seenVisitor.typo}`);
    await page.getByText('There were no results returned for this query.').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
