import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox } from '../apps/server/test/smtp-inbox.js';
import { axeViolations } from './axe.js';
import { launchBrowser, newPhoneContext } from './browser.js';
import { type RunningServer, startServer } from './server-process.js';
import { browserAccessToken, DEMO_PASSWORD, signIn } from './sign-in.js';

const CLERK = 'clerk@acme.example';
const SITE = '1001';

/** Nothing wider than the screen: the page never scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * Issue 27: a clerk makes a visitor link; a visitor opens it on a phone (as the poster's QR code
 * does), reads their plate back, confirms with the e-mailed code, and the permit is in the clerk's
 * list as a Visitor permit; the kiosk registers a visitor without e-mail and clears itself. Every
 * screen passes axe in light and dark mode.
 */
describe('visitors register themselves', () => {
  let server: RunningServer;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const found: string[] = [];
  let clerk: Page;
  let publicUrl = '';
  let kioskUrl = '';
  const linkName = `Outpatients ${Date.now().toString(36)}`;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startServer({ SMTP_URL: inbox.url, PERMIT_DIGEST_ENABLED: 'false' });
    browser = await launchBrowser();
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
    });
    context.setDefaultTimeout(30_000);
    contexts.push(context);
    clerk = await context.newPage();
    await signIn(clerk, CLERK, DEMO_PASSWORD);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    await inbox?.close();
  });

  it('the clerk creates a visitor link and prints its poster', async () => {
    await clerk.getByRole('link', { name: 'Visitor links' }).first().click();
    await clerk.getByRole('heading', { level: 1, name: 'Visitor links' }).waitFor();
    // The pointer leaves the navbar entry it clicked (its hover colour is not the page's).
    await clerk.mouse.move(600, 500);
    found.push(...(await axeViolations(clerk, 'visitor links (light)')));
    await clerk.getByRole('link', { name: 'Create visitor link' }).click();
    await clerk.getByRole('heading', { level: 1, name: 'Create visitor link' }).waitFor();
    await clerk.getByRole('button', { name: 'Save' }).click();
    await clerk.getByTestId('error-summary').waitFor();
    found.push(...(await axeViolations(clerk, 'create visitor link with errors (light)')));
    await clerk.getByLabel(/^Name/).fill(linkName);
    await clerk.getByRole('radio', { name: /number of hours/ }).check();
    await clerk.getByLabel(/^Number of hours or days/).fill('4');
    await clerk.getByRole('button', { name: 'Save' }).click();
    await clerk.getByRole('heading', { level: 1, name: 'Visitor links' }).waitFor();
    const row = clerk.getByRole('row', { name: new RegExp(linkName) });
    await row.waitFor();
    expect(await row.textContent()).toContain('for 4 hours');

    await row.getByRole('link', { name: `Poster for ${linkName}` }).click();
    await clerk.getByRole('heading', { level: 1, name: 'Visiting? Register your car here' }).waitFor();
    await clerk.getByTestId('poster-qr').waitFor();
    publicUrl = (await clerk.getByTestId('poster-url').textContent())?.trim() ?? '';
    expect(publicUrl).toContain(`${server.url}/visit/`);
    found.push(...(await axeViolations(clerk, 'poster (light)')));
    const kioskHref = await (async () => {
      await clerk.getByRole('link', { name: 'Back to visitor links' }).click();
      return clerk.getByRole('link', { name: `Kiosk for ${linkName}` }).getAttribute('href');
    })();
    kioskUrl = kioskHref ?? '';
    expect(kioskUrl).toContain('/kiosk?key=');
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`a visitor registers on a 390 px phone from the QR link (${mode}); the permit is in the clerk's list`, async () => {
      const context = await newPhoneContext(browser, server.url);
      contexts.push(context);
      const phone = await context.newPage();
      await phone.emulateMedia({ colorScheme: mode });
      const plate = mode === 'light' ? 'VZ27 LGT' : 'VZ27 DRK';
      const email = `visitor-${mode}@visitor.example`;
      await phone.goto(publicUrl);
      await phone.getByRole('heading', { level: 1, name: 'Register your car' }).waitFor();
      // The visitor has no account: the page follows the phone's own setting.
      await phone.waitForFunction((m) => document.documentElement.dataset.mantineColorScheme === m, mode);
      expect(await phone.textContent('body')).toContain(linkName);
      expect(await pageWidth(phone)).toBeLessThanOrEqual(390);
      found.push(...(await axeViolations(phone, `visit page (${mode})`)));

      await phone.getByRole('button', { name: 'Continue' }).click();
      await phone.getByText('Vehicle registration is required.').waitFor();
      found.push(...(await axeViolations(phone, `visit page with errors (${mode})`)));
      await phone.getByLabel(/^Vehicle registration/).fill(plate.toLowerCase());
      await phone.getByLabel(/^Your name/).fill('Val Visitor');
      await phone.getByLabel(/^Email address/).fill(email);
      await phone.getByRole('button', { name: 'Continue' }).click();
      await phone.getByRole('heading', { name: 'Is this your registration?' }).waitFor();
      expect(await phone.getByTestId('read-back').textContent()).toBe(plate.replace(' ', ''));
      expect(await phone.getByRole('list', { name: 'Spelled out' }).textContent()).toContain('letter V');
      found.push(...(await axeViolations(phone, `read back (${mode})`)));
      await phone.getByRole('button', { name: 'Yes, that is right' }).click();

      await phone.getByRole('heading', { name: 'Enter your code' }).waitFor();
      found.push(...(await axeViolations(phone, `code (${mode})`)));
      const mail = await inbox.waitFor(email, /^Your visitor code: \d{6}$/);
      await phone.getByLabel(/^6-digit code/).fill(/(\d{6})/.exec(mail.subject)![1]!);
      await phone.getByRole('button', { name: 'Register my car' }).click();
      await phone.getByRole('heading', { name: 'Your car is registered' }).waitFor();
      const reference = (await phone.getByTestId('visit-reference').textContent())?.trim() ?? '';
      expect(reference).toMatch(new RegExp(`^P${SITE}-\\d{6,}$`));
      expect(await pageWidth(phone)).toBeLessThanOrEqual(390);
      found.push(...(await axeViolations(phone, `registered (${mode})`)));
      await inbox.waitFor(email, new RegExp(`^Registered: ${plate.replace(' ', '')}`));

      await clerk.goto(`/permits?siteNumber=${SITE}&vehicleRegistration=${plate.replace(' ', '')}`);
      const row = clerk.getByRole('row', { name: new RegExp(plate.replace(' ', '')) });
      await row.waitFor();
      expect(await row.textContent()).toContain(`Visitor (${linkName})`);
    });
  }

  it('the reception kiosk registers a visitor without e-mail and clears itself for the next', async () => {
    for (const mode of ['light', 'dark'] as const) {
      const context = await browser.newContext({
        baseURL: server.url,
        locale: 'en-GB',
        timezoneId: 'Europe/London',
        colorScheme: mode,
        viewport: { width: 800, height: 1280 },
      });
      contexts.push(context);
      const kiosk = await context.newPage();
      await kiosk.goto(kioskUrl);
      await kiosk.getByRole('heading', { level: 1, name: 'Register your car at reception' }).waitFor();
      found.push(...(await axeViolations(kiosk, `kiosk (${mode})`)));
      const plate = mode === 'light' ? 'KS27LGT' : 'KS27DRK';
      await kiosk.getByLabel(/^Vehicle registration/).fill(plate);
      await kiosk.getByRole('button', { name: 'Continue' }).click();
      await kiosk.getByRole('button', { name: 'Yes, that is right' }).click();
      await kiosk.getByRole('heading', { name: 'Your car is registered' }).waitFor();
      found.push(...(await axeViolations(kiosk, `kiosk registered (${mode})`)));
      await kiosk.getByRole('button', { name: 'Next visitor' }).click();
      const field = kiosk.getByLabel(/^Vehicle registration/);
      await field.waitFor();
      expect(await field.inputValue()).toBe('');
    }
  });

  it('shows the staff screens in dark mode too', async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
      colorScheme: 'dark',
    });
    context.setDefaultTimeout(30_000);
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, CLERK, DEMO_PASSWORD);
    // The clerk's own pick (decision 38): dark, as the account menu sets it.
    const token = await browserAccessToken(page);
    const picked = await fetch(`${server.url}/api/user/preferences`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ colourMode: 'dark' }),
    });
    expect(picked.ok).toBe(true);
    await page.goto('/visitor-links');
    await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'dark');
    await page.getByRole('heading', { level: 1, name: 'Visitor links' }).waitFor();
    await page.getByRole('row', { name: new RegExp(linkName) }).waitFor();
    found.push(...(await axeViolations(page, 'visitor links (dark)')));
    await page.getByRole('link', { name: 'Create visitor link' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('error-summary').waitFor();
    found.push(...(await axeViolations(page, 'create visitor link with errors (dark)')));
    await page.goto('/visitor-links');
    await page.getByRole('link', { name: `Poster for ${linkName}` }).click();
    await page.getByTestId('poster-qr').waitFor();
    found.push(...(await axeViolations(page, 'poster (dark)')));
  });

  it('passes axe on every screen in both colour modes', () => {
    expect(found).toEqual([]);
  });
});
