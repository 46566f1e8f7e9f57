import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { apiAccessToken, apiCaller, DEMO_PASSWORD, signInWithLiveStream } from './sign-in.js';

const ADMIN = 'admin@operator.example';
const CLERK = 'clerk@acme.example';
type Mode = 'light' | 'dark';

/**
 * Notifications live in two browsers: the operator sends an urgent notification to SG01 from the send
 * page and the Acme clerk's open page shows it as a banner within 2 s (the stream, no reload); the
 * clerk acknowledges it and the operator sees it read. Axe, light and dark, on the send page, the
 * centre and the email preferences.
 */
describe('notifications in the browser', () => {
  let browser: Browser;
  const baseUrl = sharedServerUrl();
  const contexts: BrowserContext[] = [];

  /** Signed in on the dashboard, once its notification stream is open. */
  async function signedIn(email: string, mode: Mode = 'light'): Promise<Page> {
    const context = await browser.newContext({
      baseURL: baseUrl,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
      colorScheme: mode,
    });
    context.setDefaultTimeout(30_000);
    contexts.push(context);
    const page = await context.newPage();
    await signInWithLiveStream(page, email);
    return page;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    // Something in the admin's own centre for the axe walk (holders of Application.SysAdmin: the admin).
    const token = await apiAccessToken(baseUrl, ADMIN, DEMO_PASSWORD);
    await apiCaller(
      () => baseUrl,
      () => token,
    )('POST', '/notifications/sent', {
      title: 'Planned maintenance',
      body: 'The portal is *briefly* unavailable on Sunday from 06:00.',
      severity: 'warning',
      audience: { kind: 'features', features: ['Application.SysAdmin'] },
    });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('the admin sends an urgent notification to SG01; the clerk’s open page shows the banner within 2 s, acknowledges it, and the admin sees it read', async () => {
    const title = `Barrier fault ${Date.now()}`;
    const clerk = await signedIn(CLERK);
    const errors: string[] = [];
    clerk.on('pageerror', (e) => errors.push(e.message));

    const admin = await signedIn(ADMIN);
    await admin.getByRole('link', { name: 'Send notifications' }).click();
    await admin.getByRole('heading', { name: 'Send notifications', level: 1 }).waitFor();
    await expect
      .poll(() => admin.evaluate(() => document.activeElement?.textContent))
      .toBe('Send notifications');

    await admin.getByLabel(/^Title/).fill(title);
    await admin.getByLabel(/^Message/).fill('The **exit barrier** at level 2 is out of order.');
    await admin.getByTestId('notification-preview').getByText('exit barrier').waitFor();
    await admin.getByRole('radio', { name: 'Urgent' }).check();
    await admin.getByRole('radio', { name: 'Sites or site groups' }).check();
    const sites = admin.getByPlaceholder('Type a site or site group number');
    await sites.fill('SG01');
    await admin.getByRole('option', { name: /^SG01 – / }).click();
    await admin.keyboard.press('Escape');

    const sent = admin.waitForResponse(
      (r) => r.url().endsWith('/api/notifications/sent') && r.request().method() === 'POST',
    );
    await admin.getByRole('button', { name: 'Send', exact: true }).click();
    expect((await sent).status()).toBe(201);
    const publishedAt = Date.now();
    await clerk.getByTestId('urgent-banner').filter({ hasText: title }).waitFor({ timeout: 2_000 });
    console.info(`banner shown ${Date.now() - publishedAt} ms after the send was answered`);
    await admin.getByText(/^Sent: it reached \d+ users?\.$/).waitFor();

    // The admin's send page, open and not reloaded, shows the read count change as the clerk acknowledges.
    const row = admin.locator(`[data-testid="sent-row"][data-title="${title}"]`);
    await expect.poll(async () => (await row.getByTestId('sent-read').textContent())?.trim()).toBe('0');
    expect(Number(await row.getByTestId('sent-reached').textContent())).toBeGreaterThanOrEqual(1);
    await admin.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const refetched: string[] = [];
    admin.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/notifications/sent')
        refetched.push(r.url());
    });

    const banner = clerk.getByTestId('urgent-banner').filter({ hasText: title });
    await banner.getByRole('button', { name: 'Acknowledge' }).click();
    const acknowledgedAt = Date.now();
    await banner.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await row.getByTestId('sent-read').textContent())?.trim(), { timeout: 2_000 })
      .toBe('1');
    console.info(`the admin saw it read ${Date.now() - acknowledgedAt} ms after the acknowledgement`);
    // Told by the stream: no reload, no refetch of the sent list.
    expect(await admin.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    expect(refetched).toEqual([]);
    expect(errors).toEqual([]);
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`passes axe in ${mode} mode: the send page, the centre and the email preferences`, async () => {
      const page = await signedIn(ADMIN, mode);
      const found: string[] = [];
      await page.goto('/admin/notifications');
      await page.getByRole('heading', { name: 'Send notifications', level: 1 }).waitFor();
      await page.getByTestId('sent-notifications').waitFor();
      found.push(...(await axeViolations(page, `${mode} send page`)));
      // With the form's errors showing (the error summary and the field messages).
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByText('Title is required.').first().waitFor();
      found.push(...(await axeViolations(page, `${mode} send page with errors`)));

      await page.goto('/notifications');
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      await page.getByTestId('notification-item').first().waitFor();
      found.push(...(await axeViolations(page, `${mode} centre`)));

      await page.goto('/account/notifications');
      await page.getByRole('heading', { name: 'Notification emails', level: 1 }).waitFor();
      await page.getByRole('checkbox', { name: /Announcements/ }).waitFor();
      found.push(...(await axeViolations(page, `${mode} email preferences`)));
      expect(found).toEqual([]);
    });
  }
});
