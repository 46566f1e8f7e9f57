import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendDueSubscriptions, workerName } from './subscription-sender.js';

/**
 * Every server process checks for due report subscriptions each minute (REPORT_SUBSCRIPTIONS_EVERY_SECONDS); the job table's claims make
 * each mail go out once however many run. Off with REPORT_SUBSCRIPTIONS_ENABLED=false.
 */
export const reportSubscriptionSchedule = fp(async (app: FastifyInstance) => {
  if (!app.settings.REPORT_SUBSCRIPTIONS_ENABLED) return;
  const ctx = { database: app.database, mailer: app.mailer, settings: app.settings, worker: workerName() };
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (running) return;
    running = true;
    sendDueSubscriptions(ctx)
      .then((outcomes) => {
        if (outcomes.length > 0) app.log.info({ outcomes }, 'report subscriptions sent');
      })
      .catch((err: unknown) => app.log.error({ err }, 'report subscriptions failed'))
      .finally(() => {
        running = false;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, app.settings.REPORT_SUBSCRIPTIONS_EVERY_SECONDS * 1000).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
});
