import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { notFound } from './problem.js';

/** One reading of a gauge with labels; a gauge without labels reads a bare number. */
export interface GaugeReading {
  labels: Record<string, string>;
  value: number;
}

export interface GaugeDefinition {
  /** Prometheus name: `client_portal_<what>`, with the unit last (`_seconds`, `_total` never: a gauge). */
  name: string;
  help: string;
  labelNames?: readonly string[];
  /** Read at each scrape: the value, or one per label set (label sets not read are dropped). */
  read(): number | GaugeReading[] | Promise<number | GaugeReading[]>;
}

/**
 * The process's figures for /metrics (decision 37). Modules add their own here, not a registry of
 * their own: `app.metrics.registerGauge` for what is read when scraped (the live streams, the job
 * engine's queues), `app.metrics.registry` for counters and histograms a module moves itself.
 */
export interface Metrics {
  readonly registry: Registry;
  registerGauge(gauge: GaugeDefinition): void;
  /** The Prometheus text exposition of every figure: the process's and this app's. */
  scrape(): Promise<{ contentType: string; body: string }>;
  /** Where METRICS_PORT's listener listens once the app is ready (undefined without METRICS_PORT). */
  internalUrl(): string | undefined;
}

/**
 * Node.js process figures (CPU, memory, event-loop lag, GC, handles): one set per process, however
 * many apps a process builds (the API tests build one per file), since collecting them starts
 * observers that are never stopped.
 */
let processRegistry: Registry | undefined;
function processFigures(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Request durations: a few milliseconds for a cached read to seconds for an export or a bulk upload. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A route label: the pattern a request matched (never its URL, which may hold ids and codes). */
const UNMATCHED_ROUTE = '(unmatched)';

/** This app's figures (one registry per app: the API tests build many apps in one process). */
class AppMetrics implements Metrics {
  readonly registry = new Registry();
  internalAddress: string | undefined;

  registerGauge({ name, help, labelNames = [], read }: GaugeDefinition): void {
    new Gauge({
      name,
      help,
      labelNames: [...labelNames],
      registers: [this.registry],
      async collect() {
        const reading = await read();
        if (typeof reading === 'number') {
          this.set(reading);
          return;
        }
        this.reset();
        for (const { labels, value } of reading) this.set(labels, value);
      },
    });
  }

  async scrape() {
    const own = await this.registry.metrics();
    const process = await processFigures().metrics();
    return { contentType: this.registry.contentType, body: `${process}\n${own}` };
  }

  internalUrl() {
    return this.internalAddress;
  }
}

type Figures = NonNullable<ReturnType<Database['poolFigures']>>;

/** What the database tells: its kind, and on PostgreSQL the pool's use and the waits for its connections. */
function registerDatabaseFigures(metrics: AppMetrics, database: Database) {
  metrics.registerGauge({
    name: 'client_portal_db_info',
    help: 'The database this process uses: kind pglite (embedded) or postgres (DATABASE_URL).',
    labelNames: ['kind'],
    read: () => [{ labels: { kind: database.kind }, value: 1 }],
  });
  if (!database.poolFigures()) return;
  const figures = () => database.poolFigures() as Figures;
  const gauge = (name: string, help: string, pick: (f: Figures) => number) =>
    metrics.registerGauge({ name, help, read: () => pick(figures()) });
  gauge('client_portal_db_pool_max', 'Most connections the pool opens (DATABASE_POOL_SIZE).', (f) => f.max);
  gauge('client_portal_db_pool_open', 'Pool connections open now, idle or in use.', (f) => f.open);
  gauge('client_portal_db_pool_idle', 'Pool connections open and idle now.', (f) => f.idle);
  gauge('client_portal_db_pool_waiting', 'Requests waiting for a pool connection now.', (f) => f.waiting);
  // Totals that only grow, read from the pool at each scrape: counters.
  const total = (name: string, help: string, pick: (f: Figures) => number) =>
    new Counter({
      name,
      help,
      registers: [metrics.registry],
      collect() {
        this.reset();
        this.inc(pick(figures()));
      },
    });
  total('client_portal_db_pool_acquired_total', 'Connections handed out by the pool.', (f) => f.acquired);
  total(
    'client_portal_db_pool_wait_seconds_total',
    'Seconds spent waiting for a pool connection, in all (divide by acquired_total for the mean wait).',
    (f) => f.waitSeconds,
  );
}

/** SHA-256 of both sides, so that the comparison takes as long whatever the lengths (timingSafeEqual needs equal ones). */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics in the Prometheus format, for the operator's monitoring: answered only to a caller
 * presenting METRICS_TOKEN as a bearer token (404, as for a page that does not exist, to anyone else
 * and when no token is set), and, with METRICS_PORT, to anyone reaching that internal port.
 * Every request is counted and timed by the route it matched and its status.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const { settings } = app;
  const metrics = new AppMetrics();
  registerDatabaseFigures(metrics, app.database);
  app.decorate('metrics', metrics as Metrics);

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [metrics.registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization;
    const given = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!settings.METRICS_TOKEN || given === undefined || !sameToken(given, settings.METRICS_TOKEN)) {
      throw notFound();
    }
    const { contentType, body } = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });

  if (settings.METRICS_PORT !== undefined) {
    const port = settings.METRICS_PORT;
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found\n');
        return;
      }
      metrics.scrape().then(
        ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics scrape failed');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error\n');
        },
      );
    });
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, settings.METRICS_HOST, () => resolve());
      });
      const address = server.address() as AddressInfo;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      metrics.internalAddress = `http://${host}:${address.port}`;
    });
    app.addHook('onClose', async () => {
      metrics.internalAddress = undefined;
      if (!server.listening) return;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A scraper's kept-alive connection would hold the close (and the process's shutdown) for seconds.
      server.closeAllConnections();
      await closed;
    });
  }
});

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}
