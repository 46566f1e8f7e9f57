import { OFFLINE_DETAIL } from '@client-portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { policy } from '../modules/access/index.js';
import { readConfigEntry } from '../modules/config/index.js';
import { ProblemError } from './problem.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Signing in, refreshing and signing out stay open, so that a SysAdmin can get in and end the maintenance. */
const SIGN_IN_ROUTES = new Set([
  '/api/user/login',
  '/api/user/login/sso',
  '/api/user/refresh',
  '/api/user/logout',
]);

/** Is the configured offline date set and already past? Read per write so every process agrees at once. */
async function isOffline(app: FastifyInstance, now = new Date()): Promise<boolean> {
  const value = await readConfigEntry(app.database.kysely, 'ApplicationOfflineDate', app.caches.config);
  if (!value) return false;
  const from = Date.parse(value);
  return Number.isFinite(from) && from <= now.getTime();
}

async function holdsSysAdmin(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (!request.headers.authorization?.startsWith('Bearer ')) return false;
  try {
    await app.authenticate(request, reply);
  } catch {
    return false;
  }
  const caller = request.principalIfSignedIn;
  return caller ? policy.holdsAnyFeature(caller, 'Application.SysAdmin') : false;
}

/**
 * While ApplicationOfflineDate is past, the API refuses every write (503) to a matched route, however
 * its URL was spelt, except sign-in and callers holding Application.SysAdmin, who can then turn maintenance off. Reads stay open so the
 * browser can load the config and show the maintenance screen.
 */
export const offlinePlugin = fp(async (app: FastifyInstance) => {
  // Reads pass straight on, without a promise: they are most requests.
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    refuseWrites(app, request, reply).then(() => done(), done);
  });
});

async function refuseWrites(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  // The route the router matched, not the raw URL: `/%61pi/permits` is `/api/permits` too.
  const route = request.routeOptions.url;
  if (route === undefined || SIGN_IN_ROUTES.has(route)) return;
  if (!(await isOffline(app))) return;
  if (await holdsSysAdmin(app, request, reply)) return;
  throw new ProblemError(503, 'Service Unavailable', OFFLINE_DETAIL);
}
