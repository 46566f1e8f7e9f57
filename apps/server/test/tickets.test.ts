import { ticketAllowanceSchema, ticketHistoryPageSchema, ticketSchema } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthStartOf } from '../src/modules/tickets/tickets-service.js';
import { type AuthHeaders, apiFor } from './api-client.js';
import {
  accountWith,
  clientCompany,
  groupOf,
  siteOf,
  type TestSite,
  ticketActionOn,
  ticketAt,
} from './factories.js';
import { selectRows } from './fixture-rows.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { buildTestApp, jobsSettled, type TestApp } from './test-app.js';

const DAY_MS = 86_400_000;
const ticketFeatures = [
  'Tickets.Cancel',
  'Tickets.Reduce',
  'Tickets.ViewCancelled',
  'Tickets.ViewReduced',
] as const;

describe('tickets: cancel and reduce within the site allowances', () => {
  let t: TestApp;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let admin: AuthHeaders;
  let manager: AuthHeaders & { userId: string };
  let clerk: AuthHeaders & { userId: string };
  let bolt: AuthHeaders;
  let managerEmail: string;
  let clerkEmail: string;
  /**
   * The manager's client: the clerk's site (with monthly allowances), a sibling without limits, a site
   * that allows no reductions, one whose allowances are used up this month, and two more for the
   * allowance tests; a group of them all. Another client's site (the bolt manager's).
   */
  let clerkSite: TestSite;
  let sibling: TestSite;
  let noReductions: TestSite;
  let usedUp: TestSite;
  let limitSite: TestSite;
  let raceSite: TestSite;
  let boltSite: TestSite;
  /** Open tickets issued a few days ago at the clerk's site. */
  let first: string, second: string, third: string, fourth: string, fifth: string, sixth: string;
  /** Tickets each refused for their own reasons. */
  const showcase = {} as Record<
    | 'paid'
    | 'tooOld'
    | 'cancelled'
    | 'popla'
    | 'secondReminder'
    | 'oldSettled'
    | 'debtRecovery'
    | 'court'
    | 'reductionsNotAllowed'
    | 'siblingOpen'
    | 'boltOpen',
    string
  > & { usedUp: string[]; limit: string; racing: string[] };

  const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(t.database.db, query);
  const api = apiFor(() => t);
  const get = (url: string, caller: AuthHeaders) => api.as(caller).get(`/api${url}`);
  /** The body is optional: `bare` sends none at all. */
  const post = (url: string, caller: AuthHeaders, bare = false) =>
    api.as(caller).post(`/api${url}`, bare ? undefined : {});
  /** The refusal codes of a 400 lookup or action. */
  const refusal = (res: Awaited<ReturnType<typeof get>>) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json() as { detail: string; errors: { ticketNumber: string[] } };
    expect(body.errors.ticketNumber.join(',')).toBe(body.detail);
    return body.detail;
  };
  const ticketRow = async (number: string) =>
    (
      await rows<{ status: string; reduced_until: string | null }>(
        sql`select status, reduced_until::text as reduced_until from tickets where ticket_number = ${number}`,
      )
    )[0]!;
  const actionsOf = (number: string) =>
    rows<{ action: string; site_number: string; user_id: string; action_at: Date | string }>(
      sql`select action, site_number, user_id, action_at from ticket_actions where ticket_number = ${number}`,
    );
  const actionCount = async (site: string, action: string) =>
    Number(
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from ticket_actions where site_number = ${site} and action = ${action}`,
        )
      )[0]!.n,
    );
  const allowanceAt = async (headers: AuthHeaders, site: string) => {
    const res = await get('/tickets/allowances', headers);
    expect(res.statusCode).toBe(200);
    return res.json(ticketAllowanceSchema.array()).find((r) => r.siteNumber === site)!;
  };

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL: 'http://portal.test' } });
    const company = (await clientCompany(t)).id;
    clerkSite = await siteOf(t, { company, cancellationAllowance: 20, reductionAllowance: 10 });
    sibling = await siteOf(t, { company });
    noReductions = await siteOf(t, { company, allowsReductions: false });
    usedUp = await siteOf(t, { company, cancellationAllowance: 1, reductionAllowance: 1 });
    limitSite = await siteOf(t, { company });
    raceSite = await siteOf(t, { company });
    const group = await groupOf(t, [clerkSite, sibling, noReductions, usedUp, limitSite, raceSite], {
      company,
    });
    const boltCompany = (await clientCompany(t)).id;
    boltSite = await siteOf(t, { company: boltCompany });
    const boltGroup = await groupOf(t, [boltSite], { company: boltCompany });

    admin = (await accountWith(t, { features: ticketFeatures, access: 'all' })).headers;
    // The receipts' flag for the manager; the clerk has none, and may only cancel.
    const managerAccount = await accountWith(t, {
      features: ticketFeatures,
      access: [group.number],
      flags: ['TicketActionReceipts'],
    });
    manager = { ...managerAccount.headers, userId: managerAccount.userId };
    managerEmail = managerAccount.email;
    const clerkAccount = await accountWith(t, { features: ['Tickets.Cancel'], access: [clerkSite.number] });
    clerk = { ...clerkAccount.headers, userId: clerkAccount.userId };
    clerkEmail = clerkAccount.email;
    bolt = (await accountWith(t, { features: ticketFeatures, access: [boltGroup.number] })).headers;

    const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
    const ticket = (site: TestSite, days: number, status = 'open') =>
      ticketAt(t, site.number, {
        registration: `TK${String(days).padStart(2, '0')}ABC`,
        issued: daysAgo(days),
        status,
      });
    [first, second, third, fourth, fifth, sixth] = [
      await ticket(clerkSite, 1),
      await ticket(clerkSite, 2),
      await ticket(clerkSite, 3),
      await ticket(clerkSite, 4),
      await ticket(clerkSite, 5),
      await ticket(clerkSite, 6),
    ];
    showcase.paid = await ticket(clerkSite, 3, 'paid');
    showcase.tooOld = await ticket(clerkSite, 40);
    showcase.cancelled = await ticket(clerkSite, 3, 'cancelled');
    showcase.popla = await ticket(sibling, 45, 'popla');
    showcase.secondReminder = await ticket(sibling, 50, 'secondReminder');
    showcase.oldSettled = await ticket(noReductions, 35, 'settled');
    showcase.debtRecovery = await ticket(sibling, 90, 'debtRecovery');
    showcase.court = await ticket(sibling, 120, 'court');
    showcase.reductionsNotAllowed = await ticket(noReductions, 2);
    showcase.siblingOpen = await ticket(sibling, 2);
    showcase.boltOpen = await ticket(boltSite, 2);
    showcase.usedUp = [await ticket(usedUp, 2), await ticket(usedUp, 3)];
    showcase.limit = await ticket(limitSite, 2);
    showcase.racing = [];
    for (let k = 0; k < 5; k++) showcase.racing.push(await ticket(raceSite, 1 + k));
    // The used-up site's one cancellation and one reduction this month, already taken.
    const earlierThisMonth = new Date(monthStartOf(new Date()).getTime() + 1000);
    for (const action of ['Cancel', 'Pay'] as const) {
      const taken = await ticket(usedUp, 4, action === 'Cancel' ? 'cancelled' : 'open');
      await ticketActionOn(t, { ticketNumber: taken, site: usedUp.number }, { action, at: earlierThisMonth });
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  describe('lookups', () => {
    it('answers an open recent ticket for both actions with its details', async () => {
      const res = await get(`/tickets/Cancel/${first}`, manager);
      expect(res.statusCode, res.body).toBe(200);
      const ticket = res.json(ticketSchema);
      expect(ticket).toMatchObject({
        ticketNumber: first,
        siteNumber: clerkSite.number,
        siteName: clerkSite.name,
        reducedAmount: 60,
      });
      expect(ticket.vehicleRegistration).toMatch(/^[A-Z0-9]+$/);
      expect(Date.parse(ticket.violationDate)).toBeLessThan(Date.now());
      expect((await get(`/tickets/Pay/${first}`, manager)).statusCode).toBe(200);
      // Lower case and surrounding spaces are forgiven.
      expect(
        (await get(`/tickets/Cancel/${encodeURIComponent(` ${first.toLowerCase()} `)}`, clerk)).statusCode,
      ).toBe(200);
    });

    it('refuses each showcase ticket with its code', async () => {
      expect(refusal(await get(`/tickets/Cancel/${showcase.paid}`, manager))).toBe('Paid');
      expect(refusal(await get(`/tickets/Cancel/${showcase.tooOld}`, manager))).toBe('ExceededMaxAge');
      expect(refusal(await get(`/tickets/Pay/${showcase.cancelled}`, manager))).toBe('Cancelled');
      expect(refusal(await get(`/tickets/Pay/${showcase.reductionsNotAllowed}`, manager))).toBe(
        'SiteInvalid',
      );
      expect((await get(`/tickets/Cancel/${showcase.reductionsNotAllowed}`, manager)).statusCode).toBe(200);
      for (const number of showcase.usedUp) {
        expect(refusal(await get(`/tickets/Cancel/${number}`, manager))).toBe('ExceededAllowance');
        expect(refusal(await get(`/tickets/Pay/${number}`, manager))).toBe('ExceededAllowance');
      }
    });

    it('returns every refusal that applies, in a fixed order', async () => {
      expect(refusal(await get(`/tickets/Cancel/${showcase.popla}`, manager))).toBe('POPLA,ExceededMaxAge');
      expect(refusal(await get(`/tickets/Pay/${showcase.secondReminder}`, manager))).toBe(
        'SecondReminder,ExceededMaxAge',
      );
      expect(refusal(await get(`/tickets/Pay/${showcase.oldSettled}`, manager))).toBe(
        'Settled,ExceededMaxAge,SiteInvalid',
      );
      expect(refusal(await get(`/tickets/Cancel/${showcase.debtRecovery}`, manager))).toBe(
        'DebtRecovery,ExceededMaxAge',
      );
      expect(refusal(await get(`/tickets/Cancel/${showcase.court}`, manager))).toBe('Court,ExceededMaxAge');
    });

    it("answers NotFound for unknown tickets and for tickets at sites the caller can't reach", async () => {
      const boltTicket = showcase.boltOpen;
      expect(refusal(await get('/tickets/Cancel/PCN99999999', manager))).toBe('NotFound');
      expect(refusal(await get(`/tickets/Cancel/${boltTicket}`, manager))).toBe('NotFound');
      expect((await get(`/tickets/Cancel/${boltTicket}`, bolt)).statusCode).toBe(200);
      expect((await get(`/tickets/Cancel/${boltTicket}`, admin)).statusCode).toBe(200);
      // The clerk reaches only the clerk site, not the rest of the Acme group.
      expect((await get(`/tickets/Cancel/${showcase.siblingOpen}`, manager)).statusCode).toBe(200);
      expect(refusal(await get(`/tickets/Cancel/${showcase.siblingOpen}`, clerk))).toBe('NotFound');
      expect(refusal(await post(`/tickets/${showcase.siblingOpen}/Cancel`, clerk))).toBe('NotFound');
      expect(refusal(await post(`/tickets/${boltTicket}/Pay`, manager))).toBe('NotFound');
    });

    it('checks input and features', async () => {
      expect((await get(`/tickets/Pay/${first}`, clerk)).statusCode).toBe(403);
      expect((await post(`/tickets/${first}/Pay`, clerk)).statusCode).toBe(403);
      expect((await get('/tickets?state=cancelled', clerk)).statusCode).toBe(403);
      expect((await get('/tickets?state=paid', clerk)).statusCode).toBe(403);
      expect((await get('/tickets/allowances', clerk)).statusCode).toBe(200);
      const tooLong = await get('/tickets/Cancel/PCN1234567890', manager);
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().errors).toHaveProperty('ticketNumber');
      expect((await get(`/tickets/Refund/${first}`, manager)).statusCode).toBe(400);
      expect((await get('/tickets?state=everything', manager)).statusCode).toBe(400);
      expect((await get('/tickets', manager)).statusCode).toBe(400);
      const anonymous = await api.get('/api/tickets/allowances');
      expect(anonymous.statusCode).toBe(401);
      expect((await api.post(`/api/tickets/${first}/Cancel`)).statusCode).toBe(401);
    });
  });

  describe('allowances', () => {
    it("lists the caller's sites by number with this month's use", async () => {
      const res = await get('/tickets/allowances', manager);
      expect(res.statusCode).toBe(200);
      const list = res.json(ticketAllowanceSchema.array());
      expect(list.map((r) => r.siteNumber)).toEqual(
        [clerkSite, sibling, noReductions, usedUp, limitSite, raceSite].map((s) => s.number).sort(),
      );
      expect(list.find((r) => r.siteNumber === usedUp.number)).toMatchObject({
        allocatedCancellations: 1,
        usedCancellations: 1,
        allocatedSettlements: 1,
        usedSettlements: 1,
      });
      expect(list.find((r) => r.siteNumber === clerkSite.number)).toMatchObject({
        siteName: clerkSite.name,
        allocatedCancellations: 20,
        allocatedSettlements: 10,
      });
      expect(list.find((r) => r.siteNumber === sibling.number)).toMatchObject({
        allocatedCancellations: null,
        allocatedSettlements: null,
      });

      const clerkList = (await get('/tickets/allowances', clerk)).json(ticketAllowanceSchema.array());
      expect(clerkList.map((r) => r.siteNumber)).toEqual([clerkSite.number]);
      const all = (await get('/tickets/allowances', admin)).json(ticketAllowanceSchema.array());
      const [sites] = await rows<{ n: number }>(sql`select count(*)::int as n from sites`);
      expect(all).toHaveLength(Number(sites!.n));
      const boltList = (await get('/tickets/allowances', bolt)).json(ticketAllowanceSchema.array());
      expect(boltList.map((r) => r.siteNumber)).toEqual([boltSite.number]);
    });
  });

  describe('cancel', () => {
    it('cancels, writes the action, counts it, lists it, and mails no receipt without the flag', async () => {
      const site = clerkSite.number;
      const before = await allowanceAt(manager, site);
      // Mail queued before (a job) has gone out before the count starts.
      await jobsSettled(t);
      const mailsBefore = inbox.received.length;

      const res = await post(`/tickets/${second}/Cancel`, clerk);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ticketNumber: second, status: 'cancelled', reducedAmount: 60 });

      expect((await ticketRow(second)).status).toBe('cancelled');
      const actions = await actionsOf(second);
      expect(actions).toHaveLength(1);
      expect(actions[0]).toMatchObject({ action: 'Cancel', site_number: site, user_id: clerk.userId });
      expect(Math.abs(Date.now() - new Date(actions[0]!.action_at).getTime())).toBeLessThan(60_000);

      const after = await allowanceAt(manager, site);
      expect(after.usedCancellations).toBe(before.usedCancellations + 1);
      expect(after.usedSettlements).toBe(before.usedSettlements);

      const history = await get('/tickets?state=cancelled', manager);
      expect(history.statusCode).toBe(200);
      const [latest] = history.json(ticketHistoryPageSchema).rows;
      expect(latest).toMatchObject({ ticketNumber: second, site });
      expect(Math.abs(Date.now() - Date.parse(latest!.actionDate))).toBeLessThan(60_000);

      // Done once: the same ticket cannot be cancelled twice.
      expect(refusal(await get(`/tickets/Cancel/${second}`, clerk))).toBe('Cancelled');
      expect(refusal(await post(`/tickets/${second}/Cancel`, clerk))).toBe('Cancelled');
      expect(await actionsOf(second)).toHaveLength(1);

      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(inbox.received.slice(mailsBefore).filter((m) => m.to.includes(clerkEmail))).toEqual([]);
    });

    it('mails a receipt to a user holding the TicketActionReceipts flag', async () => {
      const res = await post(`/tickets/${third}/Cancel`, manager, true);
      expect(res.statusCode, res.body).toBe(200);
      const mail = await inbox.waitFor(managerEmail, new RegExp(`^Ticket ${third} cancelled$`));
      expect(mail.text).toContain(`Ticket: ${third}`);
      expect(mail.text).toContain(`Site: ${clerkSite.number} ${clerkSite.name}`);
      expect(mail.text).toContain('http://portal.test/tickets/cancel');
    });
  });

  describe('reduce', () => {
    it('reduces for TicketReduceDays days, lists it, refuses a second reduction and mails a receipt', async () => {
      await t.database.db.execute(
        sql`insert into app_config (key, value) values ('TicketReduceDays', '10')
            on conflict (key) do update set value = excluded.value`,
      );
      // Written by hand, as another process would: the app's copy goes once the NOTIFY is handled.
      await t.app.caches.config.settle();
      const site = clerkSite.number;
      const before = await allowanceAt(manager, site);
      const res = await post(`/tickets/${fourth}/Pay`, manager);
      expect(res.statusCode, res.body).toBe(200);
      const today = new Date().toISOString().slice(0, 10);
      const expected = new Date(Date.parse(today) + 10 * DAY_MS).toISOString().slice(0, 10);
      expect(res.json()).toEqual({
        ticketNumber: fourth,
        status: 'open',
        reducedAmount: 60,
        reducedUntil: expected,
      });
      expect(await ticketRow(fourth)).toEqual({ status: 'open', reduced_until: expected });
      expect(await actionsOf(fourth)).toMatchObject([
        { action: 'Pay', site_number: site, user_id: manager.userId },
      ]);
      expect((await allowanceAt(manager, site)).usedSettlements).toBe(before.usedSettlements + 1);

      const history = (await get('/tickets?state=paid', manager)).json(ticketHistoryPageSchema).rows;
      expect(history[0]?.ticketNumber).toBe(fourth);
      const cancelled = (await get(`/tickets?state=cancelled&sort=ticketNumber`, manager)).json(
        ticketHistoryPageSchema,
      );
      expect(cancelled.rows.map((r) => r.ticketNumber)).not.toContain(fourth);
      expect(cancelled.rows.length).toBeLessThanOrEqual(10);
      const numbers = cancelled.rows.map((r) => r.ticketNumber);
      expect(numbers).toEqual([...numbers].sort());

      // A running reduction is a settlement already agreed; the ticket may still be cancelled.
      expect(refusal(await get(`/tickets/Pay/${fourth}`, manager))).toBe('Settled');
      expect((await get(`/tickets/Cancel/${fourth}`, manager)).statusCode).toBe(200);

      const mail = await inbox.waitFor(managerEmail, new RegExp(`^Ticket ${fourth} reduced$`));
      expect(mail.text).toContain('Amount now due: £60.00');
      await t.database.db.execute(sql`delete from app_config where key = 'TicketReduceDays'`);
      await t.app.caches.config.settle();
    });

    it('uses the default of 14 days when TicketReduceDays is unset', async () => {
      const res = await post(`/tickets/${fifth}/Pay`, manager);
      expect(res.statusCode, res.body).toBe(200);
      const today = new Date().toISOString().slice(0, 10);
      expect(res.json().reducedUntil).toBe(
        new Date(Date.parse(today) + 14 * DAY_MS).toISOString().slice(0, 10),
      );
    });

    it('refuses a reduction at a site that does not allow them, writing nothing', async () => {
      const [ticket, site] = [showcase.reductionsNotAllowed, noReductions.number];
      const before = await actionCount(site, 'Pay');
      expect(refusal(await post(`/tickets/${ticket}/Pay`, manager))).toBe('SiteInvalid');
      expect(await ticketRow(ticket)).toEqual({ status: 'open', reduced_until: null });
      expect(await actionCount(site, 'Pay')).toBe(before);
    });
  });

  describe('monthly allowance', () => {
    it('refuses once the allowance is used up and writes nothing', async () => {
      const site = limitSite.number;
      const ticket = showcase.limit;
      const used = (await allowanceAt(manager, site)).usedCancellations;
      await t.database.db.execute(
        sql`update sites set cancellation_allowance = ${used} where site_number = ${site}`,
      );
      const before = await actionCount(site, 'Cancel');

      expect(refusal(await get(`/tickets/Cancel/${ticket}`, manager))).toBe('ExceededAllowance');
      expect(refusal(await post(`/tickets/${ticket}/Cancel`, manager))).toBe('ExceededAllowance');
      expect((await ticketRow(ticket)).status).toBe('open');
      expect(await actionsOf(ticket)).toEqual([]);
      expect(await actionCount(site, 'Cancel')).toBe(before);

      // One more slot lets exactly one more cancel through.
      await t.database.db.execute(
        sql`update sites set cancellation_allowance = ${used + 1} where site_number = ${site}`,
      );
      expect((await post(`/tickets/${ticket}/Cancel`, manager)).statusCode).toBe(200);
      expect((await allowanceAt(manager, site)).usedCancellations).toBe(used + 1);
    });

    it('lets only one of several concurrent cancels take the last slot', async () => {
      const site = raceSite.number;
      const racing = showcase.racing;
      const used = (await allowanceAt(manager, site)).usedCancellations;
      await t.database.db.execute(
        sql`update sites set cancellation_allowance = ${used + 1} where site_number = ${site}`,
      );
      const race = () =>
        racing.map((number, k) => post(`/tickets/${number}/Cancel`, k % 2 ? admin : manager));
      let pending: ReturnType<typeof race> = [];
      if (t.database.kind === 'postgres') {
        // Hold the tickets' rows so every request gets past its first reads and queues on them; when they
        // are let go together, only the site lock keeps them from counting the same month's use at once.
        await t.database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1 from tickets where ticket_number in ${racing} for update`);
          pending = race();
          await new Promise((resolve) => setTimeout(resolve, 750));
        });
      } else {
        // PGlite runs one transaction at a time: the race still goes through the same path.
        pending = race();
      }
      const results = await Promise.all(pending);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
      for (const loser of results.filter((r) => r.statusCode === 400)) {
        expect(refusal(loser)).toBe('ExceededAllowance');
      }
      expect((await allowanceAt(manager, site)).usedCancellations).toBe(used + 1);
      const statuses = await Promise.all(racing.map(async (n) => (await ticketRow(n)).status));
      expect(statuses.filter((s) => s === 'cancelled')).toHaveLength(1);
    });

    it('lets only one of two concurrent cancels of the same ticket through', async () => {
      const results = await Promise.all([
        post(`/tickets/${sixth}/Cancel`, manager),
        post(`/tickets/${sixth}/Cancel`, admin),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(refusal(results.find((r) => r.statusCode === 400)!)).toBe('Cancelled');
      expect(await actionsOf(sixth)).toHaveLength(1);
    });
  });
});
