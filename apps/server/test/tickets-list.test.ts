import { ticketHistoryPageSchema, ticketListPageSchema, ukToday } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from './api-client.js';
import { accountWith, permitAt, siteOf, type TestAccount, type TestSite, ticketAt } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { buildTestApp, type TestApp } from './test-app.js';

const DAY_MS = 86_400_000;
/** Ticket numbers of this run's own (PCN and eight digits, as the notices print them). */
let serial = Math.floor(Math.random() * 9_000_000);
const pcn = () => `PCN8${String(++serial).padStart(7, '0')}`;

describe('tickets list: the charges at the caller sites (issue 24)', () => {
  let t: TestApp;
  let own: TestSite;
  let other: TestSite;
  let clerk: TestAccount;
  let stranger: TestAccount;
  let historyOnly: TestAccount;
  /** Tickets at the clerk's site, newest issue first: [number, registration, status]. */
  const mine: { number: string; registration: string; daysAgo: number; status: string }[] = [];
  let elsewhere: string;

  const api = apiFor(() => t);
  const list = async (caller: TestAccount, query = '') => {
    const res = await api.as(caller.headers).get(`/api/tickets/list${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json(ticketListPageSchema);
  };
  const numbers = (page: { rows: { ticketNumber: string }[] }) => page.rows.map((r) => r.ticketNumber);
  const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(t.database.db, query);

  beforeAll(async () => {
    t = await buildTestApp();
    own = await siteOf(t);
    other = await siteOf(t);
    clerk = await accountWith(t, {
      features: ['Tickets.Cancel', 'Tickets.Reduce', 'Tickets.ViewCancelled'],
      access: [own.number],
    });
    stranger = await accountWith(t, { features: ['Tickets.Cancel'], access: [other.number] });
    historyOnly = await accountWith(t, { features: ['Tickets.ViewCancelled'], access: [own.number] });
    const now = Date.now();
    // Twelve tickets at the clerk's site, one a day (so that the list has two pages).
    for (let k = 0; k < 12; k++) {
      const status = k === 3 ? 'paid' : k === 4 ? 'cancelled' : 'open';
      const registration = `LT${String(k).padStart(2, '0')}ABC`;
      const number = pcn();
      await ticketAt(t, own.number, {
        ticketNumber: number,
        registration,
        issued: new Date(now - (k + 1) * DAY_MS),
        status,
        fullAmountPence: 10_000,
        reducedAmountPence: 6_000,
      });
      mine.push({ number, registration, daysAgo: k + 1, status });
    }
    elsewhere = pcn();
    await ticketAt(t, other.number, {
      ticketNumber: elsewhere,
      registration: 'LT99XYZ',
      issued: new Date(now - DAY_MS),
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it("lists only the caller's sites, newest issue first, paged by the server", async () => {
    const first = await list(clerk);
    expect(first.total).toBe(12);
    expect(numbers(first)).toEqual(mine.slice(0, 10).map((m) => m.number));
    expect(first.rows[0]).toMatchObject({
      siteNumber: own.number,
      siteName: own.name,
      vehicleRegistration: 'LT00ABC',
      contravention: 'Parked without a valid permit or ticket',
      status: 'open',
      fullAmount: 100,
      reducedAmount: 60,
      amountDue: 100,
      permitCovered: false,
      reason: null,
    });
    expect(first.rows.find((r) => r.status === 'paid')?.amountDue).toBe(0);
    const second = await list(clerk, `?after=${encodeURIComponent(first.last!)}&page=2`);
    expect(numbers(second)).toEqual(mine.slice(10).map((m) => m.number));
    const back = await list(clerk, `?before=${encodeURIComponent(second.first!)}`);
    expect(numbers(back)).toEqual(numbers(first));
    // Another client's ticket is never listed, even when its site is asked for by name.
    expect(numbers(await list(clerk, `?siteNumber=${other.number}`))).toEqual([]);
    expect(numbers(await list(clerk, `?search=${elsewhere}`))).toEqual([]);
    expect(numbers(await list(stranger))).toEqual([elsewhere]);
  });

  it('filters by status, site, issue days and part of the number or plate, however it is typed', async () => {
    const paid = mine.find((m) => m.status === 'paid')!;
    const cancelled = mine.find((m) => m.status === 'cancelled')!;
    expect(numbers(await list(clerk, '?status=paid'))).toEqual([paid.number]);
    expect(numbers(await list(clerk, '?status=cancelled'))).toEqual([cancelled.number]);
    expect((await list(clerk, '?status=open')).total).toBe(10);
    expect((await list(clerk, '?status=reduced')).total).toBe(0);
    expect((await list(clerk, `?siteNumber=${own.number}`)).total).toBe(12);
    expect((await list(clerk, '?siteNumber=ALL')).total).toBe(12);
    const target = mine[2]!;
    const day = ukToday(new Date(Date.now() - target.daysAgo * DAY_MS));
    expect(numbers(await list(clerk, `?from=${day}&to=${day}`))).toEqual([target.number]);
    const digits = target.number.slice(3);
    for (const typed of [digits, `PCN ${digits}`, target.number.toLowerCase(), `pcn ${digits}`]) {
      expect(numbers(await list(clerk, `?search=${encodeURIComponent(typed)}`)), typed).toEqual([
        target.number,
      ]);
    }
    expect(numbers(await list(clerk, '?search=lt05'))).toEqual([mine[5]!.number]);
    expect((await list(clerk, '?search=LT0')).total).toBe(10);
    // Punctuation is how it was typed, never a wildcard.
    expect(numbers(await list(clerk, '?search=lt-05%25'))).toEqual([mine[5]!.number]);
    expect((await list(clerk, '?search=L_05')).total).toBe(0);
  });

  it('filters to the charges a permit covered at the time, or to those none covered', async () => {
    const target = mine[1]!;
    const issued = Date.now() - target.daysAgo * DAY_MS;
    await permitAt(t, own.number, {
      registration: target.registration,
      started: new Date(issued - DAY_MS),
      ended: new Date(issued + DAY_MS),
    });
    expect(numbers(await list(clerk, '?covered=true'))).toEqual([target.number]);
    expect((await list(clerk, '?covered=true&status=open')).rows[0]?.permitCovered).toBe(true);
    expect((await list(clerk, '?covered=false')).total).toBe(11);
    // The stranger's own ticket is never counted with the clerk's.
    expect((await list(stranger, '?covered=true')).total).toBe(0);
  });

  it('sorts by the columns the contract names and checks its input', async () => {
    const byPlate = await list(clerk, '?sort=vehicleRegistration&direction=desc');
    expect(byPlate.rows.map((r) => r.vehicleRegistration)).toEqual(
      mine
        .map((m) => m.registration)
        .sort()
        .reverse()
        .slice(0, 10),
    );
    const byNumber = await list(clerk, '?sort=ticketNumber');
    expect(numbers(byNumber)).toEqual(
      mine
        .map((m) => m.number)
        .sort()
        .slice(0, 10),
    );
    for (const bad of ['?status=gone', '?sort=amount', '?from=2026-02-30', `?search=${'x'.repeat(21)}`]) {
      expect((await api.as(clerk.headers).get(`/api/tickets/list${bad}`)).statusCode, bad).toBe(400);
    }
    expect((await api.as(historyOnly.headers).get('/api/tickets/list')).statusCode).toBe(403);
    expect((await api.get('/api/tickets/list')).statusCode).toBe(401);
  });

  it('stores the reason with the action, audits it, and shows it in the list and the history', async () => {
    const target = mine[0]!;
    const res = await api
      .as(clerk.headers)
      .post(`/api/tickets/${target.number}/Cancel`, { reason: 'minorKeyingError' });
    expect(res.statusCode, res.body).toBe(200);
    const [action] = await rows<{ reason: string | null; reason_note: string | null; user_id: string }>(
      sql`select reason, reason_note, user_id from ticket_actions where ticket_number = ${target.number}`,
    );
    expect(action).toEqual({ reason: 'minorKeyingError', reason_note: null, user_id: clerk.userId });
    const audit = await rows<{ type: string; description: string; details: unknown; actor_user_id: string }>(
      sql`select type, description, details, actor_user_id from audit_events
          where subject_user_id = ${clerk.userId} and type like 'Ticket%'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ type: 'TicketCancelled', actor_user_id: clerk.userId });
    expect(audit[0]!.description).toBe(
      `Cancelled the ticket ${target.number} at ${own.number} (amount due £100.00 before, £0.00 after). Reason: Minor keying error.`,
    );
    const details = typeof audit[0]!.details === 'string' ? JSON.parse(audit[0]!.details) : audit[0]!.details;
    expect(details).toMatchObject({ reason: 'minorKeyingError', amountBefore: 100, amountAfter: 0 });

    const listed = (await list(clerk, `?search=${target.number}`)).rows[0]!;
    expect(listed).toMatchObject({ status: 'cancelled', amountDue: 0, reason: 'minorKeyingError' });
    const history = await api.as(clerk.headers).get('/api/tickets?state=cancelled');
    const row = history.json(ticketHistoryPageSchema).rows.find((r) => r.ticketNumber === target.number);
    expect(row).toMatchObject({ reason: 'minorKeyingError', reasonNote: null });
  });

  it('a reduction keeps "other" with its note; the amount due becomes the reduced amount', async () => {
    const target = mine[1]!;
    const missingNote = await api
      .as(clerk.headers)
      .post(`/api/tickets/${target.number}/Pay`, { reason: 'other' });
    expect(missingNote.statusCode).toBe(400);
    expect(missingNote.json().errors).toHaveProperty('note');
    const unknown = await api
      .as(clerk.headers)
      .post(`/api/tickets/${target.number}/Pay`, { reason: 'friend' });
    expect(unknown.statusCode).toBe(400);
    expect(await rows(sql`select 1 from ticket_actions where ticket_number = ${target.number}`)).toEqual([]);

    const res = await api
      .as(clerk.headers)
      .post(`/api/tickets/${target.number}/Pay`, { reason: 'other', note: '  Delivery to the site office ' });
    expect(res.statusCode, res.body).toBe(200);
    const [action] = await rows<{ reason: string; reason_note: string }>(
      sql`select reason, reason_note from ticket_actions where ticket_number = ${target.number}`,
    );
    expect(action).toEqual({ reason: 'other', reason_note: 'Delivery to the site office' });
    const listed = (await list(clerk, '?status=reduced')).rows;
    expect(listed.map((r) => r.ticketNumber)).toEqual([target.number]);
    expect(listed[0]).toMatchObject({
      status: 'reduced',
      amountDue: 60,
      reason: 'other',
      reasonNote: 'Delivery to the site office',
    });
    const [audit] = await rows<{ description: string }>(
      sql`select description from audit_events where subject_user_id = ${clerk.userId} and type = 'TicketReduced'`,
    );
    expect(audit!.description).toContain(
      '(amount due £100.00 before, £60.00 after). Reason: Other: Delivery to the site office.',
    );
  });

  it("still acts for the spec's callers, who send no reason (audited as such)", async () => {
    const target = mine[5]!;
    const res = await api.as(clerk.headers).post(`/api/tickets/${target.number}/Cancel`);
    expect(res.statusCode, res.body).toBe(200);
    const [action] = await rows<{ reason: string | null }>(
      sql`select reason from ticket_actions where ticket_number = ${target.number}`,
    );
    expect(action!.reason).toBeNull();
    const [audit] = await rows<{ description: string }>(
      sql`select description from audit_events where subject_user_id = ${clerk.userId}
          and description like ${`%${target.number}%`}`,
    );
    expect(audit!.description).toMatch(/No reason given\.$/);
    // A ticket outside the caller's reach answers as one that does not exist, reason or not.
    const outside = await api.as(clerk.headers).post(`/api/tickets/${elsewhere}/Cancel`, { reason: 'staff' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().detail).toBe('NotFound');
  });
});
