import {
  allFeatureNames,
  createdApiKeySchema,
  createdWebhookSchema,
  type FeatureName,
  permitAddResultSchema,
  permitSchema,
  TABLE_PAGE_SIZE,
  ukToday,
  visitorLinkSchema,
  visitStartAnswerSchema,
  type Webhook,
  webhookAttemptPageSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookPageSchema,
  webhookSchema,
} from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHeaders, apiFor } from './api-client.js';
import { accountWith, clientWith, type TestSite, ticketAt } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { newRegistrations, problemOf, ukDay } from './permit-fixture.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { buildTestApp, type TestApp } from './test-app.js';
import { startWebhookReceiver, verifySignature } from './webhook-receiver.js';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
type Inbox = Awaited<ReturnType<typeof startSmtpInbox>>;

/**
 * Webhooks (issue 26, decision 45): a client manager's subscription hears of its company's permit and
 * ticket events at its sites, each delivered by the job engine to a real HTTP receiver, signed with the
 * subscription's secret, retried, replayed, turned off after a day of failures, never sent to an
 * internal address nor after a redirect.
 */
describe('webhooks', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let receiver: Receiver;
  let inbox: Inbox;
  let sites: TestSite[];
  const s = (i: number) => sites[i]!.number;
  let manager: AuthHeaders;
  let managerEmail: string;
  let admin: AuthHeaders;
  let bolt: AuthHeaders;
  let boltSite: string;
  const reg = newRegistrations('WH', 5);

  const managerFeatures: FeatureName[] = [
    'Users.Add',
    'Permits.View',
    'Permits.AllPermits',
    'Permits.Add',
    'Permits.Edit',
    'Permits.Disable',
    'Tickets.Cancel',
    'Tickets.Reduce',
  ];

  const subscribe = async (path: string, fields: Record<string, unknown> = {}, by: AuthHeaders = manager) => {
    const res = await api.as(by).post('/api/webhooks', {
      url: receiver.url(path),
      events: ['permit.added'],
      sites: [s(0)],
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json(createdWebhookSchema);
  };
  const permitRow = (site: string, fields: Record<string, unknown> = {}) => ({
    id: 0,
    site_SiteGroupNumber: site,
    vehicleRegistration: reg(),
    driverName: 'Night Shift',
    duration: 'Temporary',
    reason: 2,
    authorisedBy: 'Rota system',
    started: ukDay(0),
    ended: ukDay(7),
    ...fields,
  });
  const addPermit = async (site: string, fields: Record<string, unknown> = {}, by: AuthHeaders = manager) => {
    const res = await api.as(by).post('/api/permits?mode=single', [permitRow(site, fields)]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json(permitAddResultSchema).permits[0]!;
  };
  const deliveriesOf = async (id: string, by: AuthHeaders = manager) => {
    const res = await api.as(by).get(`/api/webhooks/${id}/deliveries`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json(webhookDeliveryPageSchema).rows;
  };
  const webhookOf = async (id: string, by: AuthHeaders = manager): Promise<Webhook | undefined> => {
    const res = await api.as(by).get(`/api/webhooks/${id}`);
    if (res.statusCode === 404) return undefined;
    expect(res.statusCode, res.body).toBe(200);
    return res.json(webhookSchema);
  };
  /** Every row of a paged list, following its `last` cursor page by page; and each page's size. */
  const walk = async <T>(
    url: string,
    parse: (body: unknown) => { rows: T[]; total: number; last: string | null },
    by: AuthHeaders = manager,
  ) => {
    const rows: T[] = [];
    const sizes: number[] = [];
    let total = 0;
    let after: string | null = null;
    do {
      const sep = url.includes('?') ? '&' : '?';
      const res = await api.as(by).get(after ? `${url}${sep}after=${encodeURIComponent(after)}` : url);
      expect(res.statusCode, res.body).toBe(200);
      const page = parse(res.json());
      rows.push(...page.rows);
      sizes.push(page.rows.length);
      total = page.total;
      after = page.rows.length === TABLE_PAGE_SIZE ? page.last : null;
    } while (after);
    return { rows, sizes, total };
  };
  /** Waits until `check` holds (the job engine works in the background). */
  const eventually = async (check: () => Promise<boolean>, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('not within the time');
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const auditTypesOf = async (webhookId: string) =>
    (
      await selectRows<{ type: string }>(
        t.database.db,
        sql`select type from audit_events where details->>'webhookId' = ${webhookId} order by id`,
      )
    ).map((r) => r.type);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    inbox = await startSmtpInbox();
    t = await buildTestApp({
      env: {
        WEBHOOK_ALLOWED_INTERNAL_HOSTS: 'localhost',
        SMTP_URL: inbox.url,
        PUBLIC_URL: 'http://portal.test',
      },
    });
    const client = await clientWith(t, { sites: 3 });
    sites = client.sites;
    const account = await accountWith(t, { features: managerFeatures, access: [s(0), s(1)] });
    manager = account.headers;
    managerEmail = account.email;
    admin = (await accountWith(t, { features: allFeatureNames, access: 'all' })).headers;
    const theirs = await clientWith(t, { sites: 1 });
    boltSite = theirs.sites[0]!.number;
    bolt = (await accountWith(t, { features: managerFeatures, access: [boltSite] })).headers;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await inbox?.close();
  });

  describe('subscribing', () => {
    it('answers the secret once, lists the subscription without it, and audits the creation', async () => {
      const created = await subscribe('/created', { sites: [] });
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      // No sites named: all of the manager's, as they are now.
      expect(created).toMatchObject({ enabled: true, events: ['permit.added'], sites: [s(0), s(1)].sort() });
      const listed = await webhookOf(created.id);
      expect(listed).toMatchObject({ id: created.id, url: receiver.url('/created') });
      expect(JSON.stringify(listed)).not.toContain(created.secret);
      expect(await auditTypesOf(created.id)).toEqual(['WebhookCreated']);
    });

    it('refuses URLs that resolve to loopback, private, link-local or unspecified addresses', async () => {
      for (const url of [
        `http://127.0.0.1:${receiver.port}/`,
        'http://10.0.0.7/hook',
        'http://192.168.1.20/hook',
        'http://172.16.5.5/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://0.0.0.0/',
        'http://[::1]/',
        'http://[fc00::1]/',
        'http://[fe80::1]/',
        'http://[::ffff:127.0.0.1]/',
      ]) {
        const res = await api.as(manager).post('/api/webhooks', { url, events: ['permit.added'], sites: [] });
        expect(res.statusCode, url).toBe(400);
        expect(problemOf(res, 400).errors?.url?.[0], url).toMatch(
          /cannot receive webhooks.*internal address/,
        );
      }
    });

    it('refuses other schemes, unknown events and sites beyond the manager, with a message per field', async () => {
      const res = await api.as(manager).post('/api/webhooks', {
        url: 'ftp://example.com/x',
        events: ['permit.exploded'],
        sites: [],
      });
      expect(res.statusCode).toBe(400);
      expect(problemOf(res, 400).errors).toMatchObject({
        url: [expect.stringContaining('https://')],
        'events.0': [expect.stringContaining('not an event')],
      });
      const beyond = await api.as(manager).post('/api/webhooks', {
        url: receiver.url('/x'),
        events: ['permit.added'],
        sites: [s(2), boltSite],
      });
      expect(beyond.statusCode).toBe(400);
      expect(problemOf(beyond, 400).errors?.sites?.[0]).toContain(s(2));
    });

    it('is administration: an API key may not reach it, even one of the same manager', async () => {
      const key = await api.as(manager).post('/api/api-keys', {
        name: 'Rota',
        expiresOn: ukDay(30),
        features: ['Permits.View'],
        access: [s(0)],
      });
      expect(key.statusCode, key.body).toBe(201);
      const bearer = { authorization: `Bearer ${key.json(createdApiKeySchema).key}` };
      expect((await api.as(bearer).get('/api/webhooks')).statusCode).toBe(403);
      expect(
        (
          await api
            .as(bearer)
            .post('/api/webhooks', { url: receiver.url('/k'), events: ['permit.added'], sites: [] })
        ).statusCode,
      ).toBe(403);
    });
  });

  describe('delivery', () => {
    it('delivers each event type, signed with the secret, with the object as the API shows it', async () => {
      const hook = await subscribe('/all', {
        events: [
          'permit.added',
          'permit.edited',
          'permit.expired',
          'permit.cancelled',
          'ticket.cancelled',
          'ticket.reduced',
        ],
      });
      const running = await addPermit(s(0));
      const edited = await api.as(manager).put(`/api/permits/site/${running.permitId}`, {
        vehicleRegistration: running.vehicleRegistration,
        driverName: 'Day Shift',
        reason: 2,
        ended: ukDay(7),
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const expired = await api.as(manager).post(`/api/permits/site/${running.permitId}/expire`, {});
      expect(expired.statusCode, expired.body).toBe(200);
      const upcoming = await addPermit(s(0), { started: ukDay(2), ended: ukDay(5) });
      const cancelled = await api.as(manager).post(`/api/permits/site/${upcoming.permitId}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
      const toCancel = await ticketAt(t, s(0), { registration: reg(), issued: yesterday });
      const toReduce = await ticketAt(t, s(0), { registration: reg(), issued: yesterday });
      expect((await api.as(manager).post(`/api/tickets/${toCancel}/Cancel`)).statusCode).toBe(200);
      expect((await api.as(manager).post(`/api/tickets/${toReduce}/Pay`)).statusCode).toBe(200);

      const hooks = await receiver.waitFor('/all', 7);
      const bodies = hooks.map((h) => {
        expect(
          verifySignature(h.headers['x-clientportal-signature'] as string, h.body, hook.secret),
        ).toMatchObject({
          valid: true,
          signatures: 1,
        });
        expect(h.headers['x-clientportal-delivery']).toMatch(/^[0-9a-f-]{36}$/);
        expect(h.headers['content-type']).toBe('application/json');
        const body = JSON.parse(h.body) as {
          id: string;
          type: string;
          occurredAt: string;
          data: Record<string, unknown>;
        };
        expect(h.headers['x-clientportal-event']).toBe(body.type);
        expect(
          Math.abs(
            verifySignature(h.headers['x-clientportal-signature'] as string, h.body, hook.secret).t * 1000 -
              Date.now(),
          ),
        ).toBeLessThan(60_000);
        return body;
      });
      const ofType = (type: string) => bodies.filter((b) => b.type === type);
      expect(
        ofType('permit.added')
          .map((b) => permitSchema.parse(b.data).permitId)
          .sort(),
      ).toEqual([running.permitId, upcoming.permitId].sort());
      expect(ofType('permit.added')[0]!.data).toEqual(
        [running, upcoming].find((p) => p.permitId === ofType('permit.added')[0]!.data.permitId),
      );
      expect(ofType('permit.edited')[0]!.data).toMatchObject({
        permitId: running.permitId,
        driverName: 'Day Shift',
      });
      expect(ofType('permit.expired')[0]!.data).toEqual(expired.json(permitSchema));
      expect(ofType('permit.cancelled')[0]!.data).toEqual(cancelled.json(permitSchema));
      expect(ofType('ticket.cancelled')[0]!.data).toMatchObject({
        ticketNumber: toCancel,
        status: 'cancelled',
        siteNumber: s(0),
      });
      expect(ofType('ticket.reduced')[0]!.data).toMatchObject({ ticketNumber: toReduce, siteNumber: s(0) });
      for (const body of bodies) {
        expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(Date.parse(body.occurredAt)).toBeGreaterThan(Date.now() - 120_000);
      }
      expect(new Set(bodies.map((b) => b.id)).size).toBe(7);

      await eventually(
        async () => (await deliveriesOf(hook.id)).filter((d) => d.status === 'succeeded').length === 7,
      );
      const [latest] = await deliveriesOf(hook.id);
      expect(latest).toMatchObject({
        status: 'succeeded',
        attempts: 1,
        responseCode: 200,
        responseBody: 'ok',
        error: null,
      });
      expect(latest!.durationMs).toBeGreaterThanOrEqual(0);
    });

    it('tells of a visitor who registers through a visitor link, beside the permit it adds', async () => {
      const hook = await subscribe('/visitors', { events: ['visitor.registered', 'permit.added'] });
      const created = await api.as(manager).post('/api/permits/visitor-links', {
        site: s(0),
        name: 'Ward 7 visitors',
        enabled: true,
        expiresOn: null,
        durationKind: 'hours',
        durationAmount: 2,
        dailyCap: 10,
        hostApproval: false,
      });
      expect(created.statusCode, created.body).toBe(201);
      const link = created.json(visitorLinkSchema);
      const token = link.publicUrl.split('/visit/')[1]!;
      const kioskKey = new URL(link.kioskUrl).searchParams.get('key')!;
      const plate = reg();
      const started = await api.post(`/api/public/visit/${token}/start`, {
        vehicleRegistration: plate,
        kioskKey,
      });
      expect(started.statusCode, started.body).toBe(200);
      const answer = started.json(visitStartAnswerSchema);
      if (answer.status !== 'codeSent') throw new Error('expected a code');
      const confirmed = await api.post(`/api/public/visit/${token}/confirm`, {
        registrationId: answer.registrationId,
        code: answer.kioskCode,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);

      const hooks = await receiver.waitFor('/visitors', 2);
      const bodies = hooks.map((h) => {
        expect(
          verifySignature(h.headers['x-clientportal-signature'] as string, h.body, hook.secret).valid,
        ).toBe(true);
        return JSON.parse(h.body) as { type: string; data: Record<string, unknown> };
      });
      const visitor = bodies.find((b) => b.type === 'visitor.registered');
      const added = bodies.find((b) => b.type === 'permit.added');
      expect(visitor?.data).toMatchObject({
        visitorLink: { id: link.id, name: 'Ward 7 visitors' },
        hostApproved: false,
      });
      const permit = permitSchema.parse(visitor!.data.permit);
      expect(permit).toMatchObject({ vehicleRegistration: plate, site_SiteGroupNumber: s(0) });
      expect(added?.data).toEqual(visitor!.data.permit);
    });

    it('reaches a subscription only with events of its own sites, and never another company’s', async () => {
      const atS1 = await subscribe('/s1', { sites: [s(1)] });
      const theirs = await subscribe('/bolt', { sites: [] }, bolt);
      await addPermit(s(0));
      const atS1Permit = await addPermit(s(1));
      const hooks = await receiver.waitFor('/s1', 1);
      // The event at s(0) was dispatched before the one at s(1): had it matched, it would be here by now.
      await eventually(async () => (await deliveriesOf(atS1.id)).every((d) => d.status !== 'pending'));
      expect(hooks.map((h) => (JSON.parse(h.body) as { data: { permitId: number } }).data.permitId)).toEqual([
        atS1Permit.permitId,
      ]);
      expect(receiver.at('/bolt')).toEqual([]);
      expect(await deliveriesOf(theirs.id, bolt)).toEqual([]);

      // Another company's manager sees none of it: 404 for each of its routes.
      expect((await api.as(bolt).get(`/api/webhooks/${atS1.id}/deliveries`)).statusCode).toBe(404);
      expect((await api.as(bolt).patch(`/api/webhooks/${atS1.id}`, { enabled: false })).statusCode).toBe(404);
      expect((await api.as(bolt).post(`/api/webhooks/${atS1.id}/rotate-secret`)).statusCode).toBe(404);
      expect((await api.as(bolt).delete(`/api/webhooks/${atS1.id}`)).statusCode).toBe(404);
      expect(await webhookOf(atS1.id, bolt)).toBeUndefined();
      // The operator's administrators see every company's.
      expect(await webhookOf(atS1.id, admin)).toBeDefined();
      expect(await webhookOf(theirs.id, admin)).toBeDefined();
    });

    it('retries a receiver that fails twice, with the same delivery id, until it succeeds', async () => {
      let calls = 0;
      receiver.answer('/flaky', () =>
        ++calls <= 2 ? { status: 503, body: 'down for a moment' } : { status: 204 },
      );
      const hook = await subscribe('/flaky');
      await addPermit(s(0));
      for (const n of [1, 2]) {
        await receiver.waitFor('/flaky', n, 20_000);
        // The backoff waits 10 s and more: start the waiting retry now, as the engine would later. The
        // delivery records its attempt before the job engine files the job for a retry, so a single
        // call may come before there is a retry to start: ask until the next attempt arrives.
        await eventually(async () => {
          await t.app.jobs.retryWaitingNow('webhooks.deliver');
          return receiver.at('/flaky').length > n;
        });
      }
      await receiver.waitFor('/flaky', 3);
      const hooks = receiver.at('/flaky');
      expect(new Set(hooks.map((h) => h.headers['x-clientportal-delivery'])).size).toBe(1);
      expect(new Set(hooks.map((h) => h.body)).size).toBe(1);
      await eventually(async () => (await deliveriesOf(hook.id))[0]?.status === 'succeeded');
      const [delivery] = await deliveriesOf(hook.id);
      expect(delivery).toMatchObject({ attempts: 3, responseCode: 204, status: 'succeeded' });
      expect((await webhookOf(hook.id))?.failingSince).toBeNull();
      // Every attempt is kept (decision 51), newest first: two failures, then the success.
      const attempts = await api
        .as(manager)
        .get(`/api/webhooks/${hook.id}/deliveries/${delivery!.id}/attempts`);
      expect(attempts.statusCode, attempts.body).toBe(200);
      const page = attempts.json(webhookAttemptPageSchema);
      expect(page.total).toBe(3);
      expect(page.rows.map((a) => [a.status, a.responseCode, a.responseBody])).toEqual([
        ['succeeded', 204, ''],
        ['failed', 503, 'down for a moment'],
        ['failed', 503, 'down for a moment'],
      ]);
      for (const a of page.rows) expect(a.durationMs).toBeGreaterThanOrEqual(0);
      const times = page.rows.map((a) => Date.parse(a.attemptedAt));
      expect([...times].sort((x, y) => y - x)).toEqual(times);
      // Oldest first when asked, and the delivery itself by its id; another company's: 404.
      const oldest = await api
        .as(manager)
        .get(`/api/webhooks/${hook.id}/deliveries/${delivery!.id}/attempts?direction=asc`);
      expect(oldest.json(webhookAttemptPageSchema).rows.map((a) => a.status)).toEqual([
        'failed',
        'failed',
        'succeeded',
      ]);
      const one = await api.as(manager).get(`/api/webhooks/${hook.id}/deliveries/${delivery!.id}`);
      expect(one.json(webhookDeliverySchema)).toMatchObject({ id: delivery!.id, attempts: 3 });
      expect(
        (await api.as(bolt).get(`/api/webhooks/${hook.id}/deliveries/${delivery!.id}/attempts`)).statusCode,
      ).toBe(404);
      expect((await api.as(bolt).get(`/api/webhooks/${hook.id}/deliveries/${delivery!.id}`)).statusCode).toBe(
        404,
      );
    });

    it('replays a delivery with the same delivery id and body', async () => {
      const hook = await subscribe('/replay');
      await addPermit(s(0));
      const [first] = await receiver.waitFor('/replay', 1);
      await eventually(async () => (await deliveriesOf(hook.id))[0]?.status === 'succeeded');
      const [delivery] = await deliveriesOf(hook.id);
      const res = await api.as(manager).post(`/api/webhooks/${hook.id}/deliveries/${delivery!.id}/replay`);
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json(webhookDeliverySchema)).toMatchObject({ id: delivery!.id, status: 'pending' });
      const [, again] = await receiver.waitFor('/replay', 2);
      expect(again!.headers['x-clientportal-delivery']).toBe(delivery!.id);
      expect(again!.body).toBe(first!.body);
      await eventually(async () => (await deliveriesOf(hook.id))[0]?.attempts === 2);
      const unknown = await api
        .as(manager)
        .post(`/api/webhooks/${hook.id}/deliveries/00000000-0000-4000-8000-000000000000/replay`);
      expect(unknown.statusCode).toBe(404);
      expect(
        (await api.as(bolt).post(`/api/webhooks/${hook.id}/deliveries/${delivery!.id}/replay`)).statusCode,
      ).toBe(404);
    });

    it('does not follow a redirect: a 3xx is a failed delivery, and its target is never asked', async () => {
      receiver.answer('/moved', () => ({ status: 302, headers: { location: receiver.url('/target') } }));
      const hook = await subscribe('/moved');
      await addPermit(s(0));
      await receiver.waitFor('/moved', 1);
      await eventually(async () => (await deliveriesOf(hook.id))[0]?.status === 'failed');
      const [delivery] = await deliveriesOf(hook.id);
      expect(delivery).toMatchObject({ responseCode: 302, error: expect.stringContaining('not followed') });
      expect(receiver.at('/target')).toEqual([]);
      expect((await webhookOf(hook.id))?.failingSince).not.toBeNull();
    });

    it('refuses at delivery a URL that now resolves to an internal address, and sends nothing', async () => {
      const hook = await subscribe('/rebound');
      // As if the name had resolved elsewhere at save: the address is checked again at each delivery.
      await t.database.db.execute(
        sql`update webhook_subscriptions set url = ${`http://127.0.0.1:${receiver.port}/rebound`} where id = ${hook.id}`,
      );
      await addPermit(s(0));
      await eventually(async () => (await deliveriesOf(hook.id))[0]?.status === 'failed');
      const [delivery] = await deliveriesOf(hook.id);
      expect(delivery).toMatchObject({
        responseCode: null,
        error: expect.stringContaining('internal address'),
      });
      expect(receiver.at('/rebound')).toEqual([]);
    });

    it('turns off a subscription whose deliveries have failed for a day, and emails its owner', async () => {
      receiver.answer('/broken', () => ({ status: 500, body: 'x'.repeat(5000) }));
      const hook = await subscribe('/broken');
      await addPermit(s(0));
      await receiver.waitFor('/broken', 1);
      await eventually(async () => (await deliveriesOf(hook.id))[0]?.status === 'failed');
      const [first] = await deliveriesOf(hook.id);
      // The first 2 KB of the answer are kept.
      expect(first!.responseBody).toBe('x'.repeat(2048));
      expect((await webhookOf(hook.id))?.enabled).toBe(true);
      // A day of failures: the first failure is set back a day (the clock is the database's).
      await t.database.db.execute(
        sql`update webhook_subscriptions set failing_since = now() - interval '25 hours' where id = ${hook.id}`,
      );
      await addPermit(s(0));
      await receiver.waitFor('/broken', 2);
      await eventually(async () => (await webhookOf(hook.id))?.enabled === false);
      expect(await webhookOf(hook.id)).toMatchObject({ enabled: false, disabledReason: 'failing' });
      const mail = await inbox.waitFor(managerEmail, /webhook was turned off/);
      expect(mail.text).toContain(receiver.url('/broken'));
      expect(mail.text).toContain('http://portal.test/admin/webhooks');
      // Turned off, it hears of nothing more, and its waiting retries send nothing.
      await addPermit(s(0));
      await t.app.jobs.retryWaitingNow('webhooks.deliver');
      await new Promise((r) => setTimeout(r, 1500));
      expect(receiver.at('/broken')).toHaveLength(2);
      expect(await deliveriesOf(hook.id)).toHaveLength(2);
    });
  });

  describe('managing', () => {
    it('rotates the secret: both sign for a day, the new one answered once', async () => {
      const hook = await subscribe('/rotate');
      const res = await api.as(manager).post(`/api/webhooks/${hook.id}/rotate-secret`);
      expect(res.statusCode, res.body).toBe(200);
      const rotated = res.json(createdWebhookSchema);
      expect(rotated.secret).not.toBe(hook.secret);
      expect(Date.parse(rotated.previousSecretUntil!)).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
      await addPermit(s(0));
      const [delivered] = await receiver.waitFor('/rotate', 1);
      const header = delivered!.headers['x-clientportal-signature'] as string;
      expect(verifySignature(header, delivered!.body, rotated.secret)).toMatchObject({
        valid: true,
        signatures: 2,
      });
      expect(verifySignature(header, delivered!.body, hook.secret).valid).toBe(true);
      expect(verifySignature(header, delivered!.body, 'whsec_someone-else').valid).toBe(false);
      expect(verifySignature(header, `${delivered!.body} `, rotated.secret).valid).toBe(false);
      expect(await auditTypesOf(hook.id)).toEqual(['WebhookCreated', 'WebhookSecretRotated']);
    });

    it('turns on and off (the operator too), deletes, and audits each', async () => {
      const hook = await subscribe('/onoff');
      const off = await api.as(admin).patch(`/api/webhooks/${hook.id}`, { enabled: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json(webhookSchema)).toMatchObject({ enabled: false, disabledReason: 'manual' });
      await addPermit(s(0));
      const on = await api.as(manager).patch(`/api/webhooks/${hook.id}`, { enabled: true });
      expect(on.json(webhookSchema)).toMatchObject({ enabled: true, disabledReason: null });
      const heard = await addPermit(s(0));
      const [only] = await receiver.waitFor('/onoff', 1);
      expect((JSON.parse(only!.body) as { data: { permitId: number } }).data.permitId).toBe(heard.permitId);
      expect((await api.as(manager).delete(`/api/webhooks/${hook.id}`)).statusCode).toBe(204);
      expect(await webhookOf(hook.id)).toBeUndefined();
      expect((await api.as(manager).get(`/api/webhooks/${hook.id}/deliveries`)).statusCode).toBe(404);
      expect(await auditTypesOf(hook.id)).toEqual([
        'WebhookCreated',
        'WebhookDisabled',
        'WebhookEnabled',
        'WebhookDeleted',
      ]);
    });

    it('hears only of what happens while it is on, however late the dispatcher runs', async () => {
      const hook = await subscribe('/while-on');
      expect((await api.as(manager).patch(`/api/webhooks/${hook.id}`, { enabled: false })).statusCode).toBe(
        200,
      );
      expect((await api.as(manager).patch(`/api/webhooks/${hook.id}`, { enabled: true })).statusCode).toBe(
        200,
      );
      // On again twice: the second changes nothing.
      expect((await api.as(manager).patch(`/api/webhooks/${hook.id}`, { enabled: true })).statusCode).toBe(
        200,
      );
      // An event of its site that happened before it was on again (while it was off, or before it was
      // made), reaching the dispatcher only now, as when the dispatcher is slower than a person.
      await t.database.db.execute(
        sql`insert into webhook_events (type, sites, data, occurred_at)
            values ('permit.added', ${`{${s(0)}}`}, '{"permitId": -1}', now() - interval '2 seconds'),
                   ('permit.added', ${`{${s(0)}}`}, '{"permitId": -2}', now() - interval '1 day')`,
      );
      const heard = await addPermit(s(0));
      const [only] = await receiver.waitFor('/while-on', 1);
      expect((JSON.parse(only!.body) as { data: { permitId: number } }).data.permitId).toBe(heard.permitId);
      // The dispatcher takes the oldest first: the two earlier events were seen, and not delivered.
      const left = await selectRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from webhook_events where dispatched_at is null`,
      );
      expect(left).toEqual([{ n: 0 }]);
      expect(await deliveriesOf(hook.id)).toHaveLength(1);
    });

    it('keeps the log 30 days: the daily prune removes older events and their deliveries', async () => {
      const hook = await subscribe('/prune');
      await addPermit(s(0));
      await receiver.waitFor('/prune', 1);
      await eventually(async () => (await deliveriesOf(hook.id)).length === 1);
      const [kept] = await deliveriesOf(hook.id);
      await addPermit(s(0));
      await receiver.waitFor('/prune', 2);
      await eventually(async () => (await deliveriesOf(hook.id)).length === 2);
      // One of the two events is made 31 days old; the other 29.
      await t.database.db.execute(
        sql`update webhook_events set occurred_at = now() - interval '31 days'
            where id = (select event_id from webhook_deliveries where subscription_id = ${hook.id} and id <> ${kept!.id})`,
      );
      await t.database.db.execute(
        sql`update webhook_events set occurred_at = now() - interval '29 days'
            where id = (select event_id from webhook_deliveries where id = ${kept!.id})`,
      );
      await t.app.jobs.send('webhooks.prune', {});
      await eventually(async () => (await deliveriesOf(hook.id)).length === 1);
      expect((await deliveriesOf(hook.id)).map((d) => d.id)).toEqual([kept!.id]);
    });

    it('pages the subscriptions and a log through all 30 days, newest first, by keyset', async () => {
      // The subscriptions: the manager's company's only; the operator's every company's. More than a page.
      const count = async () => (await api.as(manager).get('/api/webhooks')).json(webhookPageSchema).total;
      for (let n = await count(); n <= TABLE_PAGE_SIZE; n++) await subscribe(`/many-${n}`);
      const mine = await walk('/api/webhooks', (b) => webhookPageSchema.parse(b));
      expect(mine.rows.length).toBe(mine.total);
      expect(mine.total).toBeGreaterThan(TABLE_PAGE_SIZE);
      expect(mine.sizes[0]).toBe(TABLE_PAGE_SIZE);
      expect(new Set(mine.rows.map((w) => w.id)).size).toBe(mine.total);
      const created = mine.rows.map((w) => Date.parse(w.createdAt));
      expect([...created].sort((x, y) => y - x)).toEqual(created);
      const theirs = await walk('/api/webhooks', (b) => webhookPageSchema.parse(b), bolt);
      expect(theirs.rows.every((w) => !mine.rows.some((m) => m.id === w.id))).toBe(true);
      const everyone = await walk('/api/webhooks', (b) => webhookPageSchema.parse(b), admin);
      expect(everyone.total).toBe(mine.total + theirs.total);

      // A log of 35 deliveries over 30 days, three of them in the same instant.
      const hook = await subscribe('/paged');
      const [event] = await selectRows<{ id: string }>(
        t.database.db,
        sql`insert into webhook_events (type, sites, data, occurred_at, dispatched_at)
            values ('permit.added', ${`{${s(0)}}`}, '{"paged": true}', now() - interval '29 days', now())
            returning id`,
      );
      await t.database.db.execute(
        sql`insert into webhook_events (type, sites, data, dispatched_at)
            select 'permit.added', ${`{${s(0)}}`}, '{"paged": true}', now() from generate_series(1, 34)`,
      );
      await t.database.db.execute(
        sql`insert into webhook_deliveries (subscription_id, event_id, status, created_at)
            select ${hook.id}, e.id, 'succeeded',
              case when e.id = ${event!.id} then now() - interval '29 days'
                   when n <= 3 then now() - interval '10 days'
                   else now() - n * interval '1 minute' end
            from (select id, row_number() over (order by id) as n from webhook_events
                  where data->>'paged' = 'true') e`,
      );
      const log = await walk(`/api/webhooks/${hook.id}/deliveries`, (b) =>
        webhookDeliveryPageSchema.parse(b),
      );
      expect(log.total).toBe(35);
      expect(log.sizes).toEqual([10, 10, 10, 5]);
      expect(new Set(log.rows.map((d) => d.id)).size).toBe(35);
      expect(log.rows.some((d) => d.eventId === event!.id)).toBe(true);
      const times = log.rows.map((d) => Date.parse(d.createdAt));
      expect([...times].sort((x, y) => y - x)).toEqual(times);
      // Back from the last page with `before`, and a jump with `skip`, meet the same rows.
      const third = (await api.as(manager).get(`/api/webhooks/${hook.id}/deliveries?skip=20`)).json(
        webhookDeliveryPageSchema,
      );
      expect(third.rows.map((d) => d.id)).toEqual(log.rows.slice(20, 30).map((d) => d.id));
      const back = (
        await api
          .as(manager)
          .get(`/api/webhooks/${hook.id}/deliveries?before=${encodeURIComponent(third.first!)}`)
      ).json(webhookDeliveryPageSchema);
      expect(back.rows.map((d) => d.id)).toEqual(log.rows.slice(10, 20).map((d) => d.id));
      expect((await api.as(bolt).get(`/api/webhooks/${hook.id}/deliveries?skip=10`)).statusCode).toBe(404);
    });

    it('writes the event with the change or not at all: a refused add leaves nothing in the outbox', async () => {
      const [before] = await selectRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from webhook_events`,
      );
      const refused = await api
        .as(manager)
        .post('/api/permits?mode=single', [permitRow(s(0), { ended: ukDay(-3) })]);
      expect(refused.statusCode).toBe(400);
      const [after] = await selectRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from webhook_events`,
      );
      expect(after!.n).toBe(before!.n);
      expect(ukToday()).toBeTruthy();
    });
  });
});
