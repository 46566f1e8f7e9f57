import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { type RunningServer, SEEDED_DATA_DIR_ENV, startServer } from './server-process.js';

let server: RunningServer | undefined;
let seededDataDir: string | undefined;

/**
 * One real server for the whole browser run; its URL reaches the tests through `inject('baseUrl')`.
 * The demo data is seeded once, by a first start on an empty folder; this server and every journey
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
  server = await startServer();
  project.provide('baseUrl', server.url);
}

export async function teardown() {
  await server?.stop();
  if (seededDataDir) fs.rmSync(seededDataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
