import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');

/**
 * The PostgreSQL server of the tests that need one (several processes, a relay cut under the app, the
 * pool's metrics): TEST_DATABASE_URL, else the local default.
 */
export const postgresServerUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Does `postgresServerUrl` answer? The tests that need a server are skipped when it does not, and on a
 * PGlite run with TEST_LOCAL_POSTGRES=off (CI's first pass: its PostgreSQL pass runs them).
 */
export async function postgresServerAnswers(): Promise<boolean> {
  if (!process.env.TEST_DATABASE_URL && process.env.TEST_LOCAL_POSTGRES === 'off') return false;
  const client = new pg.Client({ connectionString: postgresServerUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code once the process has ended (at once if it has). */
  exited(): Promise<number | null>;
  /** SIGTERM, then SIGKILL after 10 s; removes its data folder. */
  stop(): Promise<void>;
}

/**
 * The real server (`src/server.ts`) as an operating-system process of its own, healthy on a free port.
 * Node runs it itself, not the tsx wrapper: the wrapper gives the server 30 ms to take a relayed
 * SIGTERM and then kills it (exit 143), which a busy machine misses; the signal must reach the server.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-portal-process-'));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=@client-portal/source', '--import', 'tsx', serverEntry],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent-web-dist',
        PERMIT_DIGEST_ENABLED: 'false',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { url, child, output: () => output, exited: () => exit, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
