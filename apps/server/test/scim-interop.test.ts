import {
  createdApiKeySchema,
  type FeatureName,
  SCIM_CONTENT_TYPE,
  SCIM_LIST_SCHEMA,
  SCIM_USER_SCHEMA,
  scimUserListSchema,
  scimUserSchema,
} from '@client-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHeaders, apiFor } from './api-client.js';
import { accountWith, clientWith, roleWith } from './factories.js';
import { ukDay } from './permit-fixture.js';
import { entra } from './scim-fixtures/entra.js';
import { okta } from './scim-fixtures/okta.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * SCIM interoperability (decision 46): the request sequences Microsoft Entra ID and Okta document for
 * their provisioning, replayed in their order with their bodies (scim-fixtures/), each answer checked
 * as those directories read it.
 */
describe('SCIM as Entra ID and Okta send it', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let key: string;
  const bearer = (text: string): AuthHeaders => ({ authorization: `Bearer ${text}` });
  const scim = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    api
      .as(bearer(key))
      .request(
        method,
        `/scim/v2${url}`,
        body === undefined ? undefined : JSON.stringify(body),
        body === undefined ? {} : { headers: { 'content-type': SCIM_CONTENT_TYPE } },
      );
  const ok = <T>(
    res: { statusCode: number; body: string; json: () => unknown },
    status: number,
    parse: (v: unknown) => T,
  ) => {
    expect(res.statusCode, res.body).toBe(status);
    return parse(res.json());
  };
  const user = (res: Parameters<typeof ok>[0], status = 200) =>
    ok(res, status, (v) => scimUserSchema.parse(v));
  const list = (res: Parameters<typeof ok>[0]) => ok(res, 200, (v) => scimUserListSchema.parse(v));
  const address = (() => {
    let n = 0;
    return (prefix: string) => `${prefix}.${Date.now().toString(36)}${n++}@directory.example`;
  })();

  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'http://portal.test' } });
    const { sites } = await clientWith(t, { sites: 1 });
    const site = sites[0]!.number;
    const features: FeatureName[] = ['Users.Add', 'Users.View', 'Users.Edit', 'Users.Remove', 'Permits.View'];
    const manager = (await accountWith(t, { features, access: [site] })).headers;
    const role = await roleWith(t, ['Permits.View']);
    const created = await api.as(manager).post('/api/api-keys', {
      name: 'Directory',
      expiresOn: ukDay(30),
      features: ['Users.Add'],
      access: [site],
      scimRoleId: role,
      scimAccess: [site],
    });
    expect(created.statusCode, created.body).toBe(201);
    key = created.json(createdApiKeySchema).key;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('follows Microsoft Entra ID’s documented user operations', async () => {
    const userName = address('entra');
    // Get User by query - zero results: Entra asks before it creates.
    const none = list(await scim('GET', `/Users${entra.filterQuery(userName)}`));
    expect(none).toMatchObject({ schemas: [SCIM_LIST_SCHEMA], totalResults: 0, Resources: [] });

    // Create User: 201 with the id Entra keeps, userName and active as sent.
    const createdRes = await scim('POST', '/Users', entra.createUser(userName, userName));
    expect(createdRes.headers['content-type']).toContain(SCIM_CONTENT_TYPE);
    const created = user(createdRes, 201);
    expect(created).toMatchObject({ schemas: [SCIM_USER_SCHEMA], userName, active: true });
    const path = `/Users/${created.id}`;

    // Get User, and Get User by query: one result, startIndex 1.
    expect(user(await scim('GET', path))).toMatchObject({ id: created.id, userName, active: true });
    const found = list(await scim('GET', `/Users${entra.filterQuery(userName.toUpperCase())}`));
    expect(found).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(found.Resources[0]).toMatchObject({ id: created.id, userName, active: true });

    // Update User [Multi-valued properties]: accepted; the portal keeps no names or second addresses.
    expect(user(await scim('PATCH', path, entra.patchMultiValued))).toMatchObject({ userName, active: true });
    // "Add" for a single-valued attribute the portal does not keep: accepted, nothing changes.
    expect(user(await scim('PATCH', path, entra.patchAddNickName))).toMatchObject({ userName, active: true });

    // Booleans as strings, "False" then "True".
    expect(user(await scim('PATCH', path, entra.patchActiveString('False')))).toMatchObject({
      active: false,
    });
    expect(list(await scim('GET', `/Users${entra.filterQuery(userName)}`)).Resources[0]).toMatchObject({
      active: false,
    });
    expect(user(await scim('PATCH', path, entra.patchActiveString('True')))).toMatchObject({ active: true });

    // Update User [Single-valued properties]: a new userName, found by it from then on.
    const renamed = address('entra-renamed');
    expect(user(await scim('PATCH', path, entra.patchSingleValued(renamed)))).toMatchObject({
      id: created.id,
      userName: renamed,
    });
    expect(list(await scim('GET', `/Users${entra.filterQuery(userName)}`)).totalResults).toBe(0);
    expect(list(await scim('GET', `/Users${entra.filterQuery(renamed)}`)).totalResults).toBe(1);

    // The no-path form with several attributes, then Disable User: active false, kept by a filter read.
    const again = address('entra-again');
    expect(user(await scim('PATCH', path, entra.patchNoPath(again)))).toMatchObject({
      userName: again,
      active: false,
    });
    expect(user(await scim('PATCH', path, entra.patchActiveString('True')))).toMatchObject({ active: true });
    expect(user(await scim('PATCH', path, entra.disableUser))).toMatchObject({ active: false });
    expect(list(await scim('GET', `/Users${entra.filterQuery(again)}`)).Resources[0]).toMatchObject({
      id: created.id,
      active: false,
    });

    // Delete User: 204, then 404 as SCIM's error.
    const deleted = await scim('DELETE', path);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const gone = await scim('GET', path);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ status: '404' });
  });

  it('follows Okta’s documented provisioning calls', async () => {
    // Test Connector Configuration: a list page of at most two.
    const firstPage = list(await scim('GET', `/Users${okta.testConnection}`));
    expect(firstPage).toMatchObject({ schemas: [SCIM_LIST_SCHEMA], startIndex: 1 });
    expect(firstPage.Resources.length).toBeLessThanOrEqual(2);
    expect(firstPage.itemsPerPage).toBe(firstPage.Resources.length);

    const userName = address('okta');
    expect(list(await scim('GET', `/Users${okta.filterQuery(userName)}`)).totalResults).toBe(0);
    // Create: Okta's password, locale, groups and externalId are accepted (and not kept).
    const created = user(await scim('POST', '/Users', okta.createUser(userName)), 201);
    expect(created).toMatchObject({ userName, active: true });
    const path = `/Users/${created.id}`;
    const found = list(await scim('GET', `/Users${okta.filterQuery(userName)}`));
    expect(found).toMatchObject({ totalResults: 1, Resources: [{ id: created.id }] });
    expect(user(await scim('GET', path))).toMatchObject({ id: created.id, userName });

    // Update with a full PUT, then deactivate with PUT active=false.
    expect(user(await scim('PUT', path, okta.putUser(created.id, userName, true)))).toMatchObject({
      userName,
      active: true,
    });
    expect(user(await scim('PUT', path, okta.putUser(created.id, userName, false)))).toMatchObject({
      active: false,
    });
    expect(user(await scim('GET', path)).active).toBe(false);

    // Reactivate and deactivate with PATCH (a value object without a path).
    expect(user(await scim('PATCH', path, okta.patchActive(true)))).toMatchObject({ active: true });
    expect(user(await scim('PATCH', path, okta.patchActive(false)))).toMatchObject({ active: false });
    expect(list(await scim('GET', `/Users${okta.filterQuery(userName)}`)).Resources[0]).toMatchObject({
      active: false,
    });
  });
});
