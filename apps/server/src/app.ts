import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database, Db } from './db/client.js';
import { startConfigCache } from './modules/config/config-cache.js';
import { configRoutes } from './modules/config/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { identityRoutes } from './modules/identity/routes.js';
import { invoicingRoutes } from './modules/invoicing/routes.js';
import { permitDigestSchedule } from './modules/notifications/digest-schedule.js';
import { permitAllowanceRoutes } from './modules/permit-allowances/routes.js';
import { startPermitCountCache } from './modules/permits/permit-count-cache.js';
import { permitRoutes } from './modules/permits/routes.js';
import { roleRoutes } from './modules/roles/routes.js';
import { siteRoutes } from './modules/sites/routes.js';
import { ticketRoutes } from './modules/tickets/routes.js';
import { userAccountRoutes } from './modules/user-accounts/routes.js';
import { authPlugin, createTokenService } from './plugins/auth.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.js';
import { inputHygienePlugin } from './plugins/input-hygiene.js';
import { createMailer, type Mailer } from './plugins/mail.js';
import { offlinePlugin } from './plugins/offline.js';
import { securityPlugin } from './plugins/security.js';
import { loadSigningKey } from './plugins/signing-key.js';
import { spaPlugin } from './plugins/spa.js';
import type { Settings } from './settings.js';

export interface AppOptions {
  settings: Settings;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole application (API + served web app) without listening: tests inject into it. */
export async function buildApp({ settings, database, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: settings.LOG_LEVEL },
    bodyLimit: settings.BODY_LIMIT_BYTES,
    trustProxy: settings.TRUST_PROXY,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('settings', settings);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate(
    'mailer',
    createMailer({
      smtpUrl: settings.SMTP_URL,
      from: settings.MAIL_FROM,
      outboxDir: path.join(settings.DATA_DIR, 'outbox'),
      log: app.log,
    }),
  );

  const stopConfigCache = await startConfigCache(database);
  app.addHook('onClose', stopConfigCache);
  const stopCountCache = await startPermitCountCache(database);
  app.addHook('onClose', stopCountCache);

  await app.register(errorsPlugin);
  await app.register(inputHygienePlugin);
  const oidcOrigin = settings.OIDC_ISSUER ? [new URL(settings.OIDC_ISSUER).origin] : [];
  await app.register(securityPlugin, { connectSources: oidcOrigin });
  await app.register(docsPlugin);
  const signingKey = await loadSigningKey(database.db);
  await app.register(authPlugin, {
    tokens: createTokenService(signingKey, settings.ACCESS_TOKEN_MINUTES),
  });
  await app.register(offlinePlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(siteRoutes);
      await api.register(identityRoutes);
      await api.register(configRoutes);
      await api.register(permitRoutes);
      await api.register(permitAllowanceRoutes);
      await api.register(roleRoutes);
      await api.register(ticketRoutes);
      await api.register(invoicingRoutes);
      await api.register(userAccountRoutes);
      await api.register(permitDigestSchedule);
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, {
    distDir: settings.WEB_DIST,
    runtimeConfig: {
      apiBaseUrl: settings.API_BASE_URL,
      staffEmailDomain: settings.STAFF_EMAIL_DOMAIN,
      oidc:
        settings.OIDC_ISSUER && settings.OIDC_CLIENT_ID
          ? { authority: settings.OIDC_ISSUER, clientId: settings.OIDC_CLIENT_ID, scope: settings.OIDC_SCOPE }
          : null,
    },
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    settings: Settings;
    database: Database;
    db: Db;
    mailer: Mailer;
  }
}
