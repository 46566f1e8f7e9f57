import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.js';
import { focusRingOf } from './focus-ring.js';
import { type RunningServer, startServer } from './server-process.js';
import { apiAccessToken, apiCaller, DEMO_PASSWORD, signIn } from './sign-in.js';

const ADMIN = 'admin@operator.example';
const CLERK = 'clerk@acme.example';

/**
 * A user holding only one or two features: the navbar leads only to pages they can use, and those
 * pages work without the features a fuller role would add.
 */
describe('navigation leads somewhere, for users holding only a few features', () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;
  let clerkId: string;
  let parentRoleId: number;
  const pageErrors: string[] = [];

  const api = apiCaller(
    () => server.url,
    () => adminToken,
  );

  /** Gives the clerk one new role holding exactly these features; answers the role's id. */
  const giveClerkOnly = async (name: string, features: string[]): Promise<number> => {
    const role = await api('POST', '/application/roles', {
      name,
      parentApplicationRoleId: parentRoleId,
      features,
    });
    await api('PUT', `/user/accounts/${clerkId}`, {
      email: CLERK,
      access: ['SG01'],
      accessAllSites: false,
      roles: [role.applicationRoleId],
      flags: [],
    });
    return role.applicationRoleId;
  };

  /** A fresh browser signed in as the clerk; returns the page and the API paths it requested. */
  const clerkPage = async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const requested: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) requested.push(`${url.pathname}${url.search}`);
    });
    await signIn(page, CLERK, DEMO_PASSWORD);
    return { page, requested };
  };

  const navLinks = async (page: Page) => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    return Object.fromEntries(
      await Promise.all(
        (await nav.getByRole('link').all()).map(async (link) => [
          (await link.textContent())?.trim(),
          await link.getAttribute('href'),
        ]),
      ),
    );
  };

  beforeAll(async () => {
    server = await startServer({ PERMIT_DIGEST_ENABLED: 'false' });
    browser = await launchBrowser();
    adminToken = await apiAccessToken(server.url, ADMIN, DEMO_PASSWORD);
    const roles = (await api('GET', '/application/roles')) as { name: string; applicationRoleId: number }[];
    parentRoleId = roles.find((r) => r.name === 'Client Manager')!.applicationRoleId;
    const accounts = (await api('GET', `/user/accounts?emailAddress=${CLERK}`)) as {
      rows: { userId: string; email: string }[];
    };
    clerkId = accounts.rows.find((a) => a.email === CLERK)!.userId;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('leads a holder of only Permits.Add from Permits to the add page, also when typing /permits', async () => {
    await giveClerkOnly('Adds permits', ['Permits.Add']);
    const { page } = await clerkPage();
    // Adding permits at a site is also what lets a clerk make its visitor links (decision 47).
    expect(await navLinks(page)).toEqual({
      Dashboard: '/',
      Account: '/account',
      Permits: '/permits/add',
      'Visitor links': '/visitor-links',
    });
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Permits' })
      .click();
    const heading = page.getByRole('heading', { name: 'Add permit', level: 1 });
    await heading.waitFor();
    expect(new URL(page.url()).pathname).toBe('/permits/add');
    // The page's heading takes focus, but after a click it shows no ring (only keyboard users see it).
    await page.locator('h1:focus').waitFor();
    expect(await focusRingOf(heading)).toEqual({ focusVisible: false, outline: 'none' });
    await page.goto('/permits');
    await heading.waitFor();
    expect(new URL(page.url()).pathname).toBe('/permits/add');
    await page.context().close();
  });

  it('shows no Permits entry for expire alone; the cancelled history alone leads to that history (issue 24)', async () => {
    await giveClerkOnly('Views history', ['Permits.Disable', 'Tickets.ViewCancelled']);
    const { page } = await clerkPage();
    expect(await navLinks(page)).toEqual({ Dashboard: '/', Tickets: '/tickets/cancel', Account: '/account' });
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Tickets' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Cancelled tickets' }).waitFor();
    expect(await page.getByRole('textbox', { name: /Ticket number/ }).count()).toBe(0);
    await page.context().close();
  });

  it('shows the cancel page without Tickets.ViewCancelled with no history box and no failing request', async () => {
    await giveClerkOnly('Cancels tickets', ['Tickets.Cancel']);
    const { page, requested } = await clerkPage();
    expect((await navLinks(page)).Tickets).toBe('/tickets/overview');
    await page.goto('/tickets/cancel');
    await page.getByRole('heading', { name: 'Cancel a ticket' }).waitFor();
    await page.getByRole('textbox', { name: /Ticket number/ }).waitFor();
    expect(await page.getByText(/Failed to retrieve cancelled tickets/).count()).toBe(0);
    expect(await page.getByRole('heading', { name: /Cancelled tickets/ }).count()).toBe(0);
    expect(requested.filter((path) => path.startsWith('/api/tickets?'))).toEqual([]);
    await page.context().close();
  });

  it('lets a holder of only Users.Remove and Users.ViewHistory use the remove and audit pages', async () => {
    const roleId = await giveClerkOnly('Removes users', ['Users.Remove', 'Users.ViewHistory']);
    // A colleague with no more features than the clerk, so within the clerk's reach.
    const colleague = 'colleague@acme.example';
    const { userId } = await api('POST', '/user/accounts', {
      email: colleague,
      access: ['1001'],
      roles: [roleId],
    });
    const { page } = await clerkPage();
    // No list and no add page: nothing to lead to from the navbar.
    expect(await navLinks(page)).toEqual({ Dashboard: '/', Account: '/account' });
    await page.goto(`/admin/user/accounts/audit/${userId}`);
    await page.getByText(colleague).first().waitFor();
    await page.goto(`/admin/user/accounts/remove/${userId}`);
    await page.getByText(`Are you sure you want to remove the user account ${colleague}?`).waitFor();
    expect(await page.getByText('Failed to load the user account.').count()).toBe(0);
    await page.context().close();
    expect(pageErrors).toEqual([]);
  });
});
