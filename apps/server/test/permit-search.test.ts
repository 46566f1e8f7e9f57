import { permitCountSchema, permitPageSchema, permitReference } from '@client-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from './api-client.js';
import { accountWith, clientWith, permitAt, type TestAccount, type TestSite } from './factories.js';
import { problemOf } from './permit-fixture.js';
import { buildTestApp, type TestApp } from './test-app.js';

const DAY = 86_400_000;

describe('GET /api/permits?q=: one search box for part of a plate, a reference or a driver', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let sites: TestSite[];
  let other: TestSite;
  let clerk: TestAccount;
  const ids: Record<string, number> = {};

  const search = async (q: string, extra = '') => {
    const res = await api.as(clerk).get(`/api/permits?q=${encodeURIComponent(q)}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json(permitPageSchema)
      .rows.map((p) => p.vehicleRegistration)
      .sort();
  };

  beforeAll(async () => {
    t = await buildTestApp({ env: { PERMIT_DIGEST_ENABLED: 'false' } });
    ({ sites } = await clientWith(t, { sites: 2 }));
    other = (await clientWith(t, { sites: 1 })).sites[0]!;
    clerk = await accountWith(t, {
      features: ['Permits.View', 'Permits.AllPermits'],
      access: [sites[0]!.number, sites[1]!.number],
    });
    const now = Date.now();
    const running = { started: new Date(now - DAY), ended: new Date(now + 30 * DAY) };
    ids.kln = await permitAt(t, sites[0]!.number, {
      registration: 'GX19KLN',
      driverName: 'Ann Smith',
      ...running,
    });
    ids.klm = await permitAt(t, sites[1]!.number, {
      registration: 'KL19MNO',
      driverName: 'Bob Jones',
      ...running,
    });
    ids.smithy = await permitAt(t, sites[1]!.number, {
      registration: 'ZZ99ZZZ',
      driverName: 'Joe Smithson',
      ...running,
    });
    // Another client's permit with the same fragment is never found.
    ids.other = await permitAt(t, other.number, {
      registration: 'AB12KLN',
      driverName: 'Ann Smith',
      ...running,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds any part of a registration, spaces and case ignored', async () => {
    expect(await search('KLN')).toEqual(['GX19KLN']);
    expect(await search('kln')).toEqual(['GX19KLN']);
    expect(await search('1 9')).toEqual(['GX19KLN', 'KL19MNO']);
    expect(await search('gx19 kln')).toEqual(['GX19KLN']);
  });

  it("finds part of the driver's name without regard to case", async () => {
    expect(await search('smith')).toEqual(['GX19KLN', 'ZZ99ZZZ']);
    expect(await search('JONES')).toEqual(['KL19MNO']);
  });

  it('finds a permit by its reference, and only within reach', async () => {
    const reference = permitReference(sites[1]!.number, ids.klm!);
    expect(await search(reference)).toEqual(['KL19MNO']);
    expect(await search(reference.toLowerCase())).toEqual(['KL19MNO']);
    expect(await search(permitReference(other.number, ids.other!))).toEqual([]);
    // A reference with the wrong site is no reference.
    expect(await search(permitReference(sites[0]!.number, ids.klm!))).toEqual([]);
  });

  it('combines with the other filters, counts what it lists, and escapes LIKE wildcards', async () => {
    expect(await search('KLN', `&siteNumber=${sites[1]!.number}`)).toEqual([]);
    expect(await search('smith', `&siteNumber=${sites[1]!.number}`)).toEqual(['ZZ99ZZZ']);
    const count = await api.as(clerk).get('/api/permits/_count?q=smith');
    expect(count.json(permitCountSchema).count).toBe(2);
    expect(await search('%%%')).toEqual([]);
    expect(await search('___')).toEqual([]);
  });

  it('asks for at least three characters, and at most fifty', async () => {
    const short = await api.as(clerk).get('/api/permits?q=KL');
    expect(problemOf(short, 400).errors?.q).toEqual(['Type at least 3 characters to search.']);
    const long = await api.as(clerk).get(`/api/permits?q=${'A'.repeat(51)}`);
    expect(problemOf(long, 400).errors?.q).toEqual(['Search for at most 50 characters.']);
    // Empty means no search.
    expect((await api.as(clerk).get('/api/permits?q=')).json(permitPageSchema).total).toBe(3);
  });
});
