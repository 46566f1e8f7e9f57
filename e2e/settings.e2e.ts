import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { apiAccessToken, browserAccessToken, DEMO_PASSWORD, signIn, signInByApi } from './sign-in.js';

const ADMIN = 'admin@operator.example';
const MANAGER = 'manager@acme.example';
const CLERK = 'clerk@acme.example';

declare global {
  interface Window {
    __pwned?: number;
  }
}

/** 'yyyy-MM-ddTHH:mm' in the browser's time zone (newContext uses Europe/London), as datetime-local holds. */
function londonLocalInput(time: number): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(time)
    .replace(' ', 'T');
}

describe('settings, dashboard and the live chrome in a browser', () => {
  const baseUrl = sharedServerUrl();
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  /** Changes config entries over the API as the SysAdmin: set-up and clean-up that must not depend on the UI. */
  async function setConfig(entries: Record<string, string | null>) {
    const token = await apiAccessToken(baseUrl, ADMIN, DEMO_PASSWORD);
    const response = await fetch(`${baseUrl}/api/application/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ config: entries }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { config: Record<string, string> }).config;
  }

  async function currentConfig(): Promise<Record<string, string>> {
    const response = await fetch(`${baseUrl}/api/application/config`);
    return ((await response.json()) as { config: Record<string, string> }).config;
  }

  /** A fresh browser (own storage and HTTP cache), so it loads the config as it is now. */
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

  it('a SysAdmin changes the welcome message and a manager sees it on the dashboard', async () => {
    const before = (await currentConfig()).WelcomeMessage ?? null;
    const message = `Good morning from the operator ${Date.now() % 100_000}`;
    try {
      const admin = await freshPage();
      await signInByApi(admin, ADMIN, DEMO_PASSWORD);
      await admin.goto('/admin');
      await admin.getByRole('link', { name: 'Welcome message' }).click();
      await admin.waitForURL('**/admin/app-settings/WelcomeMessage');
      const input = admin.getByRole('textbox', { name: 'Welcome message' });
      await input.fill(message);
      await admin.getByRole('button', { name: 'Save' }).click();
      await admin.getByText(/The setting was saved/).waitFor();
      // The admin's own app takes the answer at once.
      await admin.getByRole('link', { name: 'Dashboard' }).click();
      await expect.poll(() => admin.getByTestId('welcome-message').textContent()).toBe(message);

      const manager = await freshPage();
      await signIn(manager, MANAGER, DEMO_PASSWORD);
      await expect.poll(() => manager.getByTestId('welcome-message').textContent()).toBe(message);
    } finally {
      await setConfig({ WelcomeMessage: before });
    }
  });

  it('a SysAdmin schedules maintenance; another browser shows the Markdown message, then it ends', async () => {
    // In the notifications' Markdown (decision 39): HTML in it is shown as text, never run.
    const offlineMessage =
      'Back at **06:00** tomorrow.\n\n<script>window.__pwned=1</script>' +
      '<img src=x onerror="window.__pwned=2">';
    try {
      const admin = await freshPage();
      await signInByApi(admin, ADMIN, DEMO_PASSWORD);
      await admin.goto('/admin/app-settings/System');
      const maintenance = admin.getByRole('form', { name: 'Maintenance' });
      await maintenance.getByLabel('Offline from').fill(londonLocalInput(Date.now() - 60_000));
      await maintenance.getByLabel('Maintenance message').fill(offlineMessage);
      await expect
        .poll(() => maintenance.getByTestId('markdown-preview').locator('strong').textContent())
        .toBe('06:00');
      await maintenance.getByRole('button', { name: 'Save' }).click();
      await maintenance.getByText(/The setting was saved/).waitFor();
      // The administrator keeps working, with a reminder that the portal is closed to everyone else.
      await admin.getByTestId('offline-now-banner').waitFor();
      expect(await admin.getByTestId('maintenance-screen').count()).toBe(0);

      const visitor = await freshPage();
      await visitor.goto('/');
      const screen = visitor.getByTestId('maintenance-screen');
      await screen.waitFor();
      expect(await screen.getByTestId('offline-message').locator('strong').textContent()).toBe('06:00');
      expect(await screen.locator('script').count()).toBe(0);
      expect(await screen.locator('[onerror]').count()).toBe(0);
      await visitor.waitForTimeout(300);
      expect(await visitor.evaluate(() => window.__pwned)).toBeUndefined();

      // Sign-in stays open during maintenance so an administrator can get in.
      await visitor.getByRole('link', { name: 'Administrator sign in' }).click();
      await visitor.getByTestId('maintenance-sign-in-notice').waitFor();
      await visitor.getByLabel(/^Email address/).waitFor();

      // A signed-in user without SysAdmin gets the maintenance screen too.
      const manager = await freshPage();
      await signIn(manager, MANAGER, DEMO_PASSWORD);
      await manager.getByTestId('maintenance-screen').waitFor();

      // The administrator ends the maintenance from the same page.
      await maintenance.getByLabel('Offline from').fill('');
      await maintenance.getByLabel('Maintenance message').fill('');
      await maintenance.getByRole('button', { name: 'Save' }).click();
      await maintenance.getByText(/The setting was saved/).waitFor();
      expect((await currentConfig()).ApplicationOfflineDate).toBeUndefined();
      // The manager's page, left open on the maintenance screen, returns to the portal by itself.
      const ended = Date.now();
      await manager.getByTestId('maintenance-screen').waitFor({ state: 'detached', timeout: 60_000 });
      await manager.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      expect(Date.now() - ended).toBeLessThan(60_000);

      const later = await freshPage();
      await later.goto('/');
      await later.waitForURL('**/signin');
      await later.getByLabel(/^Email address/).waitFor();
      expect(await later.getByTestId('maintenance-sign-in-notice').count()).toBe(0);
    } finally {
      await setConfig({ ApplicationOfflineDate: null, ApplicationOfflineMessage: null });
    }
  }, 150_000);

  it("the clerk's dashboard counters equal the API's counts", async () => {
    const clerk = await freshPage();
    await signIn(clerk, CLERK, DEMO_PASSWORD);
    const token = await browserAccessToken(clerk);
    for (const state of ['current', 'expired', 'expiringSoon']) {
      const response = await fetch(`${baseUrl}/api/permits/_count?state=${state}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      const { count } = (await response.json()) as { count: number };
      const value = clerk.getByTestId(`counter-${state}-value`);
      await expect.poll(() => value.textContent()).toBe(String(count));
      expect(await clerk.getByTestId(`counter-${state}`).getAttribute('href')).toBe(
        `/permits?state=${state}`,
      );
    }
  });
});
