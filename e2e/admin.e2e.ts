import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpInbox } from '../apps/server/test/smtp-inbox.js';
import { launchBrowser, newContext } from './browser.js';
import { type RunningServer, startServer } from './server-process.js';
import { DEMO_PASSWORD, signIn, signInByApi } from './sign-in.js';

const MANAGER = 'manager@acme.example';
const NEW_USER = 'new.clerk@acme.example';
const NEW_PASSWORD = 'Fresh-start-42!';

/** Picks a site in the site picker by typing its number and choosing the matching option. */
async function pickSite(page: Page, siteNumber: string) {
  const input = page.getByPlaceholder('Type a site or site group number');
  await input.fill(siteNumber);
  await page.getByRole('option', { name: new RegExp(`^${siteNumber} – `) }).click();
  // A multiple picker stays open for the next pick; close it as a user would.
  await page.keyboard.press('Escape');
}

/** The new user's own view of their sites, straight from the API with the browser's token. */
function accessibleSites(page: Page): Promise<{ status: number; numbers: string[] }> {
  return page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('clientPortal.user') ?? '{}') as { accessToken?: string };
    const response = await fetch('/api/sites/accessible', {
      headers: { Authorization: `Bearer ${session.accessToken ?? ''}` },
    });
    if (!response.ok) return { status: response.status, numbers: [] };
    const sites = (await response.json()) as { siteNumber: string }[];
    return { status: response.status, numbers: sites.map((s) => s.siteNumber).sort() };
  });
}

