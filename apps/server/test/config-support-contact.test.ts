import { configDefaults } from '@client-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from './api-client.js';
import { accountWith, clientWith, type TestAccount } from './factories.js';
import { buildTestApp, type TestApp } from './test-app.js';

/** The support contact entries (issue 24): who may set them, what they take, and who reads them. */
describe('support contact settings', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let sysAdmin: TestAccount;
  let newsEditor: TestAccount;
  let settingsStaff: TestAccount;
  let clientNewsHolder: TestAccount;
  let clerk: TestAccount;

  const post = (who: TestAccount | undefined, config: Record<string, unknown>) =>
    api.as(who?.headers).post('/api/application/config', { config });
  const read = async () => (await api.get('/api/application/config')).json().config as Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    sysAdmin = await accountWith(t, { features: ['Application.SysAdmin'], access: 'all' });
    newsEditor = await accountWith(t, { features: ['Application.LatestNews'], access: 'all' });
    settingsStaff = await accountWith(t, { features: ['Permits.Expired'], access: 'all' });
    const site = (await clientWith(t, { sites: 1 })).sites[0]!;
    // A client's user whose role says LatestNews: operator-only features are not in force for them.
    clientNewsHolder = await accountWith(t, { features: ['Application.LatestNews'], access: [site.number] });
    clerk = await accountWith(t, { features: ['Permits.Add'], access: [site.number] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("reads the demo operator's contact by default, for anyone", async () => {
    const config = await read();
    expect(config.SupportPhone).toBe(configDefaults.SupportPhone);
    expect(config.SupportEmail).toBe(configDefaults.SupportEmail);
    expect(config.SupportHours).toBe(configDefaults.SupportHours);
  });

  it('lets the operator (SysAdmin or LatestNews) set the contact, which everyone then reads', async () => {
    const res = await post(sysAdmin, {
      SupportPhone: '0161 496 0123',
      SupportEmail: 'help@operator.example',
      SupportHours: 'Weekdays, 9am to 5pm',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().config.SupportPhone).toBe('0161 496 0123');
    expect(await read()).toMatchObject({
      SupportPhone: '0161 496 0123',
      SupportEmail: 'help@operator.example',
      SupportHours: 'Weekdays, 9am to 5pm',
    });
    expect((await post(newsEditor, { SupportPhone: '+44 20 7946 0999' })).statusCode).toBe(200);
    expect((await read()).SupportPhone).toBe('+44 20 7946 0999');
  });

  it('refuses anyone else with 403, changing nothing', async () => {
    const before = await read();
    for (const who of [settingsStaff, clientNewsHolder, clerk]) {
      expect((await post(who, { SupportPhone: '020 7946 0000' })).statusCode).toBe(403);
    }
    expect((await post(undefined, { SupportPhone: '020 7946 0000' })).statusCode).toBe(401);
    expect(await read()).toEqual(before);
  });

  const invalid: [string, string, RegExp][] = [
    ['SupportPhone', '12345', /UK telephone number/],
    ['SupportPhone', '+1 212 555 0100', /UK telephone number/],
    ['SupportPhone', '020 7946 001x', /UK telephone number/],
    ['SupportPhone', '020 7946 0018 0018 0018', /at most 20/],
    ['SupportEmail', 'not-an-address', /email address/],
    ['SupportHours', 'h'.repeat(101), /at most 100/],
  ];

  it.each(invalid)('refuses %s = %s', async (key, value, message) => {
    const before = await read();
    const res = await post(sysAdmin, { [key]: value });
    expect(res.statusCode).toBe(400);
    const problem = res.json();
    expect(Object.keys(problem.errors)).toEqual([key]);
    expect(problem.errors[key].join(' ')).toMatch(message);
    expect(await read()).toEqual(before);
  });

  it('takes UK numbers as people type them, and a blank entry falls back to the default', async () => {
    for (const phone of ['01632 960 001', '(020) 7946-0018', '+44 1632 960001', '07700 900123']) {
      expect((await post(sysAdmin, { SupportPhone: phone })).statusCode).toBe(200);
    }
    expect((await post(sysAdmin, { SupportPhone: '' })).statusCode).toBe(200);
    expect((await read()).SupportPhone).toBe(configDefaults.SupportPhone);
  });
});
