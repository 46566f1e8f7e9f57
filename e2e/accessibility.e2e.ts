import { describe, expect, it } from 'vitest';
import { ADMIN, accessibilityWalk, CLERK, MANAGER, MFA } from './accessibility-walk.js';
import { apiAccessToken, appStarted, DEMO_PASSWORD } from './sign-in.js';

/**
 * axe-core (WCAG 2.2 AA) on every screen and state of the portal: signed out, as the users who see
 * each screen in light mode, and in maintenance; the dark mode walk is accessibility-dark.e2e.ts (a file
 * of its own, so the two walks run at once on the two workers).
 */
describe('WCAG 2.2 AA (axe-core) on every screen, signed out, light and in maintenance', () => {
  const { baseUrl, freshPage, signedIn, walker, heading, settled, walkSignedIn } = accessibilityWalk();

  it('signed out: sign-in (empty and with errors), two-factor step, reset, confirm, not found', async () => {
    const { found, check } = walker('light');
    const page = await freshPage();
    await page.goto('/signin');
    // Not the prerendered copy: axe would measure a page that the app replaces under it.
    await appStarted(page);
    await heading(page, 'Sign in', 1);
    await check(page, 'sign-in');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('error-summary').waitFor();
    await check(page, 'sign-in with errors');

    await page.getByLabel(/^Email address/).fill(MFA);
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel(/code/i).first().waitFor();
    await check(page, 'sign-in two-factor step');
    await page
      .getByRole('button', { name: /verify|sign in|continue/i })
      .first()
      .click();
    await page.getByTestId('error-summary').waitFor();
    await check(page, 'sign-in two-factor step with errors');

    await page.goto('/reset-password');
    await heading(page, /password/i, 1);
    await check(page, 'reset password request');
    await page.goto('/reset-password/confirm?password=not-a-code');
    await heading(page, /password/i, 1);
    await settled(page);
    await check(page, 'reset password with an unknown code');
    await page.goto('/user/confirm');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settled(page);
    await check(page, 'confirm email without a code');
    await page.goto('/no-such-page');
    await heading(page, 'Page not found', 1);
    await check(page, 'not found');
    expect(found).toEqual([]);
  });

  // About five minutes on two busy cores, twice that beside the other walk: the limit catches hangs only.
  it('light mode: every signed-in screen as the client manager, the clerk and the operator', async () => {
    expect(await walkSignedIn('light', { clientUser: MANAGER, clerk: CLERK })).toEqual([]);
  }, 900_000);

  it('maintenance: the screen others see, and the SysAdmin’s banner in dark mode', async () => {
    const token = await apiAccessToken(baseUrl, ADMIN, DEMO_PASSWORD);
    const setConfig = (config: Record<string, string | null>) =>
      fetch(`${baseUrl}/api/application/config`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ config }),
      });
    const light = walker('light');
    const dark = walker('dark');
    try {
      expect(
        (await setConfig({ ApplicationOfflineDate: new Date(Date.now() - 60_000).toISOString() })).status,
      ).toBe(200);
      const page = await freshPage();
      await page.goto('/signin');
      await page.getByTestId('maintenance-sign-in-notice').waitFor();
      await light.check(page, 'sign-in during maintenance');
      await page.goto('/');
      await heading(page, 'Client Portal is offline for maintenance', 1);
      await light.check(page, 'maintenance screen');
      const admin = await signedIn(ADMIN, 'dark');
      await admin.getByTestId('offline-now-banner').waitFor();
      await dark.check(admin, 'dashboard during maintenance');
    } finally {
      await setConfig({ ApplicationOfflineDate: null });
    }
    expect([...light.found, ...dark.found]).toEqual([]);
  });
});
