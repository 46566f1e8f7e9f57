import { addIsoDays, plateCheckResultSchema, ukToday } from '@client-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from './api-client.js';
import { accountWith, clientWith, permitAt, type TestAccount } from './factories.js';
import { buildTestApp, type TestApp } from './test-app.js';

const today = ukToday();
/** A client's site of the test's own. */
let site: string;

/**
 * Security walk, findings 1 and 2: whatever shows permits (reports, the plate check) shows only what
 * the caller's permits list would: nothing without Permits.View, only their own without
 * Permits.AllPermits.
 */
describe('permits outside the permits list stay out of sight', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let ownOnly: TestAccount;
  let everyone: TestAccount;
  let noPermits: TestAccount;

  const get = (url: string, account: TestAccount) => api.as(account).get(url);
  const add = (account: TestAccount, registration: string) =>
    api.as(account).post('/api/permits?mode=single', [
      {
        id: 0,
        site_SiteGroupNumber: site,
        vehicleRegistration: registration,
        driverName: 'Ann Lee',
        duration: 'Temporary',
        started: today,
        ended: addIsoDays(today, 3),
        reason: 4,
        authorisedBy: 'Sam Boss',
        confirmedWarnings: true,
      },
    ]);
  const registerLines = async (account: TestAccount, query: string) => {
    const res = await get(
      `/api/reports/permit-register?${query}&from=${addIsoDays(today, -30)}&to=${today}`,
      account,
    );
    expect(res.statusCode, res.body).toBe(200);
    return new TextDecoder('utf-16le').decode(res.rawPayload.subarray(2)).trim().split('\r\n').slice(1);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    site = (await clientWith(t, { sites: 1 })).sites[0]!.number;
    // Permits someone else added there this month: in the site's register, not in ownOnly's list.
    for (const registration of ['PV11ELS', 'PV22ELS']) {
      await permitAt(t, site, {
        registration,
        started: new Date(Date.now() - 5 * 86_400_000),
        ended: new Date(Date.now() + 5 * 86_400_000),
      });
    }
    ownOnly = await accountWith(t, {
      features: ['Reports.Access', 'Permits.View', 'Permits.Add'],
      access: [site],
    });
    everyone = await accountWith(t, {
      features: ['Reports.Access', 'Permits.View', 'Permits.AllPermits', 'Permits.Add'],
      access: [site],
    });
    noPermits = await accountWith(t, { features: ['Reports.Access'], access: [site] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists in the permit register only the permits the caller’s permits list shows', async () => {
    expect((await add(ownOnly, 'PV24OWN')).statusCode).toBe(201);
    const listed = (await get(`/api/permits?siteNumber=${site}`, ownOnly)).json();
    expect(listed.total).toBe(1);

    for (const query of [`site=${site}`, '']) {
      const lines = await registerLines(ownOnly, query);
      expect(lines, query).toHaveLength(1);
      expect(lines[0], query).toContain('PV24OWN');
      // A holder of Permits.AllPermits at the same site sees the whole site's register.
      expect((await registerLines(everyone, query)).length, query).toBeGreaterThan(1);
    }
  });

  it('offers no permit register to a caller without Permits.View', async () => {
    const definitions = await get('/api/reports/_definitions', noPermits);
    expect(definitions.json().map((d: { key: string }) => d.key)).not.toContain('permit-register');
    const res = await get(
      `/api/reports/permit-register?site=${site}&from=${addIsoDays(today, -30)}&to=${today}`,
      noPermits,
    );
    expect(res.statusCode).toBe(404);
    const subscribed = await api.as(noPermits).post('/api/reports/subscriptions', {
      reportKey: 'permit-register',
      site,
      frequency: 'monthly',
      delivery: 'attached',
    });
    expect(subscribed.statusCode).toBe(404);
  });

  it('never suggests the registration of a permit the caller cannot open', async () => {
    expect((await add(everyone, 'PV19KLO')).statusCode).toBe(201);
    const warnings = async (account: TestAccount) => {
      const res = await get(`/api/permits/plate-check?site=${site}&registration=PV19KL0`, account);
      expect(res.statusCode, res.body).toBe(200);
      return res.json(plateCheckResultSchema).rows[0]!.warnings.map((w) => w.code);
    };
    expect(await warnings(everyone)).toContain('similarPermit');
    expect(await warnings(ownOnly)).not.toContain('similarPermit');
  });
});
