import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import { type CallerCache, startCallerCache } from './modules/access/index.js';
import { apiKeyRoutes } from './modules/api-keys/index.js';
import { type ConfigCache, configRoutes, startConfigCache } from './modules/config/index.js';
import { healthRoutes, readinessPlugin } from './modules/health/index.js';
import { identityRoutes } from './modules/identity/index.js';
import { invoicingRoutes } from './modules/invoicing/index.js';
import {
  createJobEngine,
  cronSchedules,
  type JobEngine,
  jobRoutes,
  watchJobs,
} from './modules/jobs/index.js';
import {
  notificationPublishJobs,
  notificationRoutes,
  notificationStreamRoute,
  permitDigestJobs,
} from './modules/notifications/index.js';
import { permitAllowanceRoutes } from './modules/permit-allowances/index.js';
import { type PermitCountCache, permitRoutes, startPermitCountCache } from './modules/permits/index.js';
import { privacyRoutes, publicPrivacyRoutes, retentionJobs } from './modules/privacy/index.js';
import { reportRoutes, reportSubscriptionJobs } from './modules/reports/index.js';
import { roleRoutes } from './modules/roles/index.js';
import { scimRoutes } from './modules/scim/index.js';
import { sightingRoutes } from './modules/sightings/index.js';
import { siteRoutes } from './modules/sites/index.js';
import { statisticsRoutes } from './modules/statistics/index.js';
import { ticketRoutes } from './modules/tickets/index.js';
import { userAccountRoutes } from './modules/user-accounts/index.js';
import { publicVisitRoutes, visitorLinkRoutes, visitorReminderJobs } from './modules/visitors/index.js';
import { webhookJobs, webhookRoutes } from './modules/webhooks/index.js';
import { answerSerializerCompiler } from './plugins/answer-serializer.js';
import { authPlugin, createTokenService } from './plugins/auth.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.js';
import { heavyReadsPlugin } from './plugins/heavy-reads.js';
import { inputHygienePlugin } from './plugins/input-hygiene.js';
import { createMailTransport, type Mailer, type MailTransport, queuedMailer } from './plugins/mail.js';
import { metricsPlugin } from './plugins/metrics.js';
import { offlinePlugin } from './plugins/offline.js';
import { loggerOptions, RequestLogController, requestIdFor, requestIdPlugin } from './plugins/request-log.js';
import { securityPlugin } from './plugins/security.js';
import { loadSigningKey } from './plugins/signing-key.js';
import { spaPlugin } from './plugins/spa.js';
import type { Settings } from './settings.js';

