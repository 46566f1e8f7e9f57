import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { axeViolations } from './axe.js';
import { launchBrowser } from './browser.js';
import { pageHeadingProblems } from './page-headings.js';
import { ukDay } from './permits-by-api.js';
import { sharedServerUrl } from './shared-server.js';
import { apiAccessToken, apiCaller, DEMO_PASSWORD, signIn } from './sign-in.js';

/** The requests each page has open, but the live notification stream, which stays open by design. */
const openRequests = new WeakMap<Page, Set<Request>>();

function tracked(page: Page): Page {
  const open = new Set<Request>();
  openRequests.set(page, open);
  page.on('request', (r) => {
    if (!new URL(r.url()).pathname.endsWith('/notifications/stream')) open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return page;
}

/** 'networkidle' for a signed-in page: no request but the stream open for 500 ms (at most 15 s). */
async function settled(page: Page): Promise<void> {
  const open = openRequests.get(page) ?? new Set<Request>();
  const deadline = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`Requests still open: ${[...open].map((r) => r.url()).join(', ')}`);
}

export const ADMIN = 'admin@operator.example';
export const MANAGER = 'manager@acme.example';
export const CLERK = 'clerk@acme.example';
export const MFA = 'mfa@acme.example';

// Open tickets at site 1001 no other journey uses: looked up only, or cancelled / reduced once per mode.
const LOOKED_UP = 'PCN10000005';
const PAID = 'PCN10000013';
const NO_REDUCTIONS = 'PCN10000016';
const ACTED_ON = {
  light: { cancel: 'PCN10000006', reduce: 'PCN10000009' },
  dark: { cancel: 'PCN10000010', reduce: 'PCN10000011' },
};

export type Mode = 'light' | 'dark';

/**
 * The walk of the accessibility journeys (accessibility*.e2e.ts), called inside their describe: one
 * browser (launched before the tests, closed after) on the worker's shared server, pages reached as a
 * user reaches them, and axe-core's violations collected per mode so each test fails once, listing all.
 */
export function accessibilityWalk() {
  const baseUrl = sharedServerUrl();
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'a11y-e2e-'));

  async function freshPage(mode: Mode = 'light'): Promise<Page> {
    const context = await browser.newContext({
      baseURL: baseUrl,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
      colorScheme: mode,
    });
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    return tracked(await context.newPage());
  }

  async function signedIn(email: string, mode: Mode = 'light'): Promise<Page> {
    const page = await freshPage(mode);
    await signIn(page, email, DEMO_PASSWORD);
    return page;
  }

  /**
   * Collects the violations of each screen (axe's, and a page's headings: one h1, its own title); the
   * test fails once, listing all of them.
   */
  function walker(mode: Mode) {
    const found: string[] = [];
    return {
      found,
      async check(page: Page, screen: string) {
        found.push(...(await axeViolations(page, `${mode} ${screen}`)));
        found.push(...(await pageHeadingProblems(page, `${mode} ${screen}`)));
      },
    };
  }

  const heading = (page: Page, name: string | RegExp, level?: number) =>
    page.getByRole('heading', { name, level }).first().waitFor();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * A demo account given one role of its own that reads the cancelled tickets and nothing else of
   * Tickets: in light mode a client's finance viewer, in dark mode the operator's (with SysAdmin, whose
   * colour mode follows the system), each changed on this walk's own server only.
   */
  async function historyReader(mode: Mode): Promise<Page> {
    const token = await apiAccessToken(baseUrl, ADMIN, DEMO_PASSWORD);
    const api = apiCaller(
      () => baseUrl,
      () => token,
    );
    const account =
      mode === 'light'
        ? {
            email: 'daniel.evans@acme.example',
            access: ['SG01'],
            accessAllSites: false,
            parent: 'Client Manager',
          }
        : { email: 'finance@operator.example', access: [], accessAllSites: true, parent: 'Administrator' };
    const roles = (await api('GET', '/application/roles')) as { name: string; applicationRoleId: number }[];
    const role = (await api('POST', '/application/roles', {
      name: `History reader ${mode}`,
      parentApplicationRoleId: roles.find((r) => r.name === account.parent)!.applicationRoleId,
      features:
        mode === 'light' ? ['Tickets.ViewCancelled'] : ['Application.SysAdmin', 'Tickets.ViewCancelled'],
    })) as { applicationRoleId: number };
    const found = (await api('GET', `/user/accounts?emailAddress=${account.email}`)) as {
      rows: { userId: string; email: string }[];
    };
    const userId = found.rows.find((a) => a.email === account.email)!.userId;
    await api('PUT', `/user/accounts/${userId}`, {
      email: account.email,
      access: account.access,
      accessAllSites: account.accessAllSites,
      roles: [role.applicationRoleId],
      flags: [],
    });
    return signedIn(account.email, mode);
  }

  /**
   * A bulk upload of two permits starting in three days at a site without allowances, added through
   * the API as `email` (so it is theirs to take back within the hour); answers its id.
   */
  async function addUpload(email: string, mode: Mode): Promise<{ uploadId: number }> {
    const token = await apiAccessToken(baseUrl, email, DEMO_PASSWORD);
    const api = apiCaller(
      () => baseUrl,
      () => token,
    );
    const stamp = Date.now().toString(36).toUpperCase().slice(-4);
    return (await api(
      'POST',
      '/permits?mode=bulk',
      [1, 2].map((id) => ({
        id,
        site_SiteGroupNumber: '1002',
        vehicleRegistration: `AU${mode === 'light' ? 'L' : 'D'}${id}${stamp}`,
        driverName: 'Uploaded by Mistake',
        duration: 'Temporary',
        started: ukDay(3),
        ended: ukDay(5),
      })),
    )) as { uploadId: number };
  }

  /** Every signed-in screen, as `users` says who sees it; the dark walk is the SysAdmin's throughout. */
  async function walkSignedIn(mode: Mode, users: { clientUser: string; clerk: string }) {
    const { found, check } = walker(mode);
    const admin = await signedIn(ADMIN, mode);
    const user = mode === 'dark' ? admin : await signedIn(users.clientUser, mode);
    const clerk = mode === 'dark' ? admin : await signedIn(users.clerk, mode);

    // Dashboard and account pages.
    await clerk.goto('/');
    await clerk.getByRole('heading', { level: 1 }).waitFor();
    await settled(clerk);
    await check(clerk, 'dashboard');
    // The notification bell's preview of the newest notifications, open over the dashboard.
    await clerk.getByTestId('notification-bell').click();
    const preview = clerk
      .getByRole('dialog')
      .filter({ has: clerk.getByRole('link', { name: 'Open the notification centre' }) });
    await preview.waitFor();
    await settled(clerk);
    await check(clerk, 'notification bell preview');
    await clerk.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });
    await user.goto('/account/overview');
    await user.getByRole('heading', { level: 1 }).waitFor();
    await settled(user);
    await check(user, 'account overview');
    await user.goto('/account/support');
    await user.getByRole('heading', { level: 1 }).waitFor();
    await check(user, 'account support');
    await user.goto('/help');
    await user.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
    await check(user, 'help');
    await user.goto('/account/password');
    await heading(user, /password/i, 1);
    await check(user, 'change password');
    await user.getByRole('button', { name: /change password|save/i }).click();
    await user.getByTestId('error-summary').waitFor();
    await check(user, 'change password with errors');
    await user.goto('/account/two-factor');
    await user.getByRole('heading', { level: 1 }).waitFor();
    await settled(user);
    await check(user, 'two-factor');

    // Permits: list, add (empty and with errors), bulk add (empty and with a bad row), expire, cancel.
    await user.goto('/permits');
    await user.getByText(/^Showing \d+–\d+ of \d+$/).waitFor();
    await check(user, 'permits list');
    await user.goto('/permits/add');
    await heading(user, 'Add permit', 1);
    await check(user, 'add permit');
    await user.getByRole('combobox', { name: /^Site/ }).focus();
    await user.getByRole('listbox').waitFor();
    await check(user, 'add permit, site picker open');
    await user.keyboard.press('Escape');
    await user.getByRole('button', { name: 'Add', exact: true }).click();
    await user.getByTestId('error-summary').waitFor();
    await user.waitForTimeout(300);
    await check(user, 'add permit with errors');
    await user.goto('/permits/bulk-add');
    await heading(user, 'Bulk add permits', 1);
    await check(user, 'bulk add');
    const file = path.join(dir, `bulk-${mode}.csv`);
    fs.writeFileSync(
      file,
      [
        'Site,Vehicle Registration,Driver Name,Temporary,Start Date,End Date',
        `1004,AX${mode === 'light' ? 'L' : 'D'}1234,Al Smith,No,${new Date().toISOString().slice(0, 10)},`,
        '2001,AXBAD1,Sam Patel,maybe,not a date,',
      ].join('\r\n'),
    );
    const [chooser] = await Promise.all([
      user.waitForEvent('filechooser'),
      user.getByRole('button', { name: 'Choose a CSV file' }).click(),
    ]);
    await chooser.setFiles(file);
    await heading(user, 'Found permits', 2);
    await check(user, 'bulk add with a bad row');
    // The bad row's edit dialog, which fixes it in place.
    await user.getByRole('button', { name: 'Edit row 3' }).click();
    const rowEdit = user.getByRole('dialog', { name: 'Edit row 3' });
    await rowEdit.getByRole('button', { name: 'Check and save' }).waitFor();
    await check(user, 'bulk add: a row edit dialog');
    await user.keyboard.press('Escape');
    await rowEdit.waitFor({ state: 'hidden' });
    await user.goto('/permits?state=current');
    await user
      .getByRole('link', { name: /^Expire the permit for / })
      .first()
      .click();
    await heading(user, 'Expire permit', 1);
    await user.getByRole('button', { name: 'Expire permit' }).waitFor();
    await check(user, 'expire permit');
    await user.goto('/permits?state=upcoming');
    await user
      .getByRole('link', { name: /^Cancel the permit for / })
      .first()
      .click();
    await heading(user, 'Cancel permit', 1);
    await user.getByRole('button', { name: 'Cancel permit' }).waitFor();
    await check(user, 'cancel permit');
    // An upload's take-back page: an upload of two upcoming permits, added through the API just now.
    const { uploadId } = await addUpload(mode === 'dark' ? ADMIN : users.clientUser, mode);
    await user.goto(`/permits/uploads/${uploadId}`);
    await heading(user, 'Take back an upload', 1);
    await user.getByRole('button', { name: 'Take back all 2 permits' }).waitFor();
    await check(user, 'take back an upload');

    // Tickets: overview; cancel and reduce at each stage.
    if (mode === 'light') {
      // All-sites users (the SysAdmin) go straight to the actions: the overview is for site users.
      await user.goto('/tickets/overview');
      await user.getByRole('heading', { name: 'Ticket allowances', level: 1 }).waitFor();
      await settled(user);
      await check(user, 'tickets overview');
    }
    for (const kind of ['cancel', 'reduce'] as const) {
      const action = kind === 'cancel' ? 'Cancel' : 'Reduce';
      await user.goto(`/tickets/${kind}`);
      await heading(user, `${action} a ticket`, 1);
      await settled(user);
      await check(user, `${kind}: search`);
      await user.getByRole('button', { name: 'Find ticket' }).click();
      await user.getByTestId('error-summary').waitFor();
      await check(user, `${kind}: search with errors`);
      const lookUp = async (ticket: string) => {
        await user.getByRole('textbox', { name: /^Ticket number/ }).fill(ticket);
        await user.getByRole('button', { name: 'Find ticket' }).click();
      };
      await lookUp(LOOKED_UP);
      await heading(user, 'Check the ticket', 2);
      await check(user, `${kind}: confirm`);
      await user.getByRole('button', { name: 'Return to search' }).click();
      await lookUp(kind === 'cancel' ? PAID : NO_REDUCTIONS);
      await heading(user, 'The ticket cannot be changed', 2);
      await check(user, `${kind}: refused`);
      await user.getByRole('button', { name: 'Return to search' }).click();
      await lookUp(ACTED_ON[mode][kind]);
      await heading(user, 'Check the ticket', 2);
      await user
        .getByRole('button', { name: kind === 'cancel' ? 'Cancel ticket' : 'Accept reduction' })
        .click();
      await heading(user, 'Done', 2);
      await check(user, `${kind}: complete`);
    }

    // Tickets list (issue 24): the list, filtered, an action's reason form (and its errors), a refusal.
    await user.goto('/tickets/list');
    await heading(user, 'Tickets at your sites', 1);
    await user
      .getByRole('link', { name: /^Cancel ticket / })
      .first()
      .waitFor();
    await settled(user);
    await check(user, 'tickets list');
    await user.goto(`/tickets/list?status=open&search=${LOOKED_UP}`);
    await user.getByRole('link', { name: `Cancel ticket ${LOOKED_UP}` }).click();
    await heading(user, `Cancel ticket ${LOOKED_UP}`, 1);
    await user.getByRole('radio', { name: 'Other' }).waitFor();
    await settled(user);
    await check(user, 'tickets list: cancel with a reason');
    await user.getByRole('button', { name: 'Cancel ticket' }).click();
    await user.getByTestId('error-summary').waitFor();
    await check(user, 'tickets list: cancel with errors');
    await user.goto(`/tickets/list/reduce/${NO_REDUCTIONS}`);
    await heading(user, `Reduce ticket ${NO_REDUCTIONS}`, 1);
    await user
      .getByText(`The ticket ${NO_REDUCTIONS} cannot be reduced for the following reasons:`)
      .waitFor();
    await check(user, 'tickets list: reduce refused');

    // The history-only Tickets page: a user who may read the cancelled tickets and do nothing else there
    // (in dark mode an operator account, as only the SysAdmin's colour mode follows the system).
    const reader = await historyReader(mode);
    await reader.goto('/tickets');
    await heading(reader, 'Cancelled tickets', 1);
    await reader
      .getByRole('cell', { name: /^PCN\d+$/ })
      .first()
      .waitFor();
    await settled(reader);
    await check(reader, 'tickets: cancelled history alone');

    // Invoicing: type, query (empty and with errors), results.
    await user.goto('/invoicing');
    await heading(user, 'Invoicing', 1);
    await user.getByRole('button', { name: 'Choose Parking transactions' }).waitFor();
    await check(user, 'invoicing: type');
    await user.getByRole('button', { name: 'Choose Parking transactions' }).click();
    await user.getByRole('button', { name: 'Generate invoice' }).waitFor();
    await check(user, 'invoicing: query');
    if ((await user.getByRole('button', { name: /^Remove / }).count()) > 0)
      await user
        .getByRole('button', { name: /^Remove / })
        .first()
        .click();
    await user.getByRole('button', { name: 'Generate invoice' }).click();
    await user.getByTestId('error-summary').waitFor();
    await check(user, 'invoicing: query with errors');
    await user.getByRole('combobox', { name: /^Site/ }).fill('1001');
    await user.getByRole('option', { name: /^1001 – / }).click();
    await user.getByRole('button', { name: 'Generate invoice' }).click();
    await user.getByRole('button', { name: 'Download invoice' }).waitFor({ timeout: 30_000 });
    await check(user, 'invoicing: results');

    // Statistics: the charts of a group's last month, then one chart as its table.
    await user.goto('/statistics?site=SG01&period=last-month');
    await heading(user, 'Statistics', 1);
    await user.getByRole('table', { name: 'Site comparison' }).waitFor({ timeout: 30_000 });
    await check(user, 'statistics');
    await user.locator('[data-chart="stays"] label', { hasText: 'Table' }).click();
    await user.getByRole('table', { name: 'Stays and income per day' }).waitFor();
    await check(user, 'statistics: a chart as its table');

    // User accounts: list, add (empty and with errors), edit, audit, remove.
    await user.goto('/admin/user/accounts');
    await user.getByRole('cell', { name: CLERK, exact: true }).first().waitFor();
    await check(user, 'user accounts');
    await user.goto('/admin/user/accounts/add');
    await user.getByRole('heading', { level: 1 }).waitFor();
    await user.getByRole('button', { name: 'Add user' }).waitFor();
    await check(user, 'add user');
    await user.getByRole('button', { name: 'Add user' }).click();
    await user.getByTestId('error-summary').waitFor();
    await user.waitForTimeout(300);
    await check(user, 'add user with errors');
    await user.goto('/admin/user/accounts');
    await user.getByRole('link', { name: `Edit ${CLERK}` }).click();
    await user.getByRole('button', { name: 'Save' }).waitFor();
    await check(user, 'edit user');
    await user.getByRole('link', { name: 'Audit history' }).click();
    await user.getByText('Showing audit history for').waitFor();
    await check(user, 'user audit history');
    await user.goto('/admin/user/accounts');
    await user.getByRole('link', { name: `Remove ${CLERK}` }).click();
    await user.getByRole('button', { name: 'Remove', exact: true }).waitFor();
    await check(user, 'remove user');

    // A client company's retention periods (the operator's administrator: every company's), and a
    // period longer than the operator's refused on its field.
    await user.goto('/admin/retention');
    const saveRetention = user.getByRole('button', { name: /^Save the periods of / }).first();
    await saveRetention.waitFor();
    await check(user, 'client retention periods');
    await user.getByLabel('Days camera reads with no open parking charge are kept').first().fill('100000');
    await saveRetention.click();
    await user
      .getByText(/a company may only shorten it/)
      .first()
      .waitFor();
    await check(user, 'client retention periods with an error');

    // The operator's administration: index, roles, allowances, settings.
    await admin.goto('/admin');
    await heading(admin, 'Administration', 1);
    await check(admin, 'administration');
    await admin.goto('/admin/user/roles');
    await admin.getByRole('link', { name: 'Remove Site Clerk' }).waitFor();
    await check(admin, 'roles');
    await admin.goto('/admin/user/roles/add');
    await admin.getByRole('button', { name: 'Add role' }).waitFor();
    await check(admin, 'add role');
    await admin.getByRole('button', { name: 'Add role' }).click();
    await admin.getByTestId('error-summary').waitFor();
    await admin.waitForTimeout(300);
    await check(admin, 'add role with errors');
    await admin.goto('/admin/user/roles');
    await admin.getByRole('link', { name: 'Edit Site Clerk' }).click();
    await admin.getByRole('button', { name: 'Save' }).waitFor();
    await check(admin, 'edit role');
    await admin.goto('/admin/user/roles');
    await admin.getByRole('link', { name: 'Remove Site Clerk' }).click();
    // A role in use says why it cannot be removed, with no Remove button.
    await admin.getByRole('heading', { level: 1 }).waitFor();
    await settled(admin);
    await check(admin, 'remove role (in use)');
    await admin.goto('/admin/permits/allowances');
    await admin.getByRole('heading', { level: 1 }).waitFor();
    await settled(admin);
    await check(admin, 'permit allowances');
    await admin.goto('/admin/jobs');
    await admin.getByRole('table', { name: 'Jobs by kind' }).waitFor();
    await settled(admin);
    await check(admin, 'background jobs');
    for (const slug of [
      'LatestNews',
      'WelcomeMessage',
      'PermanentPermitYears',
      'PermitExpiredDays',
      'TicketReduceDays',
      'SupportContact',
      'System',
    ]) {
      await admin.goto(`/admin/app-settings/${slug}`);
      await admin.getByRole('button', { name: /save/i }).first().waitFor();
      await check(admin, `settings ${slug}`);
    }
    await admin.goto('/no-such-page');
    await heading(admin, 'Page not found', 1);
    await check(admin, 'not found, signed in');
    return found;
  }

  return { baseUrl, freshPage, signedIn, walker, heading, settled, walkSignedIn };
}
