/**
 * The two servers the scale benchmark compares, in one child process: the project (the real app on
 * DATABASE_URL, every plugin, auth and validation) and a bare Fastify server whose routes run the same
 * SQL through the same repository functions, without authentication, validation or services.
 * Prints one JSON line: the ports and bearer tokens for an all-sites user and a site clerk.
 */

import { permitSearchOf } from '@client-portal/contract';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { openPostgres } from '../apps/server/src/db/client.js';
import { groupsOfSites, type Principal } from '../apps/server/src/modules/access/index.js';
import { findStoredPermit } from '../apps/server/src/modules/permits/edit/permit-edit-repository.js';
import {
  countPermits,
  type PermitQuery,
  pagePermits,
  permitOrder,
} from '../apps/server/src/modules/permits/list/permits-repository.js';
import { presentPermitDetail } from '../apps/server/src/modules/permits/permit-presenter.js';
import { parseSettings } from '../apps/server/src/settings.js';
import { bearerFor } from './bearer.js';
import { bareInvoiceRoutes } from './scale-bare-invoice.js';

const databaseUrl = process.env.DATABASE_URL!;
const settings = parseSettings({
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'silent',
  PERMIT_DIGEST_ENABLED: 'false',
  DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '16',
});
const database = await openPostgres(databaseUrl, { poolSize: settings.DATABASE_POOL_SIZE });
const app = await buildApp({ settings, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });

const bearer = (email: string) => bearerFor(app, database, email);

const everywhere: Principal = {
  userId: '00000000-0000-0000-0000-000000000000',
  email: 'bare@operator.example',
  sessionId: '00000000-0000-0000-0000-000000000000',
  sessionType: 'identity',
  features: [],
  flags: [],
  accessAllSites: true,
  access: [],
  siteNumbers: [],
};

// The bare routes read through the app's caches (the count cache): the same work, without the rest.
const bare = Fastify({ logger: false });
const permitQuery = async (site: string | undefined, q?: string): Promise<PermitQuery> => ({
  now: new Date(),
  expiredDays: 7,
  targets: site ? [site, ...(await groupsOfSites(database.kysely, [site]))] : 'all',
  ...(q ? { search: permitSearchOf(q) } : {}),
});
bare.get<{ Querystring: { site?: string; q?: string } }>('/bare/permits', async (request) =>
  pagePermits(
    database.kysely,
    await permitQuery(request.query.site, request.query.q),
    permitOrder(undefined, undefined),
    { skip: 0 },
    app.caches.permitCounts,
  ),
);
bare.get<{ Querystring: { site?: string } }>('/bare/permits/_count', async (request) => ({
  count: await countPermits(database.kysely, await permitQuery(request.query.site), app.caches.permitCounts),
}));
// The project's permit page reads the permit with who added it (a join on users): the same query here.
bare.get<{ Params: { id: string } }>('/bare/permits/site/:id', async (request) => {
  const permit = await findStoredPermit(database.kysely, everywhere, {
    type: 'site',
    permitId: Number(request.params.id),
  });
  return permit && presentPermitDetail(permit);
});
bare.get('/bare/memory', async () => ({ rss: process.memoryUsage().rss }));
bareInvoiceRoutes(bare, database.kysely);
await bare.listen({ port: 0, host: '127.0.0.1' });

const port = (server: typeof bare.server) => (server.address() as { port: number }).port;
console.log(
  JSON.stringify({
    project: port(app.server),
    bare: port(bare.server),
    admin: await bearer('admin@operator.example'),
    clerk: await bearer('clerk@acme.example'),
  }),
);
process.on('SIGTERM', () => {
  void Promise.all([app.close(), bare.close()]).then(() => database.close().then(() => process.exit(0)));
});