describe('administering user accounts in a browser', () => {
  let server: RunningServer;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let browser: Browser;
  let manager: BrowserContext;
  let newUser: BrowserContext;
  let managerPage: Page;
  let userPage: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startServer({ SMTP_URL: inbox.url, PERMIT_DIGEST_ENABLED: 'false' });
    browser = await launchBrowser();
    manager = await newContext(browser, server.url);
    newUser = await newContext(browser, server.url);
    managerPage = await manager.newPage();
    userPage = await newUser.newPage();
    for (const page of [managerPage, userPage]) page.on('pageerror', (e) => pageErrors.push(e.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.close();
  });

  it('the Acme manager invites a user with a role and two sites; the invitation arrives by email', async () => {
    await signInByApi(managerPage, MANAGER, DEMO_PASSWORD);
    await managerPage.goto('/admin/user/accounts');
    await managerPage.getByRole('heading', { name: 'User accounts' }).waitFor();
    // The manager's own row has no actions.
    await managerPage.getByRole('cell', { name: MANAGER }).waitFor();
    expect(await managerPage.getByRole('link', { name: `Edit ${MANAGER}` }).count()).toBe(0);

    await managerPage.getByRole('link', { name: 'Add user' }).click();
    await managerPage.waitForURL('**/admin/user/accounts/add');
    await managerPage.getByRole('textbox', { name: 'Email address' }).fill(NEW_USER);
    // A manager without all sites is never offered global access.
    expect(await managerPage.getByRole('checkbox', { name: /Access to all sites/ }).count()).toBe(0);
    await pickSite(managerPage, '1001');
    await pickSite(managerPage, '1002');
    await managerPage.getByRole('checkbox', { name: 'Site Clerk' }).check();
    await managerPage.getByRole('checkbox', { name: /Ticket action receipts/ }).check();
    await managerPage.getByRole('button', { name: 'Add user' }).click();

    await managerPage.waitForURL((url) => url.pathname === '/admin/user/accounts');
    await managerPage.getByRole('alert').filter({ hasText: 'The user account was added.' }).waitFor();
    const row = managerPage.getByRole('row', { name: new RegExp(NEW_USER) });
    await row.waitFor();
    expect(await row.textContent()).toContain('1001, 1002');
    expect(await row.textContent()).toContain('Site Clerk');

    const mail = await inbox.waitFor(NEW_USER, /account/i);
    const link = linkIn(mail, `${server.url}/user/confirm`);

    // The new user, in a browser of their own: confirm, set a password, sign in.
    await userPage.goto(link.replace(server.url, ''));
    await userPage.getByRole('link', { name: 'Set password' }).click();
    await userPage.waitForURL('**/reset-password/confirm**');
    await userPage.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await userPage.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await userPage.getByRole('button', { name: 'Set password' }).click();
    await userPage.getByText('Your password has been set. You can now sign in with it.').waitFor();
    await signIn(userPage, NEW_USER, NEW_PASSWORD);

    // Exactly the two sites the manager gave: in the account overview and from the API.
    await userPage.goto('/account/overview');
    await userPage.getByRole('cell', { name: '1001', exact: true }).waitFor();
    await userPage.getByRole('cell', { name: '1002', exact: true }).waitFor();
    expect(await accessibleSites(userPage)).toEqual({ status: 200, numbers: ['1001', '1002'] });
  });

  it('the manager changes the roles, and the audit history shows it', async () => {
    await managerPage.goto('/admin/user/accounts');
    await managerPage.getByRole('link', { name: `Edit ${NEW_USER}` }).click();
    await managerPage.waitForURL('**/admin/user/accounts/edit/**');
    await expect
      .poll(() => managerPage.getByRole('textbox', { name: 'Email address' }).inputValue())
      .toBe(NEW_USER);
    // The invitation was accepted, so the address shows as confirmed.
    await managerPage.getByText('Confirmed', { exact: true }).waitFor();
    expect(await managerPage.getByRole('checkbox', { name: 'Site Clerk' }).isChecked()).toBe(true);
    await managerPage.getByRole('checkbox', { name: 'Permit Officer' }).check();
    await managerPage.getByRole('button', { name: 'Save changes' }).click();

    await managerPage.waitForURL((url) => url.pathname === '/admin/user/accounts');
    await managerPage
      .getByRole('alert')
      .filter({ hasText: `The changes to ${NEW_USER} were saved.` })
      .waitFor();
    const row = managerPage.getByRole('row', { name: new RegExp(NEW_USER) });
    await expect.poll(() => row.textContent()).toContain('Permit Officer, Site Clerk');

    await row.getByRole('link', { name: `Edit ${NEW_USER}` }).click();
    await managerPage.getByRole('link', { name: 'Audit history' }).click();
    await managerPage.waitForURL('**/admin/user/accounts/audit/**');
    await managerPage.getByText('Showing audit history for').waitFor();
    await managerPage.getByTestId('audit-email').getByText(NEW_USER).waitFor();
    const timeline = managerPage.locator('.mantine-Timeline-root').first();
    await timeline.getByText(`Roles added: Permit Officer (by ${MANAGER})`).waitFor();
    const entries = await managerPage.locator('.mantine-Timeline-item').allTextContents();
    // Newest first: the role change comes before the creation; each entry carries HH:mm.
    const changed = entries.findIndex((e) => e.includes('Roles added: Permit Officer'));
    const created = entries.findIndex((e) => e.includes('Account created'));
    expect(changed).toBeGreaterThanOrEqual(0);
    expect(created).toBeGreaterThan(changed);
    for (const entry of entries) expect(entry).toMatch(/^\d{2}:\d{2}/);
  });

  it('the manager removes the user, whose open session then stops working', async () => {
    // The new user is still signed in with a working session.
    expect((await accessibleSites(userPage)).status).toBe(200);

    await managerPage.goto('/admin/user/accounts');
    await managerPage.getByRole('link', { name: `Remove ${NEW_USER}` }).click();
    await managerPage.getByText(`Are you sure you want to remove the user account ${NEW_USER}?`).waitFor();
    await managerPage.getByRole('button', { name: 'Remove', exact: true }).click();
    await managerPage
      .getByRole('alert')
      .filter({ hasText: `The user account ${NEW_USER} was removed.` })
      .waitFor();
    await managerPage.waitForURL((url) => url.pathname === '/admin/user/accounts');
    await managerPage.getByRole('cell', { name: MANAGER }).waitFor();
    await expect.poll(() => managerPage.getByRole('row', { name: new RegExp(NEW_USER) }).count()).toBe(0);

    expect((await accessibleSites(userPage)).status).toBe(401);
    await userPage.goto('/account/overview');
    await userPage.waitForURL((url) => url.pathname === '/signin');
    expect(pageErrors).toEqual([]);
  });

  it('the administrator adds a role under a parent, is refused removing a role in use, and removes the new one', async () => {
    const admin = await newContext(browser, server.url);
    const page = await admin.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await signInByApi(page, 'admin@operator.example', DEMO_PASSWORD);
    await page.goto('/admin/user/roles');
    await page.getByRole('cell', { name: 'Site Clerk', exact: true }).waitFor();

    await page.getByRole('link', { name: 'Add role' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Gate Keeper');
    await page.getByRole('combobox', { name: /Parent role/ }).click();
    await page.getByRole('option', { name: 'Site Clerk' }).click();
    // Only the parent's four features are offered.
    await expect.poll(() => page.getByRole('checkbox').count()).toBe(4);
    await page.getByRole('checkbox', { name: /Cancel tickets/ }).check();
    await page.getByRole('button', { name: 'Add role' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/user/roles');
    await page.getByRole('alert').filter({ hasText: 'The role was added.' }).waitFor();
    const row = page.getByRole('row', { name: /Gate Keeper/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Site Clerk');

    // Saving a change says so, back on the list.
    await page.getByRole('link', { name: 'Edit Gate Keeper' }).click();
    await page.getByRole('heading', { name: 'Edit role' }).waitFor();
    await expect.poll(() => page.getByRole('checkbox', { name: /Cancel tickets/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/user/roles');
    await page.getByRole('alert').filter({ hasText: 'The role Gate Keeper was saved.' }).waitFor();

    // A role in use says why it cannot go, and offers no Remove button at all.
    await page.getByRole('link', { name: 'Remove Site Clerk' }).click();
    await page.getByText('The role cannot be removed').waitFor();
    expect(
      await page.getByRole('alert').filter({ hasText: 'The role cannot be removed' }).textContent(),
    ).toMatch(/held by \d+ user account|child roles/);
    expect(await page.getByRole('button', { name: 'Remove', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Back to roles' }).waitFor();

    await page.goto('/admin/user/roles');
    await page.getByRole('link', { name: 'Remove Gate Keeper' }).click();
    await page.getByText('Are you sure you want to remove the role Gate Keeper?').waitFor();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/user/roles');
    await page.getByRole('alert').filter({ hasText: 'The role Gate Keeper was removed.' }).waitFor();
    await page.getByRole('cell', { name: 'Site Clerk', exact: true }).waitFor();
    expect(await page.getByRole('row', { name: /Gate Keeper/ }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await admin.close();
  });
});
