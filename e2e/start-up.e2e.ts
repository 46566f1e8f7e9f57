import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './server-process.js';

const DEMO_EMAILS = [
  'admin@operator.example',
  'manager@acme.example',
  'clerk@acme.example',
  'mfa@acme.example',
  'new@acme.example',
  'reception@acme.example',
  'manager@bolt.example',
];
const DEMO_PASSWORD = 'Portal-demo-1';
const KEPT_MESSAGE = 'Kept across restarts';

/** The banner is printed as the server starts listening; its pipe may deliver it just after /health answers. */
async function expectPrinted(server: RunningServer, texts: string[]) {
  for (const text of texts) await expect.poll(() => server.output(), { timeout: 10_000 }).toContain(text);
}

async function signInAsAdmin(server: RunningServer): Promise<Record<string, string>> {
  const response = await fetch(`${server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@operator.example', password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

async function welcomeMessage(server: RunningServer): Promise<string | undefined> {
  const response = await fetch(`${server.url}/api/application/config`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { config: Record<string, string> };
  return body.config.WelcomeMessage;
}

async function accountCount(server: RunningServer, auth: Record<string, string>): Promise<number> {
  const response = await fetch(`${server.url}/api/user/accounts`, { headers: auth });
  expect(response.status).toBe(200);
  // The list is paged by the server; its total counts every account.
  return ((await response.json()) as { total: number }).total;
}

/** What `npm start` prints when the build is current: nothing rebuilt (decision 36). */
const NOTHING_REBUILT =
  'build: server (apps/server/dist) unchanged, not rebuilt; web app (apps/web/dist) unchanged, not rebuilt';

/**
 * What a first-time user sees: `npm start` on an empty folder, then again on the same folder. The run
 * built the tree first (npm run test:e2e), so neither start rebuilds anything: each runs the compiled
 * server (`node apps/server/dist/server.js`).
 */
describe('starting the server', () => {
  const running: RunningServer[] = [];
  let dataDir: string | undefined;

  afterAll(async () => {
    // Only reached with servers still up when an assertion failed part-way.
    for (const server of running) await server.stop().catch(() => undefined);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds a fresh folder, prints how to sign in, and reuses the data after a restart', async () => {
    const first = await startServer({}, { fresh: true, keepData: true, npmStart: true });
    running.push(first);
    dataDir = first.dataDir;

    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await expectPrinted(first, [
      `Client Portal is running at ${first.url}`,
      NOTHING_REBUILT,
      'demo data seeded',
      `password ${DEMO_PASSWORD}`,
      ...DEMO_EMAILS,
    ]);

    const firstAuth = await signInAsAdmin(first);
    const changed = await fetch(`${first.url}/api/application/config`, {
      method: 'POST',
      headers: { ...firstAuth, 'content-type': 'application/json' },
      body: JSON.stringify({ config: { WelcomeMessage: KEPT_MESSAGE } }),
    });
    expect(changed.status).toBe(200);
    expect(await welcomeMessage(first)).toBe(KEPT_MESSAGE);
    const accountsBefore = await accountCount(first, firstAuth);
    expect(accountsBefore).toBeGreaterThan(DEMO_EMAILS.length);

    // stop() fails unless SIGTERM ends the process with exit code 0.
    await first.stop();
    running.splice(running.indexOf(first), 1);
    expect(fs.existsSync(first.dataDir)).toBe(true);

    const second = await startServer({}, { dataDir: first.dataDir, npmStart: true });
    running.push(second);
    // The issue asks for under 3 s on an idle machine; the other journeys share this one, so the bound
    // here is loose. That nothing was built again is checked on the build's line below.
    console.log(`second npm start healthy after ${second.healthyAfterMs} ms`);
    expect(second.healthyAfterMs).toBeLessThan(60_000);
    await expectPrinted(second, [
      NOTHING_REBUILT,
      `Client Portal is running at ${second.url}`,
      'migrations applied now: 0',
      'demo data already present',
      ...DEMO_EMAILS,
    ]);
    expect(second.output()).not.toContain('demo data seeded');

    expect(await welcomeMessage(second)).toBe(KEPT_MESSAGE);
    expect(await accountCount(second, await signInAsAdmin(second))).toBe(accountsBefore);

    await second.stop();
    running.splice(running.indexOf(second), 1);
    expect(fs.existsSync(first.dataDir)).toBe(false);
  }, 300_000);
});
