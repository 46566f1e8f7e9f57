import { authenticator } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFacts } from '../apps/server/src/db/seed/demo-facts.js';
import { launchBrowser, newContext } from './browser.js';
import { type RunningServer, startServer } from './server-process.js';
import { DEMO_PASSWORD, signIn } from './sign-in.js';

/**
 * Feedback at every step, the parts not already in the admin and permit journeys (confirmations after
 * adding, saving and removing users and roles, expiring a permit, and a role that cannot be removed).
 */
describe('feedback at every step in a browser', () => {
  let server: RunningServer;
  let browser: Browser;

  const freshPage = async (): Promise<Page> => (await newContext(browser, server.url)).newPage();

  beforeAll(async () => {
    server = await startServer({ PERMIT_DIGEST_ENABLED: 'false' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps a wrong two-factor code on the code step with a message on the code, then signs in', async () => {
    const page = await freshPage();
    await page.goto('/signin');
    await page.getByLabel(/^Email address/).fill('mfa@acme.example');
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const code = page.getByLabel(/^Authentication code/);
    const right = authenticator.generate(demoFacts.totpSecret);
    await code.fill(right === '123456' ? '654321' : '123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(/That code is not correct/).waitFor();
    // Still on the code step: the password was not thrown away.
    expect(await page.getByLabel(/^Password/).count()).toBe(0);
    await code.fill(authenticator.generate(demoFacts.totpSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('refuses a negative allowance on its field rather than saving it as positive', async () => {
    const page = await freshPage();
    await signIn(page, 'admin@operator.example', DEMO_PASSWORD);
    await page.goto('/admin/permits/allowances');
    await page.getByPlaceholder('Type a site or site group number').fill('1002');
    await page.getByRole('option', { name: /^1002 – / }).click();
    const temporary = page.getByRole('textbox', { name: 'Temporary allowance for 1002' });
    await temporary.fill('-5');
    await page.getByRole('button', { name: 'Save allowances' }).click();
    await page.getByText('The allowance must be at least 0.').waitFor();
    expect(await temporary.inputValue()).toBe('-5');
    expect(await page.getByText('The permit allowances were saved.').count()).toBe(0);
    await page.context().close();
  });
});
