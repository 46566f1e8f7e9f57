import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from './api-client.js';
import { openEventStream, titled } from './event-stream-client.js';
import { twoClientsWithPeople } from './factories.js';
import {
  postgresServerAnswers,
  postgresServerUrl,
  type ServerProcess,
  startServerProcess,
} from './server-processes.js';
import { bearerFor } from './sign-in-as.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * Two server processes on one PostgreSQL database: this test's app (process A, in-process) and the
 * real server entry point started as a child process (B). Nothing passes between them but the
 * database (LISTEN/NOTIFY). Needs a PostgreSQL server (TEST_DATABASE_URL, else the local default);
 * skipped when none answers.
 */
const available = await postgresServerAnswers();

describe.skipIf(!available)('notification streams across two server processes on PostgreSQL', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let b: ServerProcess;
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
    t = await buildTestApp({ postgresUrl: postgresServerUrl });
    b = await startServerProcess({ DATABASE_URL: t.url!, SEED_DEMO: 'false' });
    const built = await twoClientsWithPeople(t);
    group = built.first.group.number;
    admin = built.people.admin.headers;
  }, 90_000);
  afterAll(async () => {
    await b?.stop();
    await t?.close();
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
    expect(await b.exited()).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect.poll(() => stream.ended, { timeout: 2_000 }).toBe(true);
    expect(stream.messages.at(-1)).toEqual({ event: 'end', data: { reason: 'server-closing' } });
  });
});
