import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from './api-client.js';
import { openEventStream, titled } from './event-stream-client.js';
import { twoClientsWithPeople } from './factories.js';
import { bearerFor } from './sign-in-as.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * Two server processes on one PostgreSQL database: this test's app (process A, in-process) and the
 * real server entry point started as a child process (B). Nothing passes between them but the
 * database (LISTEN/NOTIFY). Needs a PostgreSQL server (TEST_DATABASE_URL, else the local default);
 * skipped when none answers.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 1_000 });
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

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts apps/server/src/server.ts on the database; resolves once it listens. */
async function startServerProcess(databaseUrl: string, dataDir: string) {
  const port = await freePort();
  // node itself, not the tsx wrapper: the wrapper gives the server 30 ms to take a relayed SIGTERM and
  // then kills it (exit 143), which a busy machine misses; the signal must reach the server.
  const child = spawn(
    process.execPath,
    [
      '--conditions=@client-portal/source',
      '--import',
      'tsx',
      path.join(repoRoot, 'apps/server/src/server.ts'),
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        PERMIT_DIGEST_ENABLED: 'false',
        DATA_DIR: dataDir,
        WEB_DIST: '/nonexistent-web-dist',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server B did not start:\n${output}`)), 60_000);
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Client Portal is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.on('exit', (code) => reject(new Error(`server B exited with ${code}:\n${output}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

const available = await postgresAnswers();

describe.skipIf(!available)('notification streams across two server processes on PostgreSQL', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let b: Awaited<ReturnType<typeof startServerProcess>>;
  let dataDir: string;
  let admin: { authorization: string };
  /** The group of the test's first client: its manager's and its clerk's notifications go there. */
  let group: string;
  const sendThroughA = (title: string) =>
    api.as(admin).post('/api/notifications/sent', {
      title,
      body: 'Lift out of order',
      severity: 'urgent',
      audience: { kind: 'sites', numbers: [group] },
    });

  beforeAll(async () => {
    t = await buildTestApp({ postgresUrl: serverUrl });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-stream-b-'));
    b = await startServerProcess(t.url!, dataDir);
    const built = await twoClientsWithPeople(t);
    group = built.first.group.number;
    admin = built.people.admin.headers;
  }, 90_000);
  afterAll(async () => {
    if (b && b.child.exitCode === null) {
      b.child.kill('SIGTERM');
      await exited(b.child);
    }
    await t?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a notification sent through A reaches a stream held on B within 2 s; B replays after Last-Event-ID', async () => {
    const clerk = await bearerFor(t, 'clerk@client-a.example');
    const stream = await openEventStream(b.url, clerk);
    expect(stream.response.status).toBe(200);
    const sentAt = Date.now();
    expect((await sendThroughA('Across processes')).statusCode).toBe(201);
    const event = await stream.next(titled('Across processes'));
    const elapsed = Date.now() - sentAt;
    console.info(`notification sent through A reached the stream on B in ${elapsed} ms`);
    expect(elapsed).toBeLessThan(2_000);
    await stream.close();

    expect((await sendThroughA('Missed while offline')).statusCode).toBe(201);
    const again = await openEventStream(b.url, clerk, event.id);
    try {
      await again.next(titled('Missed while offline'));
      expect(again.messages.some(titled('Across processes'))).toBe(false);
    } finally {
      await again.close();
    }
  });

  it('a session revoked through A ends its stream on B', async () => {
    const clerk = await bearerFor(t, 'clerk@client-a.example');
    const stream = await openEventStream(b.url, clerk);
    expect(stream.response.status).toBe(200);
    const logout = await api.as(clerk).post('/api/user/logout', {});
    expect(logout.statusCode).toBe(204);
    expect((await stream.next((m) => m.event === 'end')).data).toEqual({ reason: 'session-ended' });
    await expect.poll(() => stream.ended, { timeout: 2_000 }).toBe(true);
  });

  it("a recipient's read through A reaches the sender's stream held on B within 2 s, with the counts", async () => {
    const sent = (await sendThroughA('Read across processes')).json();
    const clerk = await bearerFor(t, 'clerk@client-a.example');
    const stream = await openEventStream(b.url, admin);
    try {
      expect(stream.response.status).toBe(200);
      const readAt = Date.now();
      const read = await api.as(clerk).put(`/api/notifications/${sent.id}/read`, { read: true });
      expect(read.statusCode).toBe(204);
      const event = await stream.next((m) => m.event === 'sent-read');
      const elapsed = Date.now() - readAt;
      console.info(`a read through A reached the sender's stream on B in ${elapsed} ms`);
      expect(elapsed).toBeLessThan(2_000);
      expect(event.data).toEqual({ id: sent.id, recipients: sent.recipients, read: 1 });
    } finally {
      await stream.close();
    }
  });

  it('B stops cleanly on SIGTERM with a stream open', async () => {
    const stream = await openEventStream(b.url, await bearerFor(t, 'clerk@client-a.example'));
    expect(stream.response.status).toBe(200);
    const started = Date.now();
    b.child.kill('SIGTERM');
    expect(await exited(b.child)).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect.poll(() => stream.ended, { timeout: 2_000 }).toBe(true);
    expect(stream.messages.at(-1)).toEqual({ event: 'end', data: { reason: 'server-closing' } });
  });
});
