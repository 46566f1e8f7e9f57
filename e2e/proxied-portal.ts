import pg from 'pg';
import { type RunningNginx, startNginx } from './nginx.js';
import { freePort, type RunningServer, startServer } from './server-process.js';

/** The PostgreSQL server the proxied portal makes its database on (CI runs one). */
export const postgresServerUrl = () =>
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A metrics token, so a test can ask each process how many live streams it holds. */
export const METRICS_TOKEN = 'proxied-portal-metrics-token';

async function onServer(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresServerUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new database on the PostgreSQL server, dropped by `drop`. */
export async function createDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  await onServer(`create database ${name}`);
  const url = new URL(postgresServerUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

/** Waits until `url`/api/ready answers 200 (the database reachable, migrations current, jobs running). */
export async function waitReady(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(`${url}/api/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} was not ready within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface ProxiedPortal {
  database: { url: string };
  nginx: RunningNginx;
  /** The two web processes (PROCESS_ROLE=web), straight, not through nginx. */
  web: RunningServer[];
  /** The downloads process: a third web process, to which nginx sends the heavy downloads. */
  downloads: RunningServer;
  worker: RunningServer | undefined;
  /** Starts the worker (PROCESS_ROLE=worker), or stops it and starts it again. */
  startWorker(): Promise<RunningServer>;
  /** SIGTERM to web process `index`, waits for its exit, starts it again on its port, waits for ready. */
  restartWeb(index: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The production shape on one machine: a fresh PostgreSQL database, two web processes, the downloads
 * process and a worker of the compiled server, and nginx in front with deploy/nginx/client-portal.conf.
 * The first web process migrates and seeds the demo data; the worker starts with the others unless
 * `deferWorker` (then `startWorker()`).
 */
export async function startProxiedPortal(
  options: { env?: Record<string, string>; deferWorker?: boolean; prefix?: string } = {},
): Promise<ProxiedPortal> {
  const database = await createDatabase(options.prefix ?? 'cp_proxied');
  const started: Started = { web: [] };
  try {
    const ports = [await freePort(), await freePort(), await freePort()];
    // nginx's address is the portal's public one (links in mail).
    const nginxPorts = { https: await freePort(), http: await freePort() };
    const common = (role: string, port?: number): Record<string, string> => ({
      DATABASE_URL: database.url,
      PROCESS_ROLE: role,
      TRUST_PROXY: 'true',
      METRICS_TOKEN,
      PUBLIC_URL: `https://127.0.0.1:${nginxPorts.https}`,
      PERMIT_DIGEST_ENABLED: 'false',
      ...(port && { PORT: String(port) }),
      ...options.env,
    });
    started.web.push(await startServer(common('web', ports[0]), { fresh: true }));
    started.web.push(await startServer(common('web', ports[1]), { fresh: true }));
    started.downloads = await startServer(common('web', ports[2]), { fresh: true });
    await Promise.all([...started.web, started.downloads].map((w) => waitReady(w.url)));
    const startWorker = async () => {
      await started.worker?.stop();
      started.worker = await startServer(common('worker'), { fresh: true });
      await waitReady(started.worker.url);
      return started.worker;
    };
    if (!options.deferWorker) await startWorker();
    started.nginx = await startNginx(
      { web: [`127.0.0.1:${ports[0]}`, `127.0.0.1:${ports[1]}`], downloads: `127.0.0.1:${ports[2]}` },
      nginxPorts,
    );
    const nginx = started.nginx;
    const downloads = started.downloads;
    return {
      database,
      nginx,
      web: started.web,
      downloads,
      get worker() {
        return started.worker;
      },
      startWorker,
      async restartWeb(index: number) {
        await started.web[index]!.stop();
        started.web[index] = await startServer(common('web', ports[index]), { fresh: true });
        await waitReady(started.web[index]!.url);
      },
      async stop() {
        await stopAll(started);
        await database.drop();
      },
    };
  } catch (error) {
    await stopAll(started).catch(() => undefined);
    await database.drop();
    throw error;
  }
}

interface Started {
  web: RunningServer[];
  downloads?: RunningServer;
  worker?: RunningServer;
  nginx?: RunningNginx;
}

async function stopAll(started: Started) {
  await started.nginx?.stop();
  const processes = [...started.web, started.downloads, started.worker];
  await Promise.all(processes.map((s) => s?.stop()));
}
