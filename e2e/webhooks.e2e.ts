import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser, newPhoneContext } from './browser.js';
import { ukDay } from './permits-by-api.js';
import { type RunningServer, startServer } from './server-process.js';
import { DEMO_PASSWORD, signedInDemoPage } from './sign-in.js';

const MANAGER = 'manager@acme.example';

/** Nothing wider than the screen: the page never scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Presses Tab until `target` has focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  await target.first().waitFor();
  for (let i = 0; i < limit; i++) {
    if (await target.first().evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the target');
}

/**
 * Issue 26, webhooks: a manager creates an API key and a webhook to a local receiver, adds a permit
 * with the key through the API, the receiver gets it signed with the webhook's secret, and the manager
 * sees the delivery in the webhook's log and replays it; each screen passes axe (WCAG 2.2 AA) in light
 * and dark mode, works by keyboard and fits a 390 px phone.
 */
describe('webhooks in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let receiver: http.Server;
  let receiverPort = 0;
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const contexts: BrowserContext[] = [];
  const found: string[] = [];
  /** The attempts page of the delivery the first journey makes (for the dark and phone checks). */
  let attemptsPath = '';

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverPort = (receiver.address() as AddressInfo).port;
    server = await startServer({
      PERMIT_DIGEST_ENABLED: 'false',
      REPORT_SUBSCRIPTIONS_ENABLED: 'false',
      WEBHOOK_ALLOWED_INTERNAL_HOSTS: 'localhost',
      JOB_POLL_SECONDS: '0.5',
    });
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  });

  it('creates a key and a webhook, adds a permit with the key, and sees the delivery in the log', async () => {
    const page = await signedInDemoPage(browser, server.url, contexts, MANAGER);

    // The key, through its own screen.
    await page.goto('/admin/api-keys/add');
    await page.getByRole('heading', { level: 1, name: 'Create API key' }).waitFor();
    await page.getByLabel(/^Name/).fill(`Rota ${Date.now().toString(36)}`);
    await page.getByRole('checkbox', { name: 'Add a permit' }).check();
    await page.getByRole('checkbox', { name: /^1001 / }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('created-api-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^cp_live_/);

    // The webhook, reached from the administration page.
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page
      .getByText(/There were no results|Showing/)
      .first()
      .waitFor();
    found.push(...(await axeViolations(page, 'webhooks (light)')));
    await page.getByRole('link', { name: 'Add webhook' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add webhook' }).waitFor();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByTestId('error-summary').waitFor();
    found.push(...(await axeViolations(page, 'add webhook with errors (light)')));

    // A private address is refused by the server, with the message on the field.
    await page.getByLabel(/^URL/).fill('http://10.1.2.3/hook');
    await page.getByRole('checkbox', { name: 'Permit added' }).check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page
      .getByText(/cannot receive webhooks/)
      .first()
      .waitFor();

    const url = `http://localhost:${receiverPort}/portal-events`;
    await page.getByLabel(/^URL/).fill(url);
    await page.getByRole('checkbox', { name: /^1001 / }).check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByRole('heading', { level: 1, name: 'The webhook’s secret' }).waitFor();
    const secret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    found.push(...(await axeViolations(page, 'webhook secret shown once (light)')));
    await page.getByRole('button', { name: 'Back to webhooks' }).click();
    const row = page.getByRole('row', { name: new RegExp(url) });
    await row.waitFor();
    expect(await page.content()).not.toContain(secret);

    // A permit added with the key through the API reaches the receiver, signed.
    const registration = `WB${String(Date.now()).slice(-5)}E`;
    const added = await fetch(`${server.url}/api/permits?mode=single`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify([
        {
          id: 0,
          site_SiteGroupNumber: '1001',
          vehicleRegistration: registration,
          driverName: 'Night Shift',
          duration: 'Temporary',
          started: ukDay(),
          ended: ukDay(5),
          reason: 2,
          authorisedBy: 'Rota system',
        },
      ]),
    });
    expect(added.status).toBe(201);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    const [delivery] = received;
    const signature = String(delivery!.headers['x-clientportal-signature']);
    const t = /t=(\d+)/.exec(signature)?.[1];
    const expected = crypto.createHmac('sha256', secret).update(`${t}.${delivery!.body}`).digest('hex');
    expect(signature).toContain(`v1=${expected}`);
    const body = JSON.parse(delivery!.body) as { type: string; data: { vehicleRegistration: string } };
    expect(body).toMatchObject({ type: 'permit.added', data: { vehicleRegistration: registration } });

    // The log shows it delivered, and replays it with the same delivery id.
    await row.getByRole('link', { name: `Delivery log of the webhook to ${url}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Delivery log' }).waitFor();
    const deliveryId = String(delivery!.headers['x-clientportal-delivery']);
    const logged = page.getByRole('row', { name: new RegExp(deliveryId) });
    await expect
      .poll(async () => (await logged.textContent()) ?? '', { timeout: 20_000 })
      .toContain('Delivered');
    expect(await logged.textContent()).toContain('thanks');
    found.push(...(await axeViolations(page, 'delivery log (light)')));
    await logged.getByRole('button', { name: `Replay the delivery ${deliveryId}` }).click();
    await page.getByText(`The delivery ${deliveryId} will be sent again.`).waitFor();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
    expect(received[1]!.headers['x-clientportal-delivery']).toBe(deliveryId);

    // Every attempt is kept (decision 51): the first send and the replay, each with what was answered.
    const attemptsLink = logged.getByRole('link', { name: `Attempts of the delivery ${deliveryId}` });
    attemptsPath = (await attemptsLink.getAttribute('href')) ?? '';
    await attemptsLink.click();
    await page.getByRole('heading', { level: 1, name: 'Delivery attempts' }).waitFor();
    const delivered = page.getByRole('row', { name: /Delivered/ });
    await expect
      .poll(
        async () => {
          if ((await delivered.count()) < 2) await page.reload();
          await page
            .getByText(/Showing/)
            .first()
            .waitFor();
          return delivered.count();
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(2);
    expect(await delivered.first().textContent()).toContain('thanks');
    found.push(...(await axeViolations(page, 'delivery attempts (light)')));
    expect(found).toEqual([]);
  }, 300_000);

  it('works by keyboard: turns a webhook off and on again and asks before a new secret', async () => {
    const page = await signedInDemoPage(browser, server.url, contexts, MANAGER);
    await page.goto('/admin/webhooks');
    const url = `http://localhost:${receiverPort}/portal-events`;
    await tabTo(page, page.getByRole('button', { name: `Turn off the webhook to ${url}` }));
    await page.keyboard.press('Enter');
    await page.getByText(`The webhook to ${url} was changed.`).waitFor();
    await tabTo(page, page.getByRole('button', { name: `Turn on the webhook to ${url}` }));
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `Turn off the webhook to ${url}` }).waitFor();
    await tabTo(page, page.getByRole('button', { name: `Make a new secret for the webhook to ${url}` }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Make a new secret' });
    await dialog.waitFor();
    found.push(...(await axeViolations(page, 'new secret question (light)')));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(found).toEqual([]);
  }, 300_000);

  it('passes axe in dark mode and fits a 390 px phone', async () => {
    const dark = await signedInDemoPage(browser, server.url, contexts, MANAGER, 'dark');
    await dark.goto('/admin/webhooks');
    await dark.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await dark
      .getByText(/Showing/)
      .first()
      .waitFor();
    found.push(...(await axeViolations(dark, 'webhooks (dark)')));
    await dark
      .getByRole('link', { name: /^Delivery log of the webhook/ })
      .first()
      .click();
    await dark.getByRole('heading', { level: 1, name: 'Delivery log' }).waitFor();
    await dark
      .getByText(/Showing/)
      .first()
      .waitFor();
    found.push(...(await axeViolations(dark, 'delivery log (dark)')));
    await dark.goto(attemptsPath);
    await dark
      .getByText(/Showing/)
      .first()
      .waitFor();
    found.push(...(await axeViolations(dark, 'delivery attempts (dark)')));
    await dark.goto('/admin/webhooks/add');
    await dark.getByRole('button', { name: 'Add webhook' }).click();
    await dark.getByTestId('error-summary').waitFor();
    found.push(...(await axeViolations(dark, 'add webhook with errors (dark)')));

    const phoneContext = await newPhoneContext(browser, server.url);
    contexts.push(phoneContext);
    const phone = await phoneContext.newPage();
    await phone.goto('/signin');
    await phone.getByLabel(/^Email address/).fill(MANAGER);
    await phone.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
    await phone.waitForURL((u) => u.pathname === '/');
    await phone.goto('/admin/webhooks');
    const logPath = await phone
      .getByRole('link', { name: /^Delivery log of the webhook/ })
      .first()
      .getAttribute('href');
    for (const path of [
      '/admin/webhooks',
      '/admin/webhooks/add',
      logPath ?? '/admin/webhooks',
      attemptsPath,
    ]) {
      await phone.goto(path);
      await phone.getByRole('heading', { level: 1 }).waitFor();
      await phone.waitForTimeout(300);
      expect(await pageWidth(phone), path).toBeLessThanOrEqual(390);
      found.push(...(await axeViolations(phone, `${path} at 390 px`)));
    }
    expect(found).toEqual([]);
  }, 300_000);
});
