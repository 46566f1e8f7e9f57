import { operatorOnlyFeatures } from '@client-portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.js';
import { type RunningServer, startServer } from './server-process.js';
import { apiAccessToken, apiCaller, DEMO_PASSWORD, signIn } from './sign-in.js';

const ADMIN = 'admin@operator.example';
const MANAGER = 'manager@acme.example';
const CLERK = 'clerk@acme.example';

/** The operator's settings pages follow the server's rule: client users never see them. */
describe('operator-only pages in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;
  const pageErrors: string[] = [];

  const api = apiCaller(
    () => server.url,
    () => adminToken,
  );

  const signedIn = async (email: string): Promise<Page> => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await signIn(page, email, DEMO_PASSWORD);
    return page;
  };

  /** Opens an operator page by its address: the user lands somewhere else, never on it. */
  const refusedAt = async (page: Page, path: string) => {
    await page.goto(path);
    await page.waitForURL((url) => url.pathname !== path);
    expect(new URL(page.url()).pathname, path).not.toBe(path);
  };

  beforeAll(async () => {
    server = await startServer({ PERMIT_DIGEST_ENABLED: 'false' });
    browser = await launchBrowser();
    adminToken = await apiAccessToken(server.url, ADMIN, DEMO_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the Acme manager user administration but none of the operator settings', async () => {
    const page = await signedIn(MANAGER);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'User accounts' }).first().waitFor();
    const hrefs = await Promise.all(
      (await page.getByRole('main').getByRole('link').all()).map((link) => link.getAttribute('href')),
    );
    expect(
      hrefs.filter((h) => h?.startsWith('/admin/app-settings') || h === '/admin/permits/allowances'),
    ).toEqual([]);
    await refusedAt(page, '/admin/permits/allowances');
    await refusedAt(page, '/admin/app-settings/System');
    await page.context().close();
  });

  it('gives a client user whose role holds every operator feature no way to those pages', async () => {
    const administrator = (
      (await api('GET', '/application/roles')) as { name: string; applicationRoleId: number }[]
    ).find((r) => r.name === 'Administrator')!;
    const role = await api('POST', '/application/roles', {
      name: 'Operator Powers',
      parentApplicationRoleId: administrator.applicationRoleId,
      features: [...operatorOnlyFeatures],
    });
    const [clerk] = (
      (await api('GET', `/user/accounts?emailAddress=${CLERK}`)) as { rows: { userId: string }[] }
    ).rows;
    await api('PUT', `/user/accounts/${clerk!.userId}`, {
      email: CLERK,
      access: ['1001'],
      accessAllSites: false,
      roles: [role.applicationRoleId],
      flags: [],
    });
    const page = await signedIn(CLERK);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav.getByRole('link', { name: /Admin/ }).count()).toBe(0);
    await refusedAt(page, '/admin/permits/allowances');
    await refusedAt(page, '/admin/app-settings/LatestNews');
    await page.context().close();
    expect(pageErrors).toEqual([]);
  });
});
