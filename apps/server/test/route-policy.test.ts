import {
  API_KEY_PREFIX,
  addIsoDays,
  apiKeyFeatures,
  createdApiKeySchema,
  ukToday,
} from '@client-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFacts } from '../src/db/seed/demo-facts.js';
import { apiFor, type Method } from './api-client.js';
import { accountWith, type TestAccount } from './factories.js';
import { buildTestApp, type TestApp } from './test-app.js';

interface Operation {
  security?: Record<string, unknown>[];
}
type Paths = Record<string, Record<string, Operation>>;

/** Operations anyone may call: health and readiness, signing in and out, the password-reset and confirmation links, the public config, the visitor's page and a car park's privacy notice. */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/ready',
  'POST /api/user/login',
  'POST /api/user/login/sso',
  'POST /api/user/refresh',
  'POST /api/user/logout',
  'POST /api/user/confirm',
  'POST /api/user/password/reset-link',
  'GET /api/user/password/reset/{code}',
  'POST /api/user/password/reset/{code}',
  'GET /api/application/config',
  // The visitor's own page (decision 47): the link's token is its only key.
  'GET /api/public/visit/{token}',
  'POST /api/public/visit/{token}/start',
  'POST /api/public/visit/{token}/confirm',
  // One car park's privacy notice (decision 54): what its signs show, and the periods.
  'GET /api/privacy/retention/sites/{site}',
]);

/**
 * Operations open to every signed-in caller, whatever their features: their own account's records
 * (policy.onOwnAccount), their own sites (policy SQL), and config changes checked entry by entry.
 */
const ANY_SIGNED_IN = new Set([
  'GET /api/sites/accessible',
  'GET /api/sites/search',
  'GET /api/user/info',
  'GET /api/user/recent-actions',
  'PUT /api/user/preferences',
  'POST /api/user/password',
  'GET /api/user/two-factor',
  'POST /api/user/two-factor/setup',
  'POST /api/user/two-factor/enable',
  'POST /api/user/two-factor/disable',
  'POST /api/application/config',
  'GET /api/notifications',
  'GET /api/notifications/summary',
  'PUT /api/notifications/{id}/read',
  'POST /api/notifications/read-all',
  'GET /api/notifications/preferences',
  'PUT /api/notifications/preferences',
  'GET /api/notifications/stream',
  // The retention periods that apply to the caller's own records (the privacy notice, decision 52).
  'GET /api/privacy/retention/mine',
]);

const SAMPLE_PARAMS: Record<string, string> = {
  code: 'not-a-code',
  type: 'site',
  permitId: '1',
  site: demoFacts.clerkSite.number,
  id: '1',
  action: 'Cancel',
  ticketNumber: '10000002',
  key: 'permit-register',
  uploadId: '1',
  deliveryId: '1',
  companyId: '1',
  token: 'not-a-token',
  registrationId: '00000000-0000-4000-8000-000000000027',
};

/**
 * Every operation of the OpenAPI document goes through the policy module: the public ones are the
 * listed few; every other answers 401 to a caller without a valid token, before reading its input; one
 * gated by a feature answers 403 to a signed-in caller holding none; and no signed-in success leaves
 * without the policy having been asked (CHECK_POLICY_CONSULTED in every API test turns one into a 500).
 */
describe('every route asks the policy', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let featureless: TestAccount;
  const operations: { method: string; path: string; url: string; secured: boolean; takesKeys: boolean }[] =
    [];

  beforeAll(async () => {
    t = await buildTestApp();
    featureless = await accountWith(t, { features: [], access: [demoFacts.clerkSite.number] });
    const paths = (t.app.swagger() as { paths: Paths }).paths;
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
          const value = SAMPLE_PARAMS[name];
          if (value === undefined) throw new Error(`No sample value for {${name}} in ${path}`);
          return value;
        });
        operations.push({
          method: method.toUpperCase(),
          path,
          url,
          secured: (operation.security?.length ?? 0) > 0,
          takesKeys: operation.security?.some((scheme) => 'apiKey' in scheme) ?? false,
        });
      }
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('documents exactly the listed operations as public', () => {
    expect(operations.length).toBeGreaterThan(70);
    const open = operations.filter((o) => !o.secured).map((o) => `${o.method} ${o.path}`);
    expect(open.sort()).toEqual([...PUBLIC].sort());
    const listed = new Set(operations.map((o) => `${o.method} ${o.path}`));
    for (const name of ANY_SIGNED_IN) expect(listed.has(name), name).toBe(true);
  });

  it('answers 401 to every other operation without a valid token, whatever the body', async () => {
    for (const op of operations.filter((o) => o.secured)) {
      for (const authorization of [
        undefined,
        'Bearer not-a-token',
        `Bearer ${API_KEY_PREFIX}${'x'.repeat(43)}`,
      ]) {
        const res = await api
          .as(authorization ? { authorization } : undefined)
          .request(op.method as Method, op.url, op.method === 'GET' ? undefined : { junk: true });
        expect(res.statusCode, `${op.method} ${op.path}`).toBe(401);
      }
    }
  });

  it('answers 403 to a caller holding no feature wherever a feature is needed, and never a 5xx', async () => {
    for (const op of operations.filter((o) => o.secured && o.path !== '/api/notifications/stream')) {
      const res = await api
        .as(featureless)
        .request(op.method as Method, op.url, op.method === 'GET' || op.method === 'DELETE' ? undefined : {});
      const name = `${op.method} ${op.path}`;
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
      if (!ANY_SIGNED_IN.has(name)) expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
    }
  });

  it('refuses an API key on every operation that does not list the apiKey scheme, before reading its input', async () => {
    const manager = await accountWith(t, {
      features: [...new Set([...apiKeyFeatures, 'Users.Add' as const])],
      access: [demoFacts.clerkSite.number],
    });
    const created = await api.as(manager).post('/api/api-keys', {
      name: 'Every route',
      expiresOn: addIsoDays(ukToday(), 30),
      // Users.Add would need a SCIM mapping; without it SCIM refuses the key as not a SCIM key (403, its own words).
      features: apiKeyFeatures.filter((f) => f !== 'Users.Add'),
      access: [demoFacts.clerkSite.number],
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = { authorization: `Bearer ${created.json(createdApiKeySchema).key}` };
    // Only the work a client's systems do takes keys: never accounts, roles, keys, settings or jobs.
    // SCIM (decision 46) takes keys only: it is how a client's directory provisions its accounts, with a
    // key holding Users.Add and within the key's SCIM mapping; the administration routes never take keys.
    const keyed = operations.filter((o) => o.takesKeys).map((o) => o.path);
    expect(keyed.length).toBeGreaterThan(20);
    for (const path of keyed) {
      expect(path, path).toMatch(/^\/(api\/(permits|tickets|sites|statistics|invoice|reports)|scim\/v2\/)/);
      expect(path, path).not.toMatch(/^\/api\/reports\/subscriptions/);
    }
    for (const op of operations.filter((o) => o.secured && o.path !== '/api/notifications/stream')) {
      const res = await api
        .as(key)
        .request(
          op.method as Method,
          op.url,
          op.method === 'GET' || op.method === 'DELETE' ? undefined : { junk: true },
        );
      const name = `${op.method} ${op.path}`;
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
      const refusedAsKey = res.statusCode === 403 && res.json().detail === 'An API key cannot be used here.';
      expect(refusedAsKey, `${name}: ${res.statusCode} ${res.body}`).toBe(!op.takesKeys);
    }
  });
});
