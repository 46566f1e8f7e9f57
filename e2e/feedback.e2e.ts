import { authenticator } from 'otplib';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFacts } from '../apps/server/src/db/seed/demo-facts.js';
import { launchBrowser, newContext } from './browser.js';
import { type RunningServer, startServer } from './server-process.js';
import { DEMO_PASSWORD, signInByApi } from './sign-in.js';

/**
 * Feedback at every step, the parts not already in the admin and permit journeys (confirmations after
 * adding, saving and removing users and roles, expiring a permit, and a role that cannot be removed).
 */
/** Today in the UK as yyyy-mm-dd, moved by whole days (the browser runs in Europe/London too). */
function ukDay(offsetDays = 0): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

/** The text a field's aria-describedby points at: where its error message stands for a screen reader. */
async function describedText(field: Locator): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby'))?.split(/\s+/).filter(Boolean) ?? [];
  const page = field.page();
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

/**
 * The field is marked invalid and its description carries `message`, which the other field's does not;
 * with `otherValid`, the other field is not marked invalid at all.
 */
async function errorStandsOn(
  field: Locator,
  other: Locator,
  message: string,
  otherValid = true,
): Promise<void> {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  expect(await describedText(field)).toContain(message);
  expect(await describedText(other)).not.toContain(message);
  if (otherValid) expect(await other.getAttribute('aria-invalid')).not.toBe('true');
}

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
    await signInByApi(page, 'admin@operator.example', DEMO_PASSWORD);
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
  it('puts a date error on the date that is wrong, in the permit form and the invoice query', async () => {
    const page = await freshPage();
    await signInByApi(page, 'manager@acme.example', DEMO_PASSWORD);
    await page.goto('/permits/add');
    await page.getByRole('heading', { name: 'Add permit' }).waitFor();
    await page.getByRole('radio', { name: 'Temporary' }).check();
    const start = page.getByLabel(/^Start date/);
    const end = page.getByLabel(/^End date/);
    await end.fill(ukDay(400));
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await errorStandsOn(end, start, 'The end date cannot be after');

    await page.goto('/invoicing');
    await page.getByRole('button', { name: 'Choose Parking transactions' }).click();
    const from = page.getByLabel(/^Start date/);
    const to = page.getByLabel(/^End date/);
    await to.fill(ukDay(-40));
    await from.fill(ukDay(-30));
    await page.getByRole('button', { name: 'Generate invoice' }).click();
    await errorStandsOn(to, from, 'The end date cannot be before the start date.');
    // A start after today is the start's error (any end is then wrong too, for its own reason).
    await from.fill(ukDay(2));
    await errorStandsOn(from, to, 'The start date cannot be later than today.', false);
    await page.context().close();
  });
});
