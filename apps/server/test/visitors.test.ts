import {
  permitPageSchema,
  visitConfirmAnswerSchema,
  visitLinkInfoSchema,
  visitorApprovalPageSchema,
  visitorLinkPosterSchema,
  visitorLinkSchema,
  visitStartAnswerSchema,
} from '@client-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHeaders, apiFor } from './api-client.js';
import { accountWith, allowanceAt, clientWith, sightingAt, type TestSite } from './factories.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { buildSecondInstance, buildTestApp, jobsSettled, type TestApp } from './test-app.js';

/** Issue 27: visitors register their own car through a site's link (decision 47). */
describe('visitor links and the public visitor page', () => {
  let t: TestApp;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let clerk: AuthHeaders;
  let outsider: AuthHeaders;
  let viewer: AuthHeaders;
  let site: TestSite;
  let otherSite: TestSite;
  const api = apiFor(() => t);
  let deviceSerial = 0;
  /** Each call from a device of its own, unless one is named: the per-device limits stay out of the way. */
  const device = (address?: string) => ({
    remoteAddress: address ?? `10.27.${++deviceSerial >> 8}.${deviceSerial & 255}`,
  });

  const linkBody = (fields: Record<string, unknown> = {}) => ({
    site: site.number,
    name: 'Outpatients',
    enabled: true,
    expiresOn: null,
    durationKind: 'hours',
    durationAmount: 4,
    dailyCap: 50,
    hostApproval: false,
    ...fields,
  });
  const createLink = async (fields: Record<string, unknown> = {}) => {
    const res = await api.as(clerk).post('/api/permits/visitor-links', linkBody(fields));
    expect(res.statusCode, res.body).toBe(201);
    return res.json(visitorLinkSchema);
  };
  const tokenOf = (link: { publicUrl: string }) => link.publicUrl.split('/visit/')[1]!;
  const keyOf = (link: { kioskUrl: string }) => new URL(link.kioskUrl).searchParams.get('key')!;
  const start = (token: string, body: Record<string, unknown>, address?: string) =>
    api.post(`/api/public/visit/${token}/start`, body, device(address));
  const confirm = (token: string, body: Record<string, unknown>, address?: string) =>
    api.post(`/api/public/visit/${token}/confirm`, body, device(address));
  /** A kiosk registration through to its permit (or refusal). */
  const kioskVisit = async (
    link: { publicUrl: string; kioskUrl: string },
    plate: string,
    address?: string,
  ) => {
    const started = await start(
      tokenOf(link),
      { vehicleRegistration: plate, kioskKey: keyOf(link) },
      address,
    );
    expect(started.statusCode, started.body).toBe(200);
    const answer = started.json(visitStartAnswerSchema);
    if (answer.status !== 'codeSent') throw new Error('expected a code');
    return confirm(tokenOf(link), { registrationId: answer.registrationId, code: answer.kioskCode }, address);
  };

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL: 'http://portal.test' } });
    const client = await clientWith(t, { sites: 2 });
    [site, otherSite] = client.sites as [TestSite, TestSite];
    clerk = (
      await accountWith(t, {
        features: ['Permits.View', 'Permits.AllPermits', 'Permits.Add', 'Permits.Disable'],
        access: [site.number],
      })
    ).headers;
    outsider = (
      await accountWith(t, { features: ['Permits.View', 'Permits.Add'], access: [otherSite.number] })
    ).headers;
    viewer = (await accountWith(t, { features: ['Permits.View'], access: [site.number] })).headers;
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  describe('link settings and reach', () => {
    it('creates a link with an unguessable token and a separate kiosk key, and lists it', async () => {
      const link = await createLink();
      expect(link).toMatchObject({ site: site.number, siteName: site.name, state: 'on', usedToday: 0 });
      expect(tokenOf(link)).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(keyOf(link)).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(keyOf(link)).not.toBe(tokenOf(link));
      expect(link.publicUrl).toBe(`http://portal.test/visit/${tokenOf(link)}`);
      const list = await api.as(clerk).get(`/api/permits/visitor-links?site=${site.number}`);
      expect(list.json().rows.map((l: { id: number }) => l.id)).toContain(link.id);
    });

    it('refuses bad settings with a message per field', async () => {
      const res = await api
        .as(clerk)
        .post('/api/permits/visitor-links', linkBody({ name: '', durationAmount: 25, dailyCap: 0 }));
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors).toEqual({
        name: ['Name is required.'],
        durationAmount: ['Give a number from 1 to 24.'],
        dailyCap: ['At least one visitor a day.'],
      });
      const days = await api
        .as(clerk)
        .post('/api/permits/visitor-links', linkBody({ durationKind: 'days', durationAmount: 29 }));
      expect(days.json().errors).toEqual({ durationAmount: ['Give a number from 1 to 28.'] });
      const past = await api
        .as(clerk)
        .post('/api/permits/visitor-links', linkBody({ expiresOn: '2020-01-01' }));
      expect(Object.keys(past.json().errors)).toEqual(['expiresOn']);
    });

    it('keeps links to the sites where the caller adds permits: 400 to create elsewhere, 404 to read, 403 without Permits.Add', async () => {
      const link = await createLink();
      const elsewhere = await api.as(outsider).post('/api/permits/visitor-links', linkBody());
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().errors.site).toEqual([`Site ${site.number} is not assigned to you.`]);
      expect((await api.as(outsider).get(`/api/permits/visitor-links/${link.id}`)).statusCode).toBe(404);
      expect(
        (await api.as(outsider).put(`/api/permits/visitor-links/${link.id}`, linkBody())).statusCode,
      ).toBe(404);
      expect((await api.as(outsider).get('/api/permits/visitor-links')).json()).toMatchObject({
        rows: [],
        total: 0,
      });
      expect((await api.as(viewer).get('/api/permits/visitor-links')).statusCode).toBe(403);
    });

    it('changes a link, and an off link answers the visitor politely with what to do', async () => {
      const link = await createLink();
      const off = await api
        .as(clerk)
        .put(`/api/permits/visitor-links/${link.id}`, { ...linkBody(), site: undefined, enabled: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json(visitorLinkSchema).state).toBe('off');
      const info = (await api.get(`/api/public/visit/${tokenOf(link)}`)).json(visitLinkInfoSchema);
      expect(info).toMatchObject({ open: false, closedReason: 'off' });
      expect(info.message).toMatch(/ask reception/);
      const res = await start(tokenOf(link), { vehicleRegistration: 'AB12CDE', email: 'v@visitor.example' });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toMatch(/turned off.*ask reception/);

      // A link past its last day (set in the table: the API refuses a last day already past).
      const expiring = await createLink();
      await t.database.sql.executeSql(
        `update visitor_links set expires_at = now() - interval '1 minute' where id = $1`,
        [expiring.id],
      );
      const expiredInfo = (await api.get(`/api/public/visit/${tokenOf(expiring)}`)).json(visitLinkInfoSchema);
      expect(expiredInfo).toMatchObject({ open: false, closedReason: 'expired' });
      const late = await start(tokenOf(expiring), {
        vehicleRegistration: 'AB12CDE',
        email: 'v@visitor.example',
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().detail).toMatch(/expired.*ask reception/);
    });

    it('draws the poster QR code on the server as SVG', async () => {
      const link = await createLink();
      const res = await api.as(clerk).get(`/api/permits/visitor-links/${link.id}/poster`);
      const poster = res.json(visitorLinkPosterSchema);
      expect(poster.qrSvg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
      expect(poster.link.publicUrl).toBe(link.publicUrl);
    });
  });

  describe('the public page', () => {
    it('tells a visitor only the link’s own words: site, link name and duration', async () => {
      const link = await createLink({
        name: 'Ward 7 visitors',
        durationKind: 'endOfDay',
        durationAmount: null,
      });
      const res = await api.get(`/api/public/visit/${tokenOf(link)}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const info = res.json(visitLinkInfoSchema);
      expect(Object.keys(info).sort()).toEqual(
        [
          'closedReason',
          'durationAmount',
          'durationKind',
          'endsAt',
          'hostApproval',
          'kiosk',
          'linkName',
          'message',
          'open',
          'site',
          'siteName',
        ].sort(),
      );
      expect(info).toMatchObject({
        site: site.number,
        siteName: site.name,
        linkName: 'Ward 7 visitors',
        durationKind: 'endOfDay',
        durationAmount: null,
        open: true,
        kiosk: false,
      });
      const unknown = await api.get('/api/public/visit/no-such-token-at-all');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().detail).toMatch(/ask reception/);
    });

    it('answers its problems in the language the page asks for (Accept-Language, decision 53)', async () => {
      const welsh = { headers: { 'accept-language': 'cy' } };
      const unknownEn = await api.get('/api/public/visit/no-such-token-at-all');
      const unknownCy = await api.get('/api/public/visit/no-such-token-at-all', welsh);
      expect(unknownEn.json().detail).toBe(
        'This visitor link does not work. Please ask reception, who can register your car.',
      );
      expect(unknownCy.statusCode).toBe(404);
      expect(unknownCy.json().detail).toBe(
        "Nid yw'r ddolen ymwelwyr hon yn gweithio. Gofynnwch i'r dderbynfa, a all gofrestru eich car.",
      );
      // The first choice of the two languages wins; a language the portal lacks is passed over.
      const preferring = await api.get('/api/public/visit/no-such-token-at-all', {
        headers: { 'accept-language': 'fr-FR, en;q=0.5, cy-GB;q=0.8' },
      });
      expect(preferring.json().detail).toBe(unknownCy.json().detail);

      const off = await createLink({ enabled: false });
      const info = (await api.get(`/api/public/visit/${tokenOf(off)}`, welsh)).json(visitLinkInfoSchema);
      expect(info.message).toBe(
        "Mae cofrestru ymwelwyr drwy'r ddolen hon wedi'i ddiffodd. Gofynnwch i'r dderbynfa, a all gofrestru eich car.",
      );
      const refused = await api.post(
        `/api/public/visit/${tokenOf(off)}/start`,
        { vehicleRegistration: 'CY27 ABC', email: 'ymwelydd@visitor.example' },
        { ...device(), ...welsh },
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(info.message);

      const link = await createLink();
      const noEmail = await api.post(
        `/api/public/visit/${tokenOf(link)}/start`,
        { vehicleRegistration: 'CY27 ABD' },
        { ...device(), ...welsh },
      );
      expect(noEmail.json().errors.email).toEqual([
        "Rhowch eich cyfeiriad e-bost: mae'r cod sy'n cadarnhau eich cofrestriad yn mynd yno.",
      ]);
      const started = (
        await api.post(
          `/api/public/visit/${tokenOf(link)}/start`,
          { vehicleRegistration: 'CY27 ABE', email: 'ymwelydd@visitor.example', language: 'cy' },
          { ...device(), ...welsh },
        )
      ).json(visitStartAnswerSchema);
      if (started.status !== 'codeSent') throw new Error('no code sent');
      const mail = await inbox.waitFor('ymwelydd@visitor.example', /\d{6}/);
      const code = /(\d{6})/.exec(mail.subject)![1]!;
      const wrong = await api.post(
        `/api/public/visit/${tokenOf(link)}/confirm`,
        { registrationId: started.registrationId, code: code === '000000' ? '111111' : '000000' },
        { ...device(), ...welsh },
      );
      expect(wrong.json().errors.code).toEqual([
        "Nid yw'r cod hwnnw'n gywir. Gwiriwch ef a rhowch gynnig arall arni (4 ymgais ar ôl).",
      ]);
    });

    it('e-mails a one-time code; a wrong code counts a try; the right one stores the permit and mails a receipt', async () => {
      const link = await createLink();
      const email = 'visitor1@visitor.example';
      const started = await start(tokenOf(link), {
        vehicleRegistration: 'vx27 abc',
        visitorName: 'Val Visitor',
        email,
      });
      expect(started.statusCode, started.body).toBe(200);
      const answer = started.json(visitStartAnswerSchema);
      expect(answer).toMatchObject({ status: 'codeSent', sentTo: 'v***@visitor.example', kioskCode: null });
      if (answer.status !== 'codeSent') return;
      const mail = await inbox.waitFor(email, /^Your visitor code: \d{6}$/);
      const code = /(\d{6})/.exec(mail.subject)![1]!;
      // Nothing is stored before the code comes back.
      const before = await api
        .as(clerk)
        .get(`/api/permits?siteNumber=${site.number}&vehicleRegistration=VX27ABC`);
      expect(before.json(permitPageSchema).total).toBe(0);

      const wrong = await confirm(tokenOf(link), {
        registrationId: answer.registrationId,
        code: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors.code).toEqual([
        'That code is not right. Check it and try again (4 tries left).',
      ]);

      const right = await confirm(tokenOf(link), { registrationId: answer.registrationId, code });
      expect(right.statusCode, right.body).toBe(200);
      const done = right.json(visitConfirmAnswerSchema);
      expect(done).toMatchObject({
        status: 'registered',
        siteName: site.name,
        vehicleRegistration: 'VX27ABC',
      });
      expect(Date.parse(done.endsAt!) - Date.now()).toBeGreaterThan(3.9 * 3_600_000);

      // Confirming twice stores nothing more.
      expect((await confirm(tokenOf(link), { registrationId: answer.registrationId, code })).statusCode).toBe(
        409,
      );

      const list = await api
        .as(clerk)
        .get(`/api/permits?siteNumber=${site.number}&vehicleRegistration=VX27ABC`);
      const page = list.json(permitPageSchema);
      expect(page.total).toBe(1);
      expect(page.rows[0]).toMatchObject({
        reference: done.reference,
        driverName: 'Val Visitor',
        isTemp: true,
      });

      const receipt = await inbox.waitFor(email, /^Registered: VX27ABC/);
      expect(receipt.text).toContain(done.reference!);
      expect(receipt.text).toContain(site.name);

      // The reminder waits on the job engine until 15 minutes before the end.
      const { rows } = await t.database.sql.executeSql(
        `select start_after from pgboss.job where name = 'visitors.remind' and data->>'registrationId' = $1`,
        [answer.registrationId],
      );
      expect(rows).toHaveLength(1);
      const remindAt = Date.parse(String((rows[0] as { start_after: string }).start_after));
      expect(Math.abs(remindAt - (Date.parse(done.endsAt!) - 15 * 60_000))).toBeLessThan(1000);
    });

    it('needs an e-mail address unless the kiosk key is given; the kiosk gets the code itself', async () => {
      const link = await createLink();
      const noEmail = await start(tokenOf(link), { vehicleRegistration: 'KI05SKA' });
      expect(noEmail.statusCode).toBe(400);
      expect(Object.keys(noEmail.json().errors)).toEqual(['email']);
      const wrongKey = await start(tokenOf(link), { vehicleRegistration: 'KI05SKA', kioskKey: 'guess' });
      expect(wrongKey.statusCode).toBe(400);
      const info = (await api.get(`/api/public/visit/${tokenOf(link)}?kiosk=${keyOf(link)}`)).json(
        visitLinkInfoSchema,
      );
      expect(info.kiosk).toBe(true);
      const res = await kioskVisit(link, 'KI05SKA');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(visitConfirmAnswerSchema).status).toBe('registered');
    });

    it('warns in plain words of a plate one slip from a camera read, without naming it, and stores nothing until confirmed', async () => {
      const link = await createLink();
      await sightingAt(t, site.number, {
        registration: 'PL27ABE',
        enteredAt: new Date(Date.now() - 3_600_000),
      });
      const res = await start(tokenOf(link), { vehicleRegistration: 'PL27A8E', kioskKey: keyOf(link) });
      const answer = res.json(visitStartAnswerSchema);
      expect(answer.status).toBe('check');
      expect(answer.warnings.map((w) => w.code)).toContain('similarSeen');
      expect(JSON.stringify(answer)).not.toContain('PL27ABE');
      const confirmed = await start(tokenOf(link), {
        vehicleRegistration: 'PL27A8E',
        kioskKey: keyOf(link),
        confirmedWarnings: true,
      });
      expect(confirmed.json(visitStartAnswerSchema).status).toBe('codeSent');
      const foreign = await start(tokenOf(link), { vehicleRegistration: 'ZZZZZZZZZ', kioskKey: keyOf(link) });
      const note = foreign.json(visitStartAnswerSchema);
      expect(note.status).toBe('codeSent');
      expect(note.warnings.map((w) => w.message)).toEqual([
        expect.stringMatching(/does not look like a UK registration/),
      ]);
    });

    it('refuses an overlap and an exceeded temporary allowance, politely', async () => {
      const client = await clientWith(t, { sites: 1 });
      const small = client.sites[0]!;
      await allowanceAt(t, small, { temporary: 1, permanent: null });
      const manager = (await accountWith(t, { features: ['Permits.Add'], access: [small.number] })).headers;
      const res = await api.as(manager).post('/api/permits/visitor-links', linkBody({ site: small.number }));
      const link = res.json(visitorLinkSchema);
      expect((await kioskVisit(link, 'AL27LOW')).statusCode).toBe(200);
      const again = await kioskVisit(link, 'AL27LOW');
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toMatch(/already registered/);
      const over = await kioskVisit(link, 'AL27OVR');
      expect(over.statusCode).toBe(409);
      expect(over.json().detail).toMatch(/no visitor places left.*ask reception/);
    });

    it('never exceeds the daily cap when 100 visitors confirm at once', async () => {
      const cap = 7;
      const link = await createLink({ dailyCap: cap, name: 'Race' });
      const started = await Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          const res = await start(tokenOf(link), {
            vehicleRegistration: `RC${String(i).padStart(2, '0')}ACE`,
            kioskKey: keyOf(link),
          });
          const answer = res.json(visitStartAnswerSchema);
          if (answer.status !== 'codeSent') throw new Error(res.body);
          return answer;
        }),
      );
      const answers = await Promise.all(
        started.map((a) => confirm(tokenOf(link), { registrationId: a.registrationId, code: a.kioskCode })),
      );
      const statuses = answers.map((a) => a.statusCode);
      // On a loaded machine a PostgreSQL pool of 10 may make some wait past its 5 s for a connection while
      // the site's lock passes from one to the next: they answer 503 with Retry-After (try again), never 500.
      const others = answers.filter((a) => a.statusCode !== 200 && a.statusCode !== 409);
      for (const other of others) {
        expect(other.statusCode, other.body).toBe(503);
        expect(other.headers['retry-after']).toBeDefined();
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(cap);
      expect(statuses.filter((s) => s === 409).length + others.length).toBe(100 - cap);
      expect(statuses.every((s) => s < 500)).toBe(true);
      const refused = answers.find((a) => a.statusCode === 409)!;
      expect(refused.json().detail).toMatch(/all taken.*ask reception/);
      const after = (await api.as(clerk).get(`/api/permits/visitor-links/${link.id}`)).json(
        visitorLinkSchema,
      );
      expect(after.usedToday).toBe(cap);
      const info = (await api.get(`/api/public/visit/${tokenOf(link)}`)).json(visitLinkInfoSchema);
      expect(info).toMatchObject({ open: false, closedReason: 'full' });
    });

    it('limits starts per device across two app instances, in the database', async () => {
      const link = await createLink();
      const second = await buildSecondInstance(t);
      try {
        const address = '10.99.27.1';
        const codes: number[] = [];
        for (let i = 0; i < 12; i++) {
          const app = i % 2 === 0 ? t.app : second.app;
          const res = await app.inject({
            method: 'POST',
            url: `/api/public/visit/${tokenOf(link)}/start`,
            payload: { vehicleRegistration: `RL${i}AAA`, email: 'rate@visitor.example' },
            remoteAddress: address,
          });
          codes.push(res.statusCode);
          if (res.statusCode === 429) {
            expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
            expect(res.json().detail).toMatch(/ask reception/);
          }
        }
        expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
        expect(codes.slice(10)).toEqual([429, 429]);
        // Another device is still served.
        expect(
          (await start(tokenOf(link), { vehicleRegistration: 'RL99AAA', email: 'r@visitor.example' }))
            .statusCode,
        ).toBe(200);
      } finally {
        await second.close();
      }
    });
  });

  describe('staff see it', () => {
    it('queues visitors for a host when the link asks; approve stores the permit, refuse mails the visitor', async () => {
      const link = await createLink({ hostApproval: true, name: 'Host approves' });
      const email = 'host-visitor@visitor.example';
      const visit = async (plate: string) => {
        const res = await start(tokenOf(link), { vehicleRegistration: plate, email });
        const answer = res.json(visitStartAnswerSchema);
        if (answer.status !== 'codeSent') throw new Error(res.body);
        const mail = await inbox.waitFor(email, /^Your visitor code/);
        const code = /(\d{6})/.exec(mail.subject)![1]!;
        const done = await confirm(tokenOf(link), { registrationId: answer.registrationId, code });
        expect(done.json(visitConfirmAnswerSchema)).toMatchObject({
          status: 'awaitingApproval',
          reference: null,
        });
        return answer.registrationId;
      };
      const first = await visit('HA27AAA');
      const second = await visit('HA27BBB');
      const queue = (await api.as(clerk).get('/api/permits/visitor-approvals')).json(
        visitorApprovalPageSchema,
      ).rows;
      expect(queue.map((q) => q.vehicleRegistration)).toEqual(expect.arrayContaining(['HA27AAA', 'HA27BBB']));
      expect((await api.as(outsider).get('/api/permits/visitor-approvals')).json()).toMatchObject({
        rows: [],
        total: 0,
      });
      expect(
        (await api.as(outsider).post(`/api/permits/visitor-approvals/${first}/approve`)).statusCode,
      ).toBe(404);

      const approved = await api.as(clerk).post(`/api/permits/visitor-approvals/${first}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().reference).toMatch(new RegExp(`^P${site.number}-`));
      await inbox.waitFor(email, /^Registered: HA27AAA/);
      expect((await api.as(clerk).post(`/api/permits/visitor-approvals/${first}/approve`)).statusCode).toBe(
        409,
      );

      const refused = await api.as(clerk).post(`/api/permits/visitor-approvals/${second}/refuse`);
      expect(refused.json()).toEqual({ status: 'refused', reference: null });
      const mail = await inbox.waitFor(email, /was not approved/);
      expect(mail.text).toMatch(/ask reception/);
      const list = await api
        .as(clerk)
        .get(`/api/permits?siteNumber=${site.number}&vehicleRegistration=HA27BBB`);
      expect(list.json(permitPageSchema).total).toBe(0);
    });

    it('reminds the visitor before the end, and not once the permit was ended early', async () => {
      const link = await createLink({ name: 'Reminded' });
      const visit = async (plate: string, email: string) => {
        const started = (
          await start(tokenOf(link), { vehicleRegistration: plate, email, kioskKey: keyOf(link) })
        ).json(visitStartAnswerSchema);
        if (started.status !== 'codeSent') throw new Error('expected a code');
        const done = await confirm(tokenOf(link), {
          registrationId: started.registrationId,
          code: started.kioskCode,
        });
        return { registrationId: started.registrationId, ...done.json(visitConfirmAnswerSchema) };
      };
      const kept = await visit('RM27AAA', 'kept@visitor.example');
      const ended = await visit('RM27BBB', 'ended@visitor.example');
      await inbox.waitFor('kept@visitor.example', /^Registered: RM27AAA/);
      await inbox.waitFor('ended@visitor.example', /^Registered: RM27BBB/);
      const endedId = Number(ended.reference!.split('-')[1]);
      expect((await api.as(clerk).post(`/api/permits/site/${endedId}/expire`)).statusCode).toBe(200);
      // What the engine does at the job's start time, done now.
      const sent: string[] = [];
      for (const v of [kept, ended]) {
        const id = await t.app.jobs.send('visitors.remind', {
          registrationId: v.registrationId,
          endsAt: v.endsAt,
        });
        sent.push(id!);
      }
      const reminder = await inbox.waitFor('kept@visitor.example', /^Your parking at .* ends at \d\d:\d\d$/);
      expect(reminder.text).toContain(kept.reference!);
      expect(reminder.text).toMatch(/ask reception/);
      // Both jobs ran (the ended one sending nothing); those queued for the real times still wait.
      for (let tries = 0; ; tries++) {
        const { rows } = await t.database.sql.executeSql(
          `select count(*)::int as n from pgboss.job where id = any($1::uuid[]) and state = 'completed'`,
          [sent],
        );
        if (Number((rows[0] as { n: number }).n) === 2) break;
        if (tries > 100) throw new Error('the reminder jobs did not run');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await jobsSettled(t);
      expect(
        inbox.received.some((m) => m.to.includes('ended@visitor.example') && /ends at/.test(m.subject)),
      ).toBe(false);
    });

    it('ends a visitor permit early with the permits’ own expire', async () => {
      const link = await createLink();
      const res = await kioskVisit(link, 'EX27END');
      const reference = res.json(visitConfirmAnswerSchema).reference!;
      const permitId = Number(reference.split('-')[1]);
      const expired = await api.as(clerk).post(`/api/permits/site/${permitId}/expire`);
      expect(expired.statusCode, expired.body).toBe(200);
      await jobsSettled(t);
    });
  });
});
