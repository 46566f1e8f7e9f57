import crypto from 'node:crypto';
import {
  permitDetailSchema,
  permitPageSchema,
  TABLE_PAGE_SIZE,
  ukToday,
  visitConfirmAnswerSchema,
  visitorApprovalPageSchema,
  visitorLinkPageSchema,
  visitorLinkSchema,
  visitorSummarySchema,
  visitStartAnswerSchema,
} from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHeaders, apiFor } from './api-client.js';
import { accountWith, clientWith, type TestSite } from './factories.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * Issue 27, "staff see it all" (decision 47): a visitor's permit is named on its own page, in the
 * downloads, the permit register and the dashboard's figures; the visitor links list and the host
 * approval queue answer a page at a time.
 */
describe('visitor permits where staff look, and the visitor lists paged', () => {
  let t: TestApp;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let clerk: AuthHeaders;
  let outsider: AuthHeaders;
  let site: TestSite;
  let link: { id: number; publicUrl: string; kioskUrl: string };
  let reference: string;
  const api = apiFor(() => t);
  let deviceSerial = 0;
  const device = () => ({ remoteAddress: `10.28.${++deviceSerial >> 8}.${deviceSerial & 255}` });

  const createLink = async (name: string, fields: Record<string, unknown> = {}) => {
    const res = await api.as(clerk).post('/api/permits/visitor-links', {
      site: site.number,
      name,
      enabled: true,
      expiresOn: null,
      durationKind: 'hours',
      durationAmount: 4,
      dailyCap: 50,
      hostApproval: false,
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json(visitorLinkSchema);
  };

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL: 'http://portal.test' } });
    const client = await clientWith(t, { sites: 2 });
    site = client.sites[0]!;
    clerk = (
      await accountWith(t, {
        features: ['Permits.View', 'Permits.AllPermits', 'Permits.Add', 'Permits.Disable', 'Reports.Access'],
        access: [site.number],
      })
    ).headers;
    outsider = (
      await accountWith(t, { features: ['Permits.View', 'Permits.Add'], access: [client.sites[1]!.number] })
    ).headers;
    // One visitor registers at the kiosk: their permit is the one staff should recognise.
    link = await createLink('Outpatients');
    const token = link.publicUrl.split('/visit/')[1]!;
    const kioskKey = new URL(link.kioskUrl).searchParams.get('key')!;
    const started = (
      await api.post(
        `/api/public/visit/${token}/start`,
        { vehicleRegistration: 'VS27SEE', kioskKey },
        device(),
      )
    ).json(visitStartAnswerSchema);
    if (started.status !== 'codeSent') throw new Error('expected a code');
    const done = (
      await api.post(
        `/api/public/visit/${token}/confirm`,
        { registrationId: started.registrationId, code: started.kioskCode },
        device(),
      )
    ).json(visitConfirmAnswerSchema);
    reference = done.reference!;
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  const visitorRow = async () => {
    const list = await api
      .as(clerk)
      .get(`/api/permits?siteNumber=${site.number}&vehicleRegistration=VS27SEE`);
    const [row] = list.json(permitPageSchema).rows;
    expect(row?.reference).toBe(reference);
    return row!;
  };

  it("names the visitor link on the permit's own page", async () => {
    const row = await visitorRow();
    const detail = await api.as(clerk).get(`/api/permits/${row.type}/${row.permitId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json(permitDetailSchema)).toMatchObject({ reference, visitorLink: 'Outpatients' });
    const other = (await api.as(clerk).get(`/api/permits?siteNumber=${site.number}`))
      .json(permitPageSchema)
      .rows.find((p) => p.reference !== reference);
    if (other) {
      const plain = await api.as(clerk).get(`/api/permits/${other.type}/${other.permitId}`);
      expect(plain.json(permitDetailSchema).visitorLink).toBeNull();
    }
  });

  it('gives the permit downloads a Visitor link column, empty for other permits', async () => {
    const res = await api.as(clerk).get(`/api/permits/_export?siteNumber=${site.number}`);
    expect(res.statusCode).toBe(200);
    const lines = res.rawPayload.subarray(2).toString('utf16le').trimEnd().split('\r\n');
    const header = lines[0]!.split('\t');
    expect(header.at(-1)).toBe('Visitor link');
    const visitor = lines.find((l) => l.includes('VS27SEE'))!.split('\t');
    expect(visitor.at(-1)).toBe('Outpatients');
    expect(visitor[header.indexOf('Type')]).toBe('Visitor (Outpatients)');
  });

  it('lists a visitor permit as of the kind Visitor, with its link, in the permit register', async () => {
    const today = ukToday();
    const res = await api
      .as(clerk)
      .get(`/api/reports/permit-register?site=${site.number}&from=${today}&to=${today}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const lines = res.rawPayload.subarray(2).toString('utf16le').trimEnd().split('\r\n');
    const header = lines[0]!.split('\t');
    const visitor = lines.find((l) => l.includes('VS27SEE'))!.split('\t');
    expect(visitor[header.indexOf('Kind')]).toBe('Visitor');
    expect(visitor[header.indexOf('Visitor link')]).toBe('Outpatients');
  });

  it("counts the dashboard's visitor figures over the links in reach", async () => {
    const summary = (await api.as(clerk).get('/api/permits/visitor-summary')).json(visitorSummarySchema);
    expect(summary).toMatchObject({ today: 1, active: 1, awaiting: 0 });
    expect(summary.links).toBeGreaterThanOrEqual(1);
    expect((await api.as(outsider).get('/api/permits/visitor-summary')).json(visitorSummarySchema)).toEqual({
      links: 0,
      today: 0,
      active: 0,
      awaiting: 0,
    });
    // Ended early: no longer active, still added today (the place was used).
    const row = await visitorRow();
    const expired = await api.as(clerk).post(`/api/permits/${row.type}/${row.permitId}/expire`, {});
    expect(expired.statusCode, expired.body).toBeLessThan(300);
    const after = (await api.as(clerk).get('/api/permits/visitor-summary')).json(visitorSummarySchema);
    expect(after).toMatchObject({ today: 1, active: 0 });
  });

  it('answers the visitor links a page at a time, by name, with the total and cursors', async () => {
    for (let i = 0; i < TABLE_PAGE_SIZE + 2; i++) await createLink(`Ward ${String(i).padStart(2, '0')}`);
    const first = (await api.as(clerk).get('/api/permits/visitor-links')).json(visitorLinkPageSchema);
    expect(first.total).toBe(TABLE_PAGE_SIZE + 3);
    expect(first.rows).toHaveLength(TABLE_PAGE_SIZE);
    const names = first.rows.map((l) => l.name);
    expect(names).toEqual([...names].sort());
    const second = (
      await api.as(clerk).get(`/api/permits/visitor-links?after=${encodeURIComponent(first.last!)}`)
    ).json(visitorLinkPageSchema);
    expect(second.rows.map((l) => l.name)).toEqual(['Ward 09', 'Ward 10', 'Ward 11']);
    const back = (
      await api.as(clerk).get(`/api/permits/visitor-links?before=${encodeURIComponent(second.first!)}`)
    ).json(visitorLinkPageSchema);
    expect(back.rows.map((l) => l.name)).toEqual(names);
    const desc = (await api.as(clerk).get('/api/permits/visitor-links?direction=desc')).json(
      visitorLinkPageSchema,
    );
    expect(desc.rows[0]!.name).toBe('Ward 11');
    expect((await api.as(outsider).get('/api/permits/visitor-links')).json(visitorLinkPageSchema).total).toBe(
      0,
    );
  });

  it('answers the host approval queue a page at a time, oldest first', async () => {
    const host = await createLink('Host approves', { hostApproval: true });
    const db = t.database.db;
    for (let i = 0; i < TABLE_PAGE_SIZE + 1; i++) {
      await db.execute(sql`insert into visitor_registrations (id, link_id, vehicle_registration, code_hash,
          code_expires_at, state, created_at)
        values (${crypto.randomUUID()}, ${host.id}, ${`AQ${String(i).padStart(2, '0')}AAA`}, 'x',
          now() + interval '15 minutes', 'awaiting', now() - make_interval(mins => ${60 - i}))`);
    }
    const first = (await api.as(clerk).get('/api/permits/visitor-approvals')).json(visitorApprovalPageSchema);
    expect(first.total).toBe(TABLE_PAGE_SIZE + 1);
    expect(first.rows.map((a) => a.vehicleRegistration).slice(0, 2)).toEqual(['AQ00AAA', 'AQ01AAA']);
    const next = (
      await api.as(clerk).get(`/api/permits/visitor-approvals?after=${encodeURIComponent(first.last!)}`)
    ).json(visitorApprovalPageSchema);
    expect(next.rows.map((a) => a.vehicleRegistration)).toEqual([`AQ${TABLE_PAGE_SIZE}AAA`]);
    const summary = (await api.as(clerk).get('/api/permits/visitor-summary')).json(visitorSummarySchema);
    expect(summary.awaiting).toBe(TABLE_PAGE_SIZE + 1);
    expect(
      (await api.as(outsider).get('/api/permits/visitor-approvals')).json(visitorApprovalPageSchema).total,
    ).toBe(0);
  });
});
