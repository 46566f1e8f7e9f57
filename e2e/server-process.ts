import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');
/** What production runs (decision 36): the compiled server, built by `npm run test:e2e` before the run. */
export const compiledServer = path.join(repoRoot, 'apps/server/dist/server.js');

export interface RunningServer {
  url: string;
  dataDir: string;
  /** From the spawn to the first 200 from /api/health. */
  healthyAfterMs: number;
  output(): string;
  stop(): Promise<void>;
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

/**
 * Global setup seeds one data folder at the start of the run and names it here; a server that needs a
 * folder of its own starts on a copy of it (seeding costs far more than copying 140 MB).
 */
export const SEEDED_DATA_DIR_ENV = 'CLIENT_PORTAL_E2E_SEEDED_DATA_DIR';

export interface StartOptions {
  /** An existing data folder to start on (a restart); by default a new one is made. */
  dataDir?: string;
  /** Start on an empty folder, so the server migrates and seeds it, even when a seeded copy is at hand. */
  fresh?: boolean;
  /** Leave the data folder in place on stop, so a later start can reuse it. */
  keepData?: boolean;
  /** Start with `npm start` (its build step, then the compiled server) instead of the compiled server. */
  npmStart?: boolean;
}

/**
 * Starts the real compiled server (`node apps/server/dist/server.js`, as `npm start` does after its
 * build) on a free port with a new data folder
 * (a copy of the run's seeded one, or empty with `options.fresh`), or on `options.dataDir`.
 * `stop` removes the folder unless `options.keepData`.
 * `env.PORT` fixes the port, for a partner (an identity provider) that must know the URL beforehand.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = options.dataDir ?? newDataDir(options.fresh);
  const url = `http://127.0.0.1:${port}`;
  if (!fs.existsSync(compiledServer))
    throw new Error(`${compiledServer} is missing: run \`npm run build\` first (npm run test:e2e does).`);
  const started = performance.now();
  // npm passes SIGTERM on to its script, which `exec`s node: stop() reaches the server either way.
  const command = options.npmStart ? 'npm' : process.execPath;
  const args = options.npmStart ? ['start'] : [compiledServer];
  const child: ChildProcess = spawn(command, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Vitest's NODE_ENV=test would make `npm start` build the web app again (decision 36): a user's
      // shell has no such setting.
      ...(options.npmStart && { NODE_ENV: undefined }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const healthyAfterMs = Math.round(performance.now() - started);
  return {
    url,
    dataDir,
    healthyAfterMs,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        const code = await exited;
        clearTimeout(timer);
        // Graceful shutdown is part of the contract: SIGTERM must end the process cleanly.
        if (code !== 0)
          throw new Error(`Server did not shut down cleanly on SIGTERM (exit ${code}):\n${output}`);
      }
      if (!options.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function newDataDir(fresh = false): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-portal-e2e-'));
  const seeded = process.env[SEEDED_DATA_DIR_ENV];
  if (seeded && !fresh) fs.cpSync(seeded, dataDir, { recursive: true });
  return dataDir;
}
