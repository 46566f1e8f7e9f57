import { ticketAllowanceSchema, ticketHistoryPageSchema, ticketSchema } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFacts } from '../src/db/seed/demo-facts.js';
import { type AuthHeaders, apiFor } from './api-client.js';
import { selectRows } from './fixture-rows.js';
import { bearerFor } from './sign-in-as.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { buildTestApp, type TestApp } from './test-app.js';

const DAY_MS = 86_400_000;
const [first, second, third, fourth, fifth, sixth] = demoFacts.tickets.openAtClerkSite;

describe('tickets: cancel and reduce within the site allowances', () => {
  let t: TestApp;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let admin: AuthHeaders;
  let manager: AuthHeaders & { userId: string };
  let clerk: AuthHeaders & { userId: string };
  let bolt: AuthHeaders;

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
  /** Open, never reduced, young tickets at a site (bulk seed data), oldest number first. */
  const openTicketsAt = async (site: string, count: number) => {
    const found = await rows<{ ticket_number: string }>(
      sql`select ticket_number from tickets where site_number = ${site} and status = 'open'
          and reduced_until is null and issue_date > now() - interval '20 days'
          order by ticket_number limit ${count}`,
    );
    expect(found).toHaveLength(count);
    return found.map((r) => r.ticket_number);
  };
  const allowanceAt = async (headers: AuthHeaders, site: string) => {
    const res = await get('/tickets/allowances', headers);
    expect(res.statusCode).toBe(200);
    return res.json(ticketAllowanceSchema.array()).find((r) => r.siteNumber === site)!;
  };

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL: 'http://portal.test' } });
    admin = await bearerFor(t, 'admin@operator.example');
    manager = await bearerFor(t, 'manager@acme.example');
    clerk = await bearerFor(t, 'clerk@acme.example');
    bolt = await bearerFor(t, 'manager@bolt.example');
    // The receipts' flag for the manager (the seed may already grant it); the clerk has none.
    await t.database.db.execute(
      sql`insert into user_flags (user_id, flag) values (${manager.userId}, 'TicketActionReceipts')
          on conflict do nothing`,
    );
    await t.database.db.execute(
      sql`delete from user_flags where user_id = ${clerk.userId} and flag = 'TicketActionReceipts'`,
    );
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
        siteNumber: demoFacts.clerkSite.number,
        siteName: demoFacts.clerkSite.name,
        reducedAmount: 60,
      });
      expect(ticket.vehicleRegistration).toMatch(/^[A-Z0-9]+$/);
      expect(Date.parse(ticket.violationDate)).toBeLessThan(Date.now());
      expect((await get(`/tickets/Pay/${first}`, manager)).statusCode).toBe(200);
      // Lower case and surrounding spaces are forgiven.
      expect(
        (await get(`/tickets/Cancel/${encodeURIComponent(` ${first!.toLowerCase()} `)}`, clerk)).statusCode,
      ).toBe(200);
    });

    it('refuses each showcase ticket with its code', async () => {
      const { tickets } = demoFacts;
      expect(refusal(await get(`/tickets/Cancel/${tickets.paid}`, manager))).toBe('Paid');
      expect(refusal(await get(`/tickets/Cancel/${tickets.issuedMoreThan28DaysAgo}`, manager))).toBe(
        'ExceededMaxAge',
      );
      expect(refusal(await get(`/tickets/Pay/${tickets.cancelled}`, manager))).toBe('Cancelled');
      expect(refusal(await get(`/tickets/Pay/${tickets.reductionsNotAllowed.ticket}`, manager))).toBe(
        'SiteInvalid',
      );
      expect((await get(`/tickets/Cancel/${tickets.reductionsNotAllowed.ticket}`, manager)).statusCode).toBe(
        200,
      );
      for (const number of tickets.allowanceUsedUp.tickets) {
        expect(refusal(await get(`/tickets/Cancel/${number}`, manager))).toBe('ExceededAllowance');
        expect(refusal(await get(`/tickets/Pay/${number}`, manager))).toBe('ExceededAllowance');
      }
    });

    it('returns every refusal that applies, in a fixed order', async () => {
      const { tickets } = demoFacts;
      expect(refusal(await get(`/tickets/Cancel/${tickets.popla}`, manager))).toBe('POPLA,ExceededMaxAge');
      expect(refusal(await get(`/tickets/Pay/${tickets.secondReminder}`, manager))).toBe(
        'SecondReminder,ExceededMaxAge',
      );
      const [old] = await rows<{ ticket_number: string }>(
        sql`select ticket_number from tickets where site_number = ${tickets.reductionsNotAllowed.site}
            and status = 'settled' and issue_date < now() - interval '30 days' order by ticket_number limit 1`,
      );
      expect(refusal(await get(`/tickets/Pay/${old!.ticket_number}`, manager))).toBe(
        'Settled,ExceededMaxAge,SiteInvalid',
      );
      for (const [status, code] of [
        ['debtRecovery', 'DebtRecovery'],
        ['court', 'Court'],
      ] as const) {
        const [row] = await rows<{ ticket_number: string }>(
          sql`select ticket_number from tickets where status = ${status} and site_number in ('1001', '1002', '1003', '1004', '1005', '1006')
              order by ticket_number limit 1`,
        );
        expect(refusal(await get(`/tickets/Cancel/${row!.ticket_number}`, manager))).toBe(
          `${code},ExceededMaxAge`,
        );
      }
    });

    it("answers NotFound for unknown tickets and for tickets at sites the caller can't reach", async () => {
      const [boltTicket] = demoFacts.tickets.openAtBolt.tickets;
      expect(refusal(await get('/tickets/Cancel/PCN99999999', manager))).toBe('NotFound');
      expect(refusal(await get(`/tickets/Cancel/${boltTicket}`, manager))).toBe('NotFound');
      expect((await get(`/tickets/Cancel/${boltTicket}`, bolt)).statusCode).toBe(200);
      expect((await get(`/tickets/Cancel/${boltTicket}`, admin)).statusCode).toBe(200);
      // The clerk reaches only the clerk site, not the rest of the Acme group.
      const [sibling] = await openTicketsAt('1002', 1);
      expect(refusal(await get(`/tickets/Cancel/${sibling}`, clerk))).toBe('NotFound');
      expect(refusal(await post(`/tickets/${sibling}/Cancel`, clerk))).toBe('NotFound');
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
      expect(list.map((r) => r.siteNumber)).toEqual(demoFacts.acmeManagerGroup.sites);
      const usedUp = list.find((r) => r.siteNumber === demoFacts.tickets.allowanceUsedUp.site)!;
      expect(usedUp.usedCancellations).toBe(usedUp.allocatedCancellations);
      expect(usedUp.usedSettlements).toBe(usedUp.allocatedSettlements);
      const clerkSite = list.find((r) => r.siteNumber === demoFacts.clerkSite.number)!;
      expect(clerkSite).toMatchObject({
        siteName: demoFacts.clerkSite.name,
        allocatedCancellations: demoFacts.clerkSite.monthlyCancellations,
        allocatedSettlements: demoFacts.clerkSite.monthlyReductions,
      });
      expect(list.find((r) => r.siteNumber === '1002')).toMatchObject({
        allocatedCancellations: null,
        allocatedSettlements: null,
      });

      const clerkList = (await get('/tickets/allowances', clerk)).json(ticketAllowanceSchema.array());
      expect(clerkList.map((r) => r.siteNumber)).toEqual([demoFacts.clerkSite.number]);
      const all = (await get('/tickets/allowances', admin)).json(ticketAllowanceSchema.array());
      expect(all).toHaveLength(demoFacts.siteCount);
      const boltList = (await get('/tickets/allowances', bolt)).json(ticketAllowanceSchema.array());
      expect(boltList.map((r) => r.siteNumber)).toEqual(demoFacts.boltManagerGroup.sites);
    });
  });

  describe('cancel', () => {
    it('cancels, writes the action, counts it, lists it, and mails no receipt without the flag', async () => {
      const site = demoFacts.clerkSite.number;
      const before = await allowanceAt(manager, site);
      const mailsBefore = inbox.received.length;

      const res = await post(`/tickets/${second}/Cancel`, clerk);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ticketNumber: second, status: 'cancelled', reducedAmount: 60 });

      expect((await ticketRow(second!)).status).toBe('cancelled');
      const actions = await actionsOf(second!);
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
      expect(await actionsOf(second!)).toHaveLength(1);

      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(inbox.received.slice(mailsBefore).filter((m) => m.to.includes('clerk@acme.example'))).toEqual(
        [],
      );
    });

    it('mails a receipt to a user holding the TicketActionReceipts flag', async () => {
      const res = await post(`/tickets/${third}/Cancel`, manager, true);
      expect(res.statusCode, res.body).toBe(200);
      const mail = await inbox.waitFor('manager@acme.example', new RegExp(`^Ticket ${third} cancelled$`));
      expect(mail.text).toContain(`Ticket: ${third}`);
      expect(mail.text).toContain(`Site: ${demoFacts.clerkSite.number} ${demoFacts.clerkSite.name}`);
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
      const site = demoFacts.clerkSite.number;
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
      expect(await ticketRow(fourth!)).toEqual({ status: 'open', reduced_until: expected });
      expect(await actionsOf(fourth!)).toMatchObject([
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

      const mail = await inbox.waitFor('manager@acme.example', new RegExp(`^Ticket ${fourth} reduced$`));
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
      const { ticket, site } = demoFacts.tickets.reductionsNotAllowed;
      const before = await actionCount(site, 'Pay');
      expect(refusal(await post(`/tickets/${ticket}/Pay`, manager))).toBe('SiteInvalid');
      expect(await ticketRow(ticket)).toEqual({ status: 'open', reduced_until: null });
      expect(await actionCount(site, 'Pay')).toBe(before);
    });
  });

  describe('monthly allowance', () => {
    it('refuses once the allowance is used up and writes nothing', async () => {
      const site = '1005';
      const [ticket] = await openTicketsAt(site, 1);
      const used = (await allowanceAt(manager, site)).usedCancellations;
      await t.database.db.execute(
        sql`update sites set cancellation_allowance = ${used} where site_number = ${site}`,
      );
      const before = await actionCount(site, 'Cancel');

      expect(refusal(await get(`/tickets/Cancel/${ticket}`, manager))).toBe('ExceededAllowance');
      expect(refusal(await post(`/tickets/${ticket}/Cancel`, manager))).toBe('ExceededAllowance');
      expect((await ticketRow(ticket!)).status).toBe('open');
      expect(await actionsOf(ticket!)).toEqual([]);
      expect(await actionCount(site, 'Cancel')).toBe(before);

      // One more slot lets exactly one more cancel through.
      await t.database.db.execute(
        sql`update sites set cancellation_allowance = ${used + 1} where site_number = ${site}`,
      );
      expect((await post(`/tickets/${ticket}/Cancel`, manager)).statusCode).toBe(200);
      expect((await allowanceAt(manager, site)).usedCancellations).toBe(used + 1);
    });

    it('lets only one of several concurrent cancels take the last slot', async () => {
      const site = '1006';
      const racing = await openTicketsAt(site, 5);
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
      expect(await actionsOf(sixth!)).toHaveLength(1);
    });
  });
});
