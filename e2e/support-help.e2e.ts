import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { apiAccessToken, DEMO_PASSWORD, signInByApi } from './sign-in.js';

const ADMIN = 'admin@operator.example';
const CLERK = 'clerk@acme.example';

/** Issue 24, "Someone to ask": the operator's support contact, on Support and Help, Help a key press away. */
describe('the support contact and the help page in a browser', () => {
  const baseUrl = sharedServerUrl();
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function setConfig(entries: Record<string, string | null>) {
    const token = await apiAccessToken(baseUrl, ADMIN, DEMO_PASSWORD);
    const response = await fetch(`${baseUrl}/api/application/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ config: entries }),
    });
    expect(response.status).toBe(200);
  }

  async function freshPage(): Promise<Page> {
    const context = await newContext(browser, baseUrl);
    contexts.push(context);
    return context.newPage();
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('the operator sets the support phone; a clerk sees it on Support and in Help, reached by keyboard', async () => {
    const phone = `0161 496 0${String(Date.now() % 1000).padStart(3, '0')}`;
    try {
      const admin = await freshPage();
      await signInByApi(admin, ADMIN, DEMO_PASSWORD);
      await admin.goto('/admin');
      await admin.getByRole('link', { name: 'Support contact' }).click();
      await admin.waitForURL('**/admin/app-settings/SupportContact');
      const input = admin.getByRole('textbox', { name: 'Telephone' });
      await input.fill('12345');
      await admin.getByRole('button', { name: 'Save' }).click();
      await admin
        .getByText(/must be a UK telephone number/)
        .first()
        .waitFor();
      await input.fill(phone);
      await admin.getByRole('button', { name: 'Save' }).click();
      await admin.getByText(/The setting was saved/).waitFor();

      const clerk = await freshPage();
      await signInByApi(clerk, CLERK, DEMO_PASSWORD);
      await clerk.goto('/account/support');
      const contact = clerk.getByTestId('support-contact');
      await contact.getByRole('link', { name: phone }).waitFor();
      expect(await contact.getByRole('link', { name: phone }).getAttribute('href')).toBe(
        `tel:${phone.replace(/\s/g, '')}`,
      );

      // Help from the top bar by keyboard: Tab until the Help link has focus, then Enter.
      await clerk.goto('/');
      await clerk.getByRole('heading', { level: 1 }).waitFor();
      let focused = '';
      for (let i = 0; i < 15 && focused !== 'Help'; i++) {
        await clerk.keyboard.press('Tab');
        focused = await clerk.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
      }
      expect(focused).toBe('Help');
      await clerk.keyboard.press('Enter');
      await clerk.waitForURL('**/help');
      await clerk.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
      const who = clerk.getByRole('region', { name: 'Who do I call when I am stuck?' });
      await who.getByText(`Call us on ${phone}`, { exact: false }).waitFor();
    } finally {
      await setConfig({ SupportPhone: null });
    }
  }, 120_000);
});
