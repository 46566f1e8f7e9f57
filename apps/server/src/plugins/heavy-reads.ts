import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type HeavyReads, openReplicaReads, primaryReads } from '../db/read-replica.js';

/**
 * `app.heavyReads` (decision 41): the handle the statistics, reports and downloads read through, on
 * DATABASE_REPLICA_URL's replica while it is healthy, else on the primary. With a replica, /api/ready
 * reports it as `replica` without making the process unready, /metrics shows its lag, and every
 * change between used and not used is logged.
 */
export const heavyReadsPlugin = fp(async (app: FastifyInstance) => {
  const { settings, database } = app;
  const url = database.kind === 'postgres' ? settings.DATABASE_REPLICA_URL : undefined;
  const reads = url
    ? openReplicaReads(database, {
        url,
        maxLagSeconds: settings.REPLICA_MAX_LAG_SECONDS,
        poolSize: settings.DATABASE_REPLICA_POOL_SIZE,
        connectTimeoutMs: settings.DATABASE_CONNECT_TIMEOUT_MS,
        onChange: (state, previous) => {
          if (state.status === 'ok') app.log.info({ replica: state }, 'heavy reads go to the replica');
          else if (previous.status === 'ok' || previous.reason === 'not checked yet') {
            app.log.warn({ replica: state }, `heavy reads go to the primary: replica ${state.reason}`);
          }
        },
      })
    : primaryReads(database);
  app.decorate('heavyReads', reads);
  app.addHook('onClose', () => reads.close());

  const replica = reads.replica;
  if (!replica) return;
  app.addHook('onReady', async () => {
    await replica.check();
  });
  app.readiness.add('replica', async () => (await replica.check()).status === 'ok', { required: false });
  app.metrics.registerGauge({
    name: 'client_portal_replica_lag_seconds',
    help: 'Seconds of the primary changes the read replica has not replayed (absent when unknown).',
    read: async () => {
      const { lagSeconds } = await replica.check();
      return lagSeconds === null ? [] : [{ labels: {}, value: lagSeconds }];
    },
  });
  app.metrics.registerGauge({
    name: 'client_portal_replica_in_use',
    help: 'Whether heavy reads (statistics, reports, downloads) go to the read replica now (1) or to the primary (0).',
    read: () => (replica.state().status === 'ok' ? 1 : 0),
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    heavyReads: HeavyReads;
  }
}
