import { authenticator } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFacts } from '../apps/server/src/db/seed/demo-facts.js';
import { linkIn, startSmtpInbox } from '../apps/server/test/smtp-inbox.js';
import { launchBrowser, newContext } from './browser.js';
import { type RunningServer, startServer } from './server-process.js';

const PASSWORD = demoFacts.password;

interface StoredSession {
  isAuthenticated: boolean;
  type?: string;
  refreshToken?: string;
  account?: { email: string };
}

function storedSession(page: Page): Promise<StoredSession | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('clientPortal.user') ?? 'null'));
}

async function fillCredentials(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await fillCredentials(page, email, password);
  await page.waitForURL((url) => url.pathname === '/');
}

/** The current TOTP code, as an authenticator app would show it. */
const totp = (secret: string) => authenticator.generate(secret);

describe('identity journeys in a browser', () => {
  let server: RunningServer;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  async function newPage(): Promise<Page> {
    const context = await newContext(browser, server.url);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    return page;
  }

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startServer({ SMTP_URL: inbox.url, PERMIT_DIGEST_ENABLED: 'false' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    await inbox?.close();
    expect(pageErrors).toEqual([]);
  });

  it('signs in with a password and signs out, ending the session on the server', async () => {
    const page = await newPage();
    await fillCredentials(page, 'clerk@acme.example', 'wrong-password');
    await page.getByText('Incorrect email address or password.').waitFor();

    await signIn(page, 'clerk@acme.example', PASSWORD);
    const session = await storedSession(page);
    expect(session).toMatchObject({
      isAuthenticated: true,
      type: 'identity',
      account: { email: 'clerk@acme.example' },
    });
    await page.getByText('clerk@acme.example').first().waitFor();

    // Already signed in: /signin goes straight on to /.
    await page.goto('/signin');
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/signout');
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(await storedSession(page)).toBeNull();
    // The refresh token the browser held no longer works: the server ended the session.
    const refresh = await fetch(`${server.url}/api/user/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: session?.refreshToken }),
    });
    expect(refresh.status).toBe(401);

    // Signed-out users reaching a signed-in route go to /signin.
    await page.goto('/account/password');
    await page.waitForURL((url) => url.pathname === '/signin');
  });

  it('signs in with a two-factor code made from the README secret', async () => {
    const page = await newPage();
    await fillCredentials(page, 'mfa@acme.example', PASSWORD);
    const codeInput = page.getByLabel('Authentication code');
    await codeInput.waitFor();
    await codeInput.fill(totp(demoFacts.totpSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedSession(page)).toMatchObject({
      type: 'identity',
      account: { email: 'mfa@acme.example' },
    });
  });

  it('resets a forgotten password with the link from the email', async () => {
    const email = 'manager@bolt.example';
    const newPassword = 'Reset-by-mail-7';
    const page = await newPage();
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgotten your password?' }).click();
    await page.waitForURL('**/reset-password');
    // The sign-in form has an 'Email address' field too: fill the reset form's, once it is drawn.
    await page.getByRole('heading', { name: 'Reset password', level: 1 }).waitFor();
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Send reset link' }) });
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(`If an account exists for ${email}`).waitFor();

    const mail = await inbox.waitFor(email, /Reset your Client Portal password/);
    const link = linkIn(mail, `${server.url}/reset-password/confirm?password=`);
    await page.goto(link);
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText("The entered passwords don't match.").waitFor();
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password has been set.').waitFor();

    // The link works once.
    await page.goto(link);
    await page.getByText('The reset password request was not found. The link may have expired.').waitFor();

    await fillCredentials(page, email, PASSWORD);
    await page.getByText('Incorrect email address or password.').waitFor();
    await signIn(page, email, newPassword);
  });

  it('confirms an invitation, sets a password and signs in', async () => {
    const email = 'invited.clerk@acme.example';
    const newPassword = 'Invited-user-9';
    const login = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@operator.example', password: PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const auth = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
    const roles = (await (await fetch(`${server.url}/api/application/roles`, { headers: auth })).json()) as {
      applicationRoleId: number;
      name: string;
    }[];
    const clerkRole = roles.find((r) => r.name === 'Site Clerk');
    const created = await fetch(`${server.url}/api/user/accounts`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        email,
        access: [demoFacts.clerkSite.number],
        roles: [clerkRole?.applicationRoleId],
      }),
    });
    expect(created.status).toBe(201);

    const mail = await inbox.waitFor(email, /Your Client Portal account/);
    const page = await newPage();
    await page.goto(linkIn(mail, `${server.url}/user/confirm?`));
    await page.getByText('Your email address has been confirmed.').waitFor();
    await page.getByRole('link', { name: 'Set password' }).click();
    await page.waitForURL((url) => url.pathname === '/reset-password/confirm');
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password has been set.').waitFor();
    await page.getByRole('link', { name: 'Return to sign in' }).click();
    await signIn(page, email, newPassword);

    // The confirmation link works once.
    await page.goto(linkIn(mail, `${server.url}/user/confirm?`));
    await page
      .getByText('Your email address could not be confirmed. The link may have expired or already been used.')
      .waitFor();
  });

  it('changes the password in the account area, then signs in with the new one', async () => {
    const email = 'manager@acme.example';
    const newPassword = 'Changed-pass-3';
    const page = await newPage();
    await signIn(page, email, PASSWORD);
    await page.goto('/account/password');
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel('Confirm new password').fill('Something-else-3');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Passwords do not match.').waitFor();
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password was changed successfully.').waitFor();
    await inbox.waitFor(email, /password was changed/);

    // This session lives on; a new one needs the new password.
    await page.goto('/account/overview');
    expect(await storedSession(page)).toMatchObject({ isAuthenticated: true });
    const other = await newPage();
    await fillCredentials(other, email, PASSWORD);
    await other.getByText('Incorrect email address or password.').waitFor();
    await signIn(other, email, newPassword);
  });

  it('turns two-factor on (QR code, code, recovery codes), signs in with a recovery code, turns it off', async () => {
    const email = 'clerk@acme.example';
    const page = await newPage();
    await signIn(page, email, PASSWORD);
    await page.goto('/account/two-factor');
    await page.getByText('Two-factor sign-in is off.').waitFor();
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const secret = (await page.getByTestId('two-factor-secret').textContent()) ?? '';
    await page.getByLabel('Code from the app').fill(totp(secret));
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('Save your recovery codes').waitFor();
    const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Two-factor sign-in is on.').waitFor();

    const other = await newPage();
    await fillCredentials(other, email, PASSWORD);
    await other.getByRole('button', { name: 'Use a recovery code' }).click();
    await other.getByLabel('Recovery code').fill(codes[0] ?? '');
    await other.getByRole('button', { name: 'Verify' }).click();
    await other.waitForURL((url) => url.pathname === '/');

    await page.getByLabel('Code from the app').fill(codes[1] ?? '');
    await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await page.getByText('Two-factor sign-in is now off.').waitFor();
    await page.getByText('Two-factor sign-in is off.').waitFor();
  });
});
