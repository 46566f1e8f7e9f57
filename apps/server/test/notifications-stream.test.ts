import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamHub } from '../src/modules/notifications/stream-hub.js';
import { apiFor } from './api-client.js';
import { openEventStream, titled } from './event-stream-client.js';
import { twoClientsWithPeople } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { bearerFor } from './sign-in-as.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * GET /api/notifications/stream on one process (PGlite by default): the token checks, live delivery,
 * catch-up with Last-Event-ID, and the stream ending with the session and with the server.
 */
describe('notification stream: token checks and delivery', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let base: string;
  let admin: { authorization: string };
  /** The group of the test's first client: its manager's and its clerk's notifications go there. */
  let group: string;
  const send = (title: string, extra: Record<string, unknown> = {}) =>
    api.as(admin).post('/api/notifications/sent', {
      title,
      body: 'Gates closed',
      severity: 'urgent',
      audience: { kind: 'sites', numbers: [group] },
      ...extra,
    });

  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const built = await twoClientsWithPeople(t);
    group = built.first.group.number;
    admin = built.people.admin.headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a missing, forged, revoked or removed caller with 401 problem+json', async () => {
    const get = (authorization?: string) =>
      api.as(authorization ? { authorization } : undefined).get('/api/notifications/stream');
    const missing = await get();
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['content-type']).toContain('application/problem+json');

    const clerk = await bearerFor(t, 'clerk@client-a.example');
    const [, payload] = clerk.authorization.slice(7).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not the portal key, not the portal key'));
    expect((await get(`Bearer ${forged}`)).statusCode).toBe(401);

    await t.database.db.execute(sql`update sessions set revoked_at = now() where id = ${clerk.sessionId}`);
    expect((await get(clerk.authorization)).statusCode).toBe(401);

    const other = await bearerFor(t, 'manager@client-b.example');
    await t.database.db.execute(sql`update users set removed_at = now() where id = ${other.userId}`);
    expect((await get(other.authorization)).statusCode).toBe(401);
    await t.database.db.execute(sql`update users set removed_at = null where id = ${other.userId}`);
  });

  it('streams unbuffered, uncompressed events to the recipients only, within 2 s', async () => {
    const clerk = await openEventStream(base, await bearerFor(t, 'clerk@client-a.example'));
    const bolt = await openEventStream(base, await bearerFor(t, 'manager@client-b.example'));
    try {
      expect(clerk.response.status).toBe(200);
      expect(clerk.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(clerk.response.headers.get('cache-control')).toBe('no-store, no-transform');
      expect(clerk.response.headers.get('x-accel-buffering')).toBe('no');
      expect(clerk.response.headers.get('content-encoding')).toBeNull();

      const sentAt = Date.now();
      expect((await send('Live one')).statusCode).toBe(201);
      const event = await clerk.next(titled('Live one'));
      expect(Date.now() - sentAt).toBeLessThan(2_000);
      expect(event.id).toMatch(/^\d+$/);
      expect(event.data).toMatchObject({
        notification: { severity: 'urgent', html: '<p>Gates closed</p>', readAt: null },
      });
      expect(bolt.messages.filter((m) => m.event === 'notification')).toEqual([]);
    } finally {
      await clerk.close();
      await bolt.close();
    }
  });

  it('replays what was missed after Last-Event-ID, then the withdrawal, and a scheduled one at its start', async () => {
    const clerkHeaders = await bearerFor(t, 'clerk@client-a.example');
    const first = await openEventStream(base, clerkHeaders);
    expect((await send('Before the gap')).statusCode).toBe(201);
    const seen = await first.next(titled('Before the gap'));
    await first.close();

    const missed = await send('While away');
    expect(missed.statusCode).toBe(201);
    const again = await openEventStream(base, clerkHeaders, seen.id);
    try {
      const replayed = await again.next(titled('While away'));
      expect(Number(replayed.id)).toBeGreaterThan(Number(seen.id));
      expect(again.messages.some(titled('Before the gap'))).toBe(false);

      const withdrawn = await api.as(admin).post(`/api/notifications/sent/${missed.json().id}/withdraw`);
      expect(withdrawn.statusCode).toBe(200);
      await again.next(titled('While away', 'withdrawn'));

      const startsAt = Date.now() + 1_500;
      expect((await send('Scheduled', { startsAt: new Date(startsAt).toISOString() })).statusCode).toBe(201);
      await again.next(titled('Scheduled'), 4_000);
      expect(Date.now()).toBeGreaterThanOrEqual(startsAt);
      expect(Date.now() - startsAt).toBeLessThan(2_000);
    } finally {
      await again.close();
    }
  });

  it("tells the senders' open streams, live, how many have read what they sent (all-sites: every one)", async () => {
    // The first client's manager may send too, without all-sites access: told of their own only.
    await t.database.db.execute(
      sql`insert into role_features (role_id, feature) select id, 'Notifications.Send' from roles
          where name = 'Client Manager' on conflict do nothing`,
    );
    const manager = await bearerFor(t, 'manager@client-a.example');
    const clerk = await bearerFor(t, 'clerk@client-a.example');
    const byAdmin = (await send('Read count, admin')).json();
    const byManager = (
      await api.as(manager).post('/api/notifications/sent', {
        title: 'Read count, manager',
        body: 'Barrier fixed',
        severity: 'information',
        audience: { kind: 'sites', numbers: [group] },
      })
    ).json();
    const streams = {
      admin: await openEventStream(base, admin),
      manager: await openEventStream(base, manager),
      clerk: await openEventStream(base, clerk),
    };
    const readEvent = (id: string, read: number) => (m: { event: string; data: unknown }) =>
      m.event === 'sent-read' &&
      (m.data as { id: string; read: number }).id === id &&
      (m.data as { read: number }).read === read;
    const mark = (id: string, read: boolean) => api.as(clerk).put(`/api/notifications/${id}/read`, { read });
    try {
      const readAt = Date.now();
      expect((await mark(byAdmin.id, true)).statusCode).toBe(204);
      const event = await streams.admin.next(readEvent(byAdmin.id, 1));
      expect(Date.now() - readAt).toBeLessThan(2_000);
      expect(event).toEqual({
        id: undefined,
        event: 'sent-read',
        data: { id: byAdmin.id, recipients: byAdmin.recipients, read: 1 },
      });
      expect(byAdmin.recipients).toBeGreaterThan(1);

      expect((await mark(byManager.id, true)).statusCode).toBe(204);
      await streams.manager.next(readEvent(byManager.id, 1));
      await streams.admin.next(readEvent(byManager.id, 1));
      // Relayed in order: the admin's notification was told before the manager's, and not to the manager.
      expect(streams.manager.messages.filter((m) => m.event === 'sent-read')).toHaveLength(1);
      expect(streams.clerk.messages.filter((m) => m.event === 'sent-read')).toEqual([]);

      expect((await mark(byAdmin.id, false)).statusCode).toBe(204);
      await streams.admin.next(readEvent(byAdmin.id, 0));
      await api.as(clerk).post('/api/notifications/read-all');
      await streams.admin.next((m) => readEvent(byAdmin.id, 1)(m) && m !== event);
      const counts = (await api.as(admin).get('/api/notifications/sent'))
        .json()
        .rows.find((r: { id: string }) => r.id === byAdmin.id);
      expect(counts).toMatchObject({ recipients: byAdmin.recipients, read: 1 });
      expect(streams.clerk.messages.filter((m) => m.event === 'sent-read')).toEqual([]);
    } finally {
      await Promise.all(Object.values(streams).map((s) => s.close()));
    }
  });

  it('ends the stream when its session ends (sign-out)', async () => {
    const clerkHeaders = await bearerFor(t, 'clerk@client-a.example');
    const stream = await openEventStream(base, clerkHeaders);
    const logout = await api.as(clerkHeaders).post('/api/user/logout', {});
    expect(logout.statusCode).toBe(204);
    const end = await stream.next((m) => m.event === 'end');
    expect(end.data).toEqual({ reason: 'session-ended' });
    await expect.poll(() => stream.ended, { timeout: 2_000 }).toBe(true);
  });

  it('delivers an event whose number was taken before one already sent but committed after it', async () => {
    const clerkHeaders = await bearerFor(t, 'clerk@client-a.example');
    const stream = await openEventStream(base, clerkHeaders);
    try {
      // A notification scheduled far ahead: stored with its recipients, no event yet.
      const late = await send('Committed late', { startsAt: new Date(Date.now() + 3_600_000).toISOString() });
      expect(late.statusCode).toBe(201);
      // Its publishing transaction takes a number, then another notification takes the next and commits.
      const [taken] = await selectRows<{ seq: string }>(
        t.database.db,
        sql`select nextval('notification_events')::text as seq`,
      );
      expect((await send('Committed first')).statusCode).toBe(201);
      const first = await stream.next(titled('Committed first'));
      expect(Number(first.id)).toBeGreaterThan(Number(taken!.seq));
      // Now the first transaction commits.
      await t.database.db.execute(
        sql`update notifications set starts_at = now(), published_at = now(), event_seq = ${Number(taken!.seq)}
            where id = ${late.json().id}::bigint`,
      );
      await t.database.db.execute(sql`select pg_notify('notifications', '')`);
      const event = await stream.next(titled('Committed late'));
      expect(Number(event.id)).toBeLessThan(Number(first.id));
      expect(stream.messages.filter(titled('Committed first'))).toHaveLength(1);
    } finally {
      await stream.close();
    }
  });

  it('ends a stream when its access token expires (the browser reopens it with a fresh one)', async () => {
    const hub = new StreamHub(t.database);
    await hub.start();
    const written: string[] = [];
    let closed = false;
    const clerk = await bearerFor(t, 'clerk@client-a.example');
    await hub.add(
      {
        userId: clerk.userId,
        sessionId: clerk.sessionId,
        securityStamp: 0,
        expiresAt: Date.now() + 300,
        write: (text) => {
          written.push(text);
          return true;
        },
        close: () => {
          closed = true;
        },
      },
      undefined,
    );
    await expect.poll(() => closed, { timeout: 2_000 }).toBe(true);
    expect(written.at(-1)).toBe('event: end\ndata: {"reason":"token-expired"}\n\n');
    expect(hub.size).toBe(0);
    await hub.close();
  });

  it('closes the server promptly with a stream open, telling the stream', async () => {
    const stream = await openEventStream(base, await bearerFor(t, 'clerk@client-a.example'));
    await stream.next(() => true, 500).catch(() => undefined);
    const started = Date.now();
    await t.app.close();
    // An open stream would hold the close until the test timed out; ending it lets it finish at once.
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect.poll(() => stream.ended, { timeout: 2_000 }).toBe(true);
    expect(stream.messages.at(-1)).toEqual({ event: 'end', data: { reason: 'server-closing' } });
  });
});
