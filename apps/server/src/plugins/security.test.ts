import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityPlugin } from './security.js';

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;" +
  "font-src 'self' data:;connect-src 'self' https://idp.example;frame-src 'self' https://idp.example;" +
  "frame-ancestors 'none';form-action 'self' https://idp.example;base-uri 'self';object-src 'none'";

const EXPECTED = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

async function app() {
  const server = Fastify({ logger: false });
  server.decorateRequest('principalIfSignedIn', null);
  await server.register(securityPlugin, { connectSources: ['https://idp.example'] });
  server.get('/api/thing', async () => ({ ok: true }));
  server.get('/api/public', async (_request, reply) => reply.header('cache-control', 'max-age=60').send({}));
  server.get('/api/boom', async () => {
    throw new Error('boom');
  });
  server.get('/page', async (_request, reply) => reply.type('text/html').send('<p>hi</p>'));
  return server;
}

describe('security headers', () => {
  it('puts every header on every answer: API, page, error and not found', async () => {
    const server = await app();
    for (const url of ['/api/thing', '/page', '/api/boom', '/api/missing', '/elsewhere']) {
      const res = await server.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject(EXPECTED);
      expect(res.headers['x-powered-by'], url).toBeUndefined();
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });

  it('marks API answers no-store unless the route lets a cache keep it, never pages', async () => {
    const server = await app();
    expect((await server.inject({ url: '/api/thing' })).headers['cache-control']).toBe('no-store');
    expect((await server.inject({ url: '/api/missing' })).headers['cache-control']).toBe('no-store');
    expect((await server.inject({ url: '/api/public' })).headers['cache-control']).toBe('max-age=60');
    expect((await server.inject({ url: '/page' })).headers['cache-control']).toBeUndefined();
  });
});
