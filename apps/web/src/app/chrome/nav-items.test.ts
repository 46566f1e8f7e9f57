import type { FeatureName } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import { navItems } from './nav-items';

/** label -> where the entry leads, for the entries this user sees. */
function navFor(featureNames: FeatureName[], accessAllSites = false) {
  return Object.fromEntries(
    navItems.flatMap((item) => {
      const to = item.target({ featureNames, accessAllSites });
      return to ? [[item.labelKey.replace('chrome.nav.', ''), to]] : [];
    }),
  );
}

describe('navbar entries lead to a page the user can use', () => {
  it('leads a holder of only Permits.Add to the add page (and their visitor links), and of only Permits.BulkAdd to bulk add', () => {
    expect(navFor(['Permits.Add'])).toEqual({
      dashboard: '/',
      permits: '/permits/add',
      visitors: '/visitor-links',
    });
    expect(navFor(['Permits.BulkAdd'])).toEqual({ dashboard: '/', permits: '/permits/bulk-add' });
    expect(navFor(['Permits.View', 'Permits.Add']).permits).toBe('/permits');
  });

  it('shows no Permits entry for permit features without a page of their own', () => {
    expect(navFor(['Permits.Disable', 'Permits.CustomDuration', 'Permits.AllPermits'])).toEqual({
      dashboard: '/',
    });
  });

  it('shows Statistics only to holders of Statistics.Access', () => {
    expect(navFor(['Statistics.Access'])).toEqual({ dashboard: '/', statistics: '/statistics' });
    expect(navFor(['Invoicing.Access']).statistics).toBeUndefined();
  });

  it('shows Reports only to holders of Reports.Access', () => {
    expect(navFor(['Reports.Access'])).toEqual({ dashboard: '/', reports: '/reports' });
    expect(navFor(['Statistics.Access']).reports).toBeUndefined();
  });

  it('files Permits.Allowances under Admin, not Permits', () => {
    expect(navFor(['Permits.Allowances'])).toEqual({ dashboard: '/', admin: '/admin' });
  });

  it('leads a holder of only the history features to the histories (issue 24)', () => {
    expect(navFor(['Tickets.ViewCancelled', 'Tickets.ViewReduced'])).toEqual({
      dashboard: '/',
      tickets: '/tickets/cancel',
    });
    expect(navFor(['Tickets.Cancel']).tickets).toBe('/tickets/overview');
    expect(navFor(['Tickets.Reduce'], true).tickets).toBe('/tickets/reduce');
  });

  it('shows Admin only when /admin lists a page the user can open', () => {
    expect(navFor(['Users.Remove', 'Users.ViewHistory', 'Roles.Edit'])).toEqual({ dashboard: '/' });
    expect(navFor(['Users.Add']).admin).toBe('/admin');
    expect(navFor(['Roles.View']).admin).toBe('/admin');
    expect(navFor(['Application.LatestNews']).admin).toBe('/admin');
  });
});

describe('the send-notifications entry', () => {
  it('shows only to holders of Notifications.Send', () => {
    expect(navFor(['Notifications.Send']).sendNotifications).toBe('/admin/notifications');
    expect(navFor(['Users.Add', 'Permits.View']).sendNotifications).toBeUndefined();
  });
});
