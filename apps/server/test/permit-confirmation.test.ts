import { permitAddResultSchema, permitReference, ukDisplayDay } from '@client-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHeaders, apiFor } from './api-client.js';
import { accountWith, clientWith } from './factories.js';
import { ukDay } from './permit-fixture.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { buildTestApp, type TestApp } from './test-app.js';

/** Proof of registration: each permit's reference, mailed to whoever added it and, if given, the driver. */
describe('permit references and confirmation emails', () => {
  let t: TestApp;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let manager: AuthHeaders;
  const managerEmail = 'manager@client-a.example';
  /** The manager's client's two sites (the manager holds their group). */
  let site: string;
  let sibling: string;
  const day = ukDay;
  const api = apiFor(() => t);
  const add = (mode: 'single' | 'bulk', rows: Record<string, unknown>[]) =>
    api.as(manager).post(`/api/permits?mode=${mode}`, rows);
  const single = (fields: Record<string, unknown> = {}) => ({
    id: 0,
    site_SiteGroupNumber: site,
    vehicleRegistration: 'PR00 OOF',
    driverName: 'Dee Driver',
    duration: 'Temporary',
    started: day(1),
    ended: day(5),
    reason: 3,
    authorisedBy: 'Sam Boss',
    ...fields,
  });

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL: 'http://portal.test' } });
    const client = await clientWith(t, { sites: 2, group: true });
    [site, sibling] = client.sites.map((s) => s.number) as [string, string];
    manager = (
      await accountWith(t, {
        features: ['Permits.View', 'Permits.AllPermits', 'Permits.Add', 'Permits.BulkAdd'],
        access: [client.group!.number],
        email: managerEmail,
      })
    ).headers;
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  it('answers each permit with its reference and mails the adder and the driver', async () => {
    const res = await add('single', [single({ driverEmail: ' dee@driver.example ' })]);
    expect(res.statusCode, res.body).toBe(201);
    const [permit] = res.json(permitAddResultSchema).permits;
    expect(permit!.reference).toBe(permitReference(site, permit!.permitId));
    expect(permit!.reference).toMatch(new RegExp(`^P${site}-\\d{6,}$`));

    const mine = await inbox.waitFor(managerEmail, new RegExp(`^Permit ${permit!.reference} added`));
    for (const text of [
      `Reference: ${permit!.reference}`,
      `Site: ${site} `,
      'Vehicle registration: PR00OOF',
      `Start date: ${ukDisplayDay(day(1))}`,
      `End date: ${ukDisplayDay(day(5))}`,
      'Authorised by: Sam Boss',
      `http://portal.test/permits/view/site/${permit!.permitId}`,
    ]) {
      expect(mine.text).toContain(text);
    }
    expect(mine.html).toContain(`<li>Reference: ${permit!.reference}</li>`);

    const driver = await inbox.waitFor('dee@driver.example', /^Your parking permit/);
    expect(driver.subject).toBe(`Your parking permit ${permit!.reference} for PR00OOF`);
    expect(driver.text).toContain(`Reference: ${permit!.reference}`);
    expect(driver.text).toContain('Authorised by: Sam Boss');
    // The driver has no account: no link into the portal.
    expect(driver.text).not.toContain('http://portal.test');
  });

  it('refuses a driver email that is not an address, on its field, and stores nothing', async () => {
    const res = await add('single', [
      single({ vehicleRegistration: 'PR00BAD', driverEmail: 'not-an-address' }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ driverEmail: ['Enter a valid email address for the driver.'] });
    const listed = await api.as(manager).get('/api/permits/_count?vehicleRegistration=PR00BAD');
    expect(listed.json()).toEqual({ count: 0 });
  });

  it('mails one confirmation for a bulk add, listing the references', async () => {
    const rows = [1, 2, 3].map((line) => ({
      id: line,
      site_SiteGroupNumber: sibling,
      vehicleRegistration: `BK0${line}REF`,
      driverName: 'Bulk Driver',
      duration: 'Temporary',
      started: day(2),
      ended: day(4),
    }));
    const res = await add('bulk', rows);
    expect(res.statusCode, res.body).toBe(201);
    const permits = res.json(permitAddResultSchema).permits;
    const mail = await inbox.waitFor(managerEmail, /^3 permits added$/);
    for (const p of permits)
      expect(mail.text).toContain(`${p.reference}: ${p.vehicleRegistration} at ${sibling}`);
  });
});
