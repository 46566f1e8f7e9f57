import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { type RunningServer, SEEDED_DATA_DIR_ENV, startServer } from './server-process.js';

let servers: RunningServer[] = [];
let seededDataDir: string | undefined;

/**
 * One real server per worker for the whole browser run, so the files that share a server still run
 * one after another on it; their URLs reach the tests through `sharedServerUrl()` (shared-server.ts).
 * The demo data is seeded once, by a first start on an empty folder; these servers and every journey
 * that needs a server of its own start on copies of that folder (start-up.e2e.ts seeds its own).
 */
export async function setup(project: TestProject) {
  // No scheduled jobs while seeding: the copies hold the seed and nothing else.
  const seeding = await startServer(
    { PERMIT_DIGEST_ENABLED: 'false', REPORT_SUBSCRIPTIONS_ENABLED: 'false' },
    { fresh: true, keepData: true },
  );
  seededDataDir = seeding.dataDir;
  await seeding.stop();
  process.env[SEEDED_DATA_DIR_ENV] = seededDataDir;
  const workers = Math.max(1, project.config.maxWorkers);
  servers = await Promise.all(Array.from({ length: workers }, () => startServer()));
  project.provide(
    'sharedServerUrls',
    servers.map((server) => server.url),
  );
}

export async function teardown() {
  await Promise.all(servers.map((server) => server.stop()));
  if (seededDataDir) fs.rmSync(seededDataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared servers' URLs, the one of worker n (VITEST_POOL_ID) at index n - 1. */
    sharedServerUrls: string[];
  }
}
