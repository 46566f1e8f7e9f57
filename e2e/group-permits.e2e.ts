import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser.js';
import { addFiveDayPermit } from './permits-by-api.js';
import { sharedServerUrl } from './shared-server.js';
import { apiAccessToken, apiCaller, DEMO_PASSWORD, signInByApi } from './sign-in.js';

const MANAGER = 'manager@acme.example';
/** A Permit Officer (Permits.Disable) who reaches only site 1002, a member of the manager's group SG01. */
const OFFICER = 'sarah.jones@acme.example';
const GROUP = 'SG01';
const MEMBER_SITE = '1002';

/** A registration no demo permit has: 'GP' and six letters or digits from the clock. */
const registration = `GP${Date.now().toString(36).toUpperCase().slice(-6)}`;

/** The cells of the one row the list shows at this address (after checking it shows exactly one). */
async function onlyRow(page: Page, search: string): Promise<string[]> {
  await page.goto(`/permits?${search}`);
  await page.getByRole('heading', { name: 'Permits', level: 1 }).waitFor();
  await page.getByText('Showing 1–1 of 1', { exact: true }).waitFor();
  return page.getByRole('row').nth(1).getByRole('cell').allTextContents();
}

/**
 * Group permits are visible where they apply: a permit for site group SG01 is valid at every member
 * site, so a user who reaches only one member site sees it, also in the list filtered on that site;
 * expiring it still needs the group itself.
 */
describe('group permits in a browser', () => {
  const baseUrl = sharedServerUrl();
  let browser: Browser;
  let managerToken = '';
  let permitId = 0;
  const pageErrors: string[] = [];
  const call = apiCaller(
    () => baseUrl,
    () => managerToken,
  );

  const signedIn = async (email: string): Promise<Page> => {
    const page = await (await newContext(browser, baseUrl)).newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await signInByApi(page, email, DEMO_PASSWORD);
    return page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    managerToken = await apiAccessToken(baseUrl, MANAGER, DEMO_PASSWORD);
    ({ permitId } = await addFiveDayPermit(call, GROUP, registration, 'Group Driver'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists a group permit for a user of one member site, also filtered on that site, with no Expire', async () => {
    const page = await signedIn(OFFICER);
    const listed = await onlyRow(page, `state=current&vehicleRegistration=${registration}`);
    expect(listed.slice(0, 4)).toEqual([GROUP, registration, 'Group Driver', 'Temporary']);
    const onSite = await onlyRow(
      page,
      `state=current&siteNumber=${MEMBER_SITE}&vehicleRegistration=${registration}`,
    );
    expect(onSite.slice(0, 2)).toEqual([GROUP, registration]);
    // The officer may expire permits (there is an Actions column), but not this one: it is the group's.
    await page.getByRole('columnheader', { name: 'Actions' }).waitFor();
    expect(await page.getByRole('link', { name: `Expire the permit for ${registration}` }).count()).toBe(0);

    // Typing the expire page's address does not get round it: the server answers not found.
    await page.goto(`/permits/disable/group/${permitId}`);
    await page
      .getByText('The permit could not be loaded. It may not exist, or it is not at one of your sites.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Expire permit' }).count()).toBe(0);
    await page.context().close();
  });

  it('offers Expire on the same permit to a holder of the group', async () => {
    const page = await signedIn(MANAGER);
    await onlyRow(page, `state=current&siteNumber=${MEMBER_SITE}&vehicleRegistration=${registration}`);
    await page.getByRole('link', { name: `Expire the permit for ${registration}` }).click();
    await page.waitForURL((url) => url.pathname === `/permits/disable/group/${permitId}`);
    await page.getByRole('button', { name: 'Expire permit' }).waitFor();
    await page.context().close();
    expect(pageErrors).toEqual([]);
  });
});
