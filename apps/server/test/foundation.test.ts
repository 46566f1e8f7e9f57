import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiFor } from './api-client.js';
import { bearerFor } from './sign-in-as.js';
import { buildTestApp, type TestApp } from './test-app.js';

const problemType = 'application/problem+json; charset=utf-8';

describe('foundation: the API shell', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let dist: string;
  const script = `console.log(${JSON.stringify('x'.repeat(2_000))});`;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    // The web build's sign-in page drawn at build time (apps/web/build/prerender-plugin.ts).
    fs.writeFileSync(path.join(dist, 'signin.html'), '<!doctype html><div id="prerendered"></div>');
    // … and its Welsh copy (decision 53).
    fs.writeFileSync(
      path.join(dist, 'signin.cy.html'),
      '<!doctype html><html lang="cy"><div id="prerendered"><h1>Mewngofnodi</h1></div>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    // What the web build's precompress step writes beside each asset.
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(script));
    fs.writeFileSync(path.join(dist, 'build-hash.txt'), 'feedface12345678\n');
    t = await buildTestApp({
      env: { WEB_DIST: dist, BODY_LIMIT_BYTES: '2048' },
      beforeReady: (app) => {
        const r = app.withTypeProvider<ZodTypeProvider>();
        r.post(
          '/api/test/echo',
          { schema: { body: z.object({ count: z.number().int(), name: z.string().max(5) }) } },
          async (request) => request.body,
        );
        r.get('/api/test/db-data-error', async () => {
          await sql`select ${'bad\u0000text'}::text`.execute(app.database.kysely);
        });
        r.get('/api/test/db-conflict', async () => {
          await sql`insert into app_secrets (name, value) values ('twice', '1'), ('twice', '2')`.execute(
            app.database.kysely,
          );
        });
        r.get('/api/test/boom', async () => {
          throw new Error('secret connection string postgres://x');
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves the build’s precompressed assets: brotli, else gzip, else as they are', async () => {
    const get = (encoding?: string) =>
      api.get('/assets/index-abc123.js', { headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers health with ok, and ready once the database is reachable and migrated', async () => {
    const res = await api.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const ready = await api.get('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok' },
    });
  });

  it('answers an unknown API path with a problem', async () => {
    const res = await api.get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe(problemType);
    expect(res.json()).toMatchObject({ title: 'Not Found', status: 404 });
  });

  it('answers malformed JSON, wrong types and oversize bodies with 400/413 problems', async () => {
    // Raw inject: the body is broken JSON text, which the helper would never send.
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"count": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers['content-type']).toBe(problemType);

    const wrongTypes = await api.post('/api/test/echo', { count: 'three', name: 'toolongname' });
    expect(wrongTypes.statusCode).toBe(400);
    const problem = wrongTypes.json();
    expect(problem.title).toBe('Validation failed');
    expect(Object.keys(problem.errors).sort()).toEqual(['count', 'name']);

    const oversize = await api.post('/api/test/echo', { count: 1, name: 'x'.repeat(5000) });
    expect(oversize.statusCode).toBe(413);
    expect(oversize.headers['content-type']).toBe(problemType);
  });

  it('refuses a NUL character in any input as a validation error, never a 500', async () => {
    const body = await api.post('/api/test/echo', { count: 1, name: 'a\u0000b' });
    expect(body.statusCode).toBe(400);
    expect(body.json().errors).toEqual({ name: ['Must not contain a NUL character.'] });

    const admin = await bearerFor(t, 'admin@operator.example');
    for (const url of [
      '/api/user/accounts?emailAddress=%00',
      '/api/permits/_count?vehicleRegistration=AB%001',
    ]) {
      const res = await api.as(admin).get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toBe(problemType);
    }
    const config = await api
      .as(admin)
      .post('/api/application/config', { config: { WelcomeMessage: '\u0000hi' } });
    expect(config.statusCode).toBe(400);
    expect(Object.keys(config.json().errors)).toEqual(['config.WelcomeMessage']);
  });

  it('answers data the database refuses with 400 and a constraint conflict with 409', async () => {
    const data = await api.get('/api/test/db-data-error');
    expect(data.statusCode).toBe(400);
    expect(data.headers['content-type']).toBe(problemType);
    const conflict = await api.get('/api/test/db-conflict');
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().title).toBe('Conflict');
  });

  it('hides the internals of unexpected failures', async () => {
    const res = await api.get('/api/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('postgres://');
    expect(res.json()).toMatchObject({ status: 500, title: 'Internal Server Error' });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await api.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/sites/search']));
  });

  it('declares beside every operation its problem answers: 400 and 503 at least, as problem+json (SCIM: its own)', async () => {
    const doc = (await api.get('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: object }> }>>;
    };
    const missing: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (/^\/api\/(docs|test)(\/|$)/.test(path)) continue;
      for (const [method, operation] of Object.entries(methods)) {
        operations += 1;
        const responses = operation.responses ?? {};
        // SCIM answers its errors in SCIM's own error schema, as directories read them (decision 46).
        const errorType = path.startsWith('/scim/v2/') ? 'application/scim+json' : 'application/problem+json';
        for (const [status, answer] of Object.entries(responses)) {
          const problem = Object.keys(answer.content ?? {}).includes(errorType);
          // The readiness check answers its own JSON when the database is down.
          const ownJson = path === '/api/ready' && status === '503';
          if (Number(status) >= 400 && !problem && !ownJson)
            missing.push(`${method} ${path} ${status} not problem+json`);
        }
        for (const status of ['400', '503']) {
          if (!responses[status]) missing.push(`${method} ${path} lacks ${status}`);
        }
      }
    }
    expect(operations).toBeGreaterThan(70);
    expect(missing).toEqual([]);
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await api.get('/api/health');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('serves the app: history fallback, long-cached hashed assets, runtime config', async () => {
    const page = await api.get('/permits?state=current');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('id="root"');

    for (const url of ['/signin', '/signin?from=%2Fpermits']) {
      const signIn = await api.get(url);
      expect(signIn.headers['cache-control']).toBe('no-cache');
      expect(signIn.body).toContain('id="prerendered"');
    }
    // A browser whose language is Welsh (its cookie) gets the Welsh copy; any other, the English one.
    const welsh = await api.get('/signin', { headers: { cookie: 'other=1; client-portal-language=cy' } });
    expect(welsh.body).toContain('Mewngofnodi');
    expect(welsh.headers.vary).toContain('cookie');
    const english = await api.get('/signin', { headers: { cookie: 'client-portal-language=en' } });
    expect(english.body).not.toContain('Mewngofnodi');
    expect(english.body).toContain('id="prerendered"');
    const otherPage = await api.get('/signin/elsewhere');
    expect(otherPage.body).toContain('id="root"');

    const asset = await api.get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    const missingAsset = await api.get('/assets/gone-000.js');
    expect(missingAsset.statusCode).toBe(404);

    const runtime = await api.get('/runtime-config.json');
    expect(runtime.json()).toEqual({
      apiBaseUrl: '/api',
      applicationHash: 'feedface12345678',
      oidc: null,
      staffEmailDomain: 'operator.example',
    });
  });

  it('limits site search to the caller and refuses anonymous callers', async () => {
    const anonymous = await api.get('/api/sites/search?number=1');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toBe(problemType);

    const clerk = await bearerFor(t, 'clerk@acme.example');
    const own = await api.as(clerk).get('/api/sites/accessible');
    const ownSites = own.json() as { siteNumber: string }[];
    expect(ownSites).toHaveLength(1);

    const admin = await bearerFor(t, 'admin@operator.example');
    const all = await api.as(admin).get('/api/sites/search?number=1&number=SG');
    const allSites = all.json() as { siteNumber: string }[];
    expect(allSites.length).toBeGreaterThan(5);
    expect(allSites.some((s) => s.siteNumber.startsWith('SG'))).toBe(true);

    const clerkSearch = await api.as(clerk).get('/api/sites/search?number=1&number=2&number=SG');
    expect(clerkSearch.json()).toEqual(ownSites.filter((s) => /^[12]/.test(s.siteNumber)));

    const bad = await api.as(clerk).get('/api/sites/search?number=%27%3Bdrop');
    expect(bad.statusCode).toBe(400);
  });
});

describe('foundation: health without a database', () => {
  it('is alive but not ready (503, Retry-After) when the database is unreachable', async () => {
    // A closed PGlite never answers: the readiness checks give up after the connection timeout.
    const t = await buildTestApp({ seed: false, env: { DATABASE_CONNECT_TIMEOUT_MS: '500' } });
    await t.database.close();
    const health = await apiFor(t).get('/api/health');
    expect(health.statusCode).toBe(200);
    const res = await apiFor(t).get('/api/ready');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(t.settings.DATABASE_RETRY_AFTER_SECONDS));
    expect(res.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'failing', migrations: 'failing', jobs: 'ok' },
    });
    await t.close();
  });
});