interface AppOptions {
  settings: Settings;
  database: Database;
  /** pino's options; by default JSON lines on stdout (loggerOptions); `false` logs nothing (tests). */
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole application (API + served web app) without listening: tests inject into it. */
export async function buildApp({ settings, database, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(settings, process.stdout),
    // One line per request, under the proxy's request id or our own (decision 37).
    logController: new RequestLogController(),
    genReqId: requestIdFor,
    bodyLimit: settings.BODY_LIMIT_BYTES,
    trustProxy: settings.TRUST_PROXY,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ checkWithZod: settings.CHECK_ANSWERS_WITH_ZOD }));

  app.decorate('settings', settings);
  app.decorate('database', database);
  const jobs = createJobEngine({
    sql: database.sql,
    runsJobs: settings.PROCESS_ROLE !== 'web',
    pollSeconds: settings.JOB_POLL_SECONDS,
    maintenanceSeconds: settings.JOB_MAINTENANCE_SECONDS,
    attemptSecondsMax: settings.JOB_ATTEMPT_SECONDS_MAX,
    log: app.log,
  });
  app.decorate('jobs', jobs);
  const mailTransport = createMailTransport({
    smtpUrl: settings.SMTP_URL,
    from: settings.MAIL_FROM,
    outboxDir: path.join(settings.DATA_DIR, 'outbox'),
    log: app.log,
  });
  app.decorate('mailTransport', mailTransport);
  const tokens = createTokenService(await loadSigningKey(database.kysely), settings.ACCESS_TOKEN_MINUTES);
  app.decorate('mailer', queuedMailer(jobs, mailTransport, tokens));

  const caches: Caches = {
    config: await startConfigCache(database),
    permitCounts: await startPermitCountCache(database),
    callers: await startCallerCache(database),
  };
  app.decorate('caches', caches);
  app.addHook('onClose', async () => {
    await Promise.all(Object.values(caches).map((cache) => cache.stop()));
  });

  await app.register(requestIdPlugin);
  await app.register(metricsPlugin);
  await app.register(readinessPlugin);
  await app.register(heavyReadsPlugin);
  watchJobs(app, jobs);
  await app.register(errorsPlugin);
  await app.register(inputHygienePlugin);
  const oidcOrigin = settings.OIDC_ISSUER ? [new URL(settings.OIDC_ISSUER).origin] : [];
  await app.register(securityPlugin, { connectSources: oidcOrigin });
  await app.register(docsPlugin);
  await app.register(authPlugin, {
    tokens,
    checkPolicyConsulted: settings.CHECK_POLICY_CONSULTED,
  });
  await app.register(offlinePlugin);

  // A worker answers only health and readiness (for its supervisor); web and all serve everything.
  const servesApi = settings.PROCESS_ROLE !== 'worker';
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      if (!servesApi) return;
      await api.register(siteRoutes);
      await api.register(identityRoutes);
      await api.register(configRoutes);
      await api.register(permitRoutes);
      await api.register(sightingRoutes);
      await api.register(permitAllowanceRoutes);
      await api.register(roleRoutes);
      await api.register(ticketRoutes);
      await api.register(invoicingRoutes);
      await api.register(statisticsRoutes);
      await api.register(reportRoutes);
      await api.register(userAccountRoutes);
      await api.register(apiKeyRoutes);
      await api.register(webhookRoutes);
      await api.register(visitorLinkRoutes);
      await api.register(publicVisitRoutes);
      await api.register(notificationRoutes);
      await api.register(notificationStreamRoute);
      await api.register(jobRoutes);
      await api.register(privacyRoutes);
      await api.register(publicPrivacyRoutes);
    },
    { prefix: '/api' },
  );
  // SCIM 2.0 (decision 46) has its own root, as directories expect: https://<host>/scim/v2.
  if (servesApi) await app.register(scimRoutes, { prefix: '/scim/v2' });

  // Background work (decision 40): every kind's handler and the cron schedules, declared in one place;
  // they run only where PROCESS_ROLE runs jobs. Started once the app is ready, stopped before the
  // database closes.
  permitDigestJobs(app);
  notificationPublishJobs(app);
  reportSubscriptionJobs(app);
  const webhooks = webhookJobs(app);
  retentionJobs(app);
  visitorReminderJobs(app);
  jobs.schedule(cronSchedules.filter((entry) => !entry.enabledBy || settings[entry.enabledBy]));
  app.addHook('onReady', async () => {
    await jobs.start();
    if (!jobs.runsJobs) return;
    // New webhook events wake the dispatcher from now on (one that came before is dispatched at once).
    await webhooks.listen();
    // Catch up at once on what fell due while no worker ran, rather than at the next minute.
    await jobs.send('notifications.publish-due', {});
    if (settings.REPORT_SUBSCRIPTIONS_ENABLED) await jobs.send('report-subscriptions.due', {});
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailTransport.close();
  });

  if (servesApi) {
    await app.register(spaPlugin, {
      distDir: settings.WEB_DIST,
      runtimeConfig: {
        apiBaseUrl: settings.API_BASE_URL,
        staffEmailDomain: settings.STAFF_EMAIL_DOMAIN,
        oidc:
          settings.OIDC_ISSUER && settings.OIDC_CLIENT_ID
            ? {
                authority: settings.OIDC_ISSUER,
                clientId: settings.OIDC_CLIENT_ID,
                scope: settings.OIDC_SCOPE,
              }
            : null,
      },
    });
  }
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    settings: Settings;
    database: Database;
    mailer: Mailer;
    mailTransport: MailTransport;
    jobs: JobEngine;
    caches: Caches;
  }
}

/**
 * The process's notified caches (decision 10), started with the app and passed explicitly to what
 * reads through them; a read inside a transaction is given none and reads the table.
 */
export interface Caches {
  config: ConfigCache;
  permitCounts: PermitCountCache;
  callers: CallerCache;
}
