import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PROBLEM_CONTENT_TYPE, type RuntimeConfig } from '@client-portal/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Written by the web build (apps/web/build/prerender-plugin.ts): the sign-in page in English and in Welsh. */
const SIGN_IN_PAGE_FILE = 'signin.html';
const WELSH_SIGN_IN_PAGE_FILE = 'signin.cy.html';
/** The browser's language (decision 53), set by the web app beside its local storage (lib/language.ts). */
const LANGUAGE_COOKIE = /(?:^|;\s*)client-portal-language=(cy|en)(?:;|$)/;

interface SpaOptions {
  distDir: string;
  runtimeConfig: Omit<RuntimeConfig, 'applicationHash'>;
}

/** The build's identity: written by the web build, or derived from index.html when absent. */
function readBuildHash(distDir: string): string {
  const hashFile = path.join(distDir, 'build-hash.txt');
  if (fs.existsSync(hashFile)) return fs.readFileSync(hashFile, 'utf8').trim();
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return 'unbuilt';
  return crypto.createHash('sha256').update(fs.readFileSync(index)).digest('hex').slice(0, 16);
}

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached,
 * any unknown non-API GET answered with index.html so the browser router can take it (/signin with
 * the build's prerendered sign-in page when there is one).
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: SpaOptions) => {
  const indexPath = path.join(options.distDir, 'index.html');
  const built = fs.existsSync(indexPath);
  const signInPrerendered = fs.existsSync(path.join(options.distDir, SIGN_IN_PAGE_FILE));
  const welshSignInPrerendered = fs.existsSync(path.join(options.distDir, WELSH_SIGN_IN_PAGE_FILE));
  const runtimeConfig: RuntimeConfig = {
    ...options.runtimeConfig,
    applicationHash: readBuildHash(options.distDir),
  };
  app.decorate('applicationHash', runtimeConfig.applicationHash);

  app.get('/runtime-config.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return runtimeConfig;
  });

  if (built) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset; the best one the browser accepts is sent.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !wantsPage || path.extname(request.url.split('?')[0] ?? '') !== '') {
      return reply
        .status(404)
        .type(PROBLEM_CONTENT_TYPE)
        .send({
          title: 'Not Found',
          status: 404,
          detail: `No resource at ${request.method} ${request.url}.`,
        });
    }
    if (!built) {
      return reply.status(503).type('text/plain').send('The web app is not built: run npm run build.');
    }
    reply.header('cache-control', 'no-cache');
    // The sign-in page has a copy drawn at build time that paints before the app runs (decision 0024).
    // A browser whose language is Welsh gets the Welsh copy: it never paints English first (decision 53).
    const pathname = request.url.split('?')[0];
    if (pathname !== '/signin' || !signInPrerendered) {
      return reply.type('text/html').sendFile('index.html', { cacheControl: false });
    }
    reply.header('vary', 'cookie');
    const welsh = welshSignInPrerendered && LANGUAGE_COOKIE.exec(request.headers.cookie ?? '')?.[1] === 'cy';
    return reply
      .type('text/html')
      .sendFile(welsh ? WELSH_SIGN_IN_PAGE_FILE : SIGN_IN_PAGE_FILE, { cacheControl: false });
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    applicationHash: string;
  }
}
