import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from './api-client.js';
import { accountWith, clientWith } from './factories.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * The visitor's public endpoints (decision 47) take anything the internet sends: random bodies,
 * tokens and kinds of JSON never answer a 5xx, and every refusal is a problem+json.
 */
describe('the public visitor endpoints, fuzzed', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let token: string;
  let serial = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    const client = await clientWith(t, { sites: 1 });
    const clerk = await accountWith(t, { features: ['Permits.Add'], access: [client.sites[0]!.number] });
    const res = await api.as(clerk.headers).post('/api/permits/visitor-links', {
      site: client.sites[0]!.number,
      name: 'Fuzzed',
      enabled: true,
      durationKind: 'endOfDay',
      dailyCap: 10_000,
      hostApproval: false,
    });
    token = (res.json() as { publicUrl: string }).publicUrl.split('/visit/')[1]!;
  });
  afterAll(async () => {
    await t?.close();
  });

  const fieldValue = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
    fc.uuid(),
    fc.stringMatching(/^\d{6}$/),
    fc.constantFrom('AB12CDE', 'ab12 cde', 'v@visitor.example', '\u0000', ' ', ''),
  );
  const body = fc.oneof(
    fc.record(
      {
        vehicleRegistration: fieldValue,
        visitorName: fieldValue,
        email: fieldValue,
        kioskKey: fieldValue,
        confirmedWarnings: fieldValue,
        registrationId: fieldValue,
        code: fieldValue,
      },
      { requiredKeys: [] },
    ),
    fc.anything(),
  );
  const tokenValue = fc.oneof(
    fc.constant('TOKEN'),
    fc.string({ minLength: 1, maxLength: 80 }).map(encodeURIComponent),
  );

  it('answers every random request below 500, as problem+json when refused', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST start', 'POST confirm'),
        tokenValue,
        body,
        async (kind, rawToken, payload) => {
          const at = rawToken === 'TOKEN' ? token : rawToken;
          const options = { remoteAddress: `10.77.${(++serial >> 8) & 255}.${serial & 255}` };
          const res =
            kind === 'GET'
              ? await api.get(
                  `/api/public/visit/${at}?kiosk=${encodeURIComponent(JSON.stringify(payload) ?? '')}`,
                  options,
                )
              : await api.post(
                  `/api/public/visit/${at}/${kind === 'POST start' ? 'start' : 'confirm'}`,
                  JSON.stringify(payload) ?? 'null',
                  { ...options, headers: { 'content-type': 'application/json' } },
                );
          expect(res.statusCode, `${kind} ${at} ${JSON.stringify(payload)}: ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400)
            expect(res.headers['content-type']).toContain('application/problem+json');
        },
      ),
      { numRuns: 300 },
    );
  });
});
