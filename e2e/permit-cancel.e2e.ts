import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser } from './browser.js';
import { ukDay } from './permits-by-api.js';
import { sharedServerUrl } from './shared-server.js';
import { apiAccessToken, apiCaller, DEMO_PASSWORD, signedInDemoPage } from './sign-in.js';

const ADMIN = 'admin@operator.example';
const MANAGER = 'manager@acme.example';
/** The demo site whose temporary allowance is full (README); no other journey adds permits there. */
const FULL_SITE = '1005';

type Allowance = {
  site_SiteGroupNumber: string;
  temporaryAllowance: number | null;
  permanentAllowance: number | null;
};

let counter = 0;
/** A registration no demo permit has: 'CX' and six letters or digits from the clock and a counter. */
const newRegistration = () => `CX${(Date.now() + ++counter).toString(36).toUpperCase().slice(-6)}`;

describe('taking back a mistaken permit and a mistaken upload, in a browser', () => {
  const baseUrl = sharedServerUrl();
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let adminToken = '';
  let managerToken = '';
  const asAdmin = apiCaller(
    () => baseUrl,
    () => adminToken,
  );
  const asManager = apiCaller(
    () => baseUrl,
    () => managerToken,
  );
  let original: Allowance[] = [];
  /** Permits this journey added and has not cancelled: cancelled at the end, so the site stays full. */
  const leftOver: number[] = [];

  const upcomingRow = (registration: string, startInDays: number) => ({
    site_SiteGroupNumber: FULL_SITE,
    vehicleRegistration: registration,
    driverName: 'Mistaken Entry',
    duration: 'Temporary',
    started: ukDay(startInDays),
    ended: ukDay(startInDays + 2),
  });
  const addSingle = (registration: string) =>
    asManager('POST', '/permits?mode=single', [
      { id: 0, ...upcomingRow(registration, 7), reason: 4, authorisedBy: 'A. Manager' },
    ]) as Promise<{ permits: { permitId: number }[] }>;

  beforeAll(async () => {
    adminToken = await apiAccessToken(baseUrl, ADMIN, DEMO_PASSWORD);
    managerToken = await apiAccessToken(baseUrl, MANAGER, DEMO_PASSWORD);
    original = (await asAdmin('GET', `/permits/allowances/${FULL_SITE}`)) as Allowance[];
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const permitId of leftOver) {
      await asManager('POST', `/permits/site/${permitId}/cancel`).catch(() => undefined);
    }
    if (original.length > 0) await asAdmin('PUT', '/permits/allowances', original);
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('a manager cancels an upcoming permit from the list, and the allowance it held is free at once', async () => {
    // Room for exactly one more temporary permit at the full site.
    const temporary = original[0]?.temporaryAllowance ?? 0;
    await asAdmin('PUT', '/permits/allowances', [{ ...original[0], temporaryAllowance: temporary + 1 }]);
    const mistake = newRegistration();
    const { permits } = await addSingle(mistake);
    leftOver.push(permits[0]!.permitId);
    // The site is full again: the next permit is refused.
    const wanted = newRegistration();
    await expect(addSingle(wanted)).rejects.toThrow(/400.*allowance/i);

    const page: Page = await signedInDemoPage(browser, baseUrl, contexts, MANAGER);
    await page.goto(`/permits?state=upcoming&siteNumber=${FULL_SITE}&vehicleRegistration=${mistake}`);
    const row = page.getByRole('row', { name: new RegExp(mistake) });
    // Wait for the list's answer (a loaded machine takes seconds), then read the row's state.
    await row.getByRole('cell', { name: 'Upcoming', exact: true }).waitFor();
    await page.getByRole('link', { name: `Cancel the permit for ${mistake}` }).click();
    await page.getByRole('heading', { name: 'Cancel permit', level: 1 }).waitFor();
    await page.getByText(/It has not started yet/).waitFor();
    expect(await axeViolations(page, 'cancel permit')).toEqual([]);
    await page.getByRole('button', { name: 'Cancel permit' }).click();
    await page.getByText(`The permit for ${mistake} at ${FULL_SITE} has been cancelled.`).waitFor();
    expect(new URL(page.url()).searchParams.get('state')).toBe('upcoming');
    leftOver.splice(leftOver.indexOf(permits[0]!.permitId), 1);

    // Freed: the permit that was refused is added now.
    const added = await addSingle(wanted);
    leftOver.push(added.permits[0]!.permitId);

    // The cancelled permit shows as cancelled, with its history.
    await page.goto(`/permits?state=cancelled&siteNumber=${FULL_SITE}&vehicleRegistration=${mistake}`);
    await page.getByRole('row', { name: new RegExp(`${mistake}.*Cancelled`) }).waitFor();
    await page.getByRole('link', { name: mistake }).click();
    await page.getByRole('heading', { name: 'Permit details', level: 1 }).waitFor();
    await page.getByText(/^Cancelled, /).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel permit' }).count()).toBe(0);
  });

  it("a manager takes back a whole bulk upload from the upload's page", async () => {
    const page = await signedInDemoPage(browser, baseUrl, contexts, MANAGER);
    // Three permits at a site without allowances, through the API (the bulk preview has journeys of its own).
    const registrations = [newRegistration(), newRegistration(), newRegistration()];
    const result = (await asManager(
      'POST',
      '/permits?mode=bulk',
      registrations.map((r, i) => ({ id: i + 1, ...upcomingRow(r, 3), site_SiteGroupNumber: '1002' })),
    )) as { uploadId: number; permits: { permitId: number }[] };
    expect(result.uploadId).toBeGreaterThan(0);

    await page.goto(`/permits/uploads/${result.uploadId}`);
    await page.getByRole('heading', { name: 'Take back an upload', level: 1 }).waitFor();
    await page.getByText(/This upload added 3 permits on/).waitFor();
    expect(await axeViolations(page, 'take back an upload')).toEqual([]);
    await page.getByRole('button', { name: 'Take back all 3 permits' }).click();
    await page.getByText('The upload has been taken back: its 3 permits are cancelled.').waitFor();
    for (const permit of result.permits) {
      const detail = (await asManager('GET', `/permits/site/${permit.permitId}`)) as {
        cancelledAt: string | null;
      };
      expect(detail.cancelledAt).not.toBeNull();
    }
    // Once taken back, the page says so and offers nothing more.
    await page.goto(`/permits/uploads/${result.uploadId}`);
    await page.getByText(/This upload was taken back on/).waitFor();
    expect(await page.getByRole('button', { name: /Take back/ }).count()).toBe(0);
  });
});
