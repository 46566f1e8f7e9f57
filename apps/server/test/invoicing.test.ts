import {
  addIsoDays,
  addIsoMonths,
  invoicePageSchema,
  neutraliseCsvCell,
  TABLE_PAGE_SIZE,
  toSafeCsvCell,
  ukDateTime,
  ukToday,
} from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceKeys } from '../src/modules/invoicing/definitions.js';
import { checkRange } from '../src/modules/invoicing/invoicing-service.js';
import { type AuthHeaders, apiFor } from './api-client.js';
import {
  accountWith,
  clientWith,
  nowhere,
  permitAt,
  ticketActionOn,
  ticketAt,
  transactionAt,
} from './factories.js';
import { selectRows } from './fixture-rows.js';
import { buildTestApp, type TestApp } from './test-app.js';

const today = ukToday();
const thisMonth = `${today.slice(0, 7)}-01`;
/** Last calendar month as the wizard sends it: `to` is the first day after it (exclusive). */
const lastMonth = { from: addIsoMonths(thisMonth, -1), to: thisMonth };

describe('invoicing API', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let manager: AuthHeaders;
  let clerk: AuthHeaders;
  let boltManager: AuthHeaders;
  /** The manager's client: two sites and a group of both; another client's site and group. */
  let site: string;
  let sibling: string;
  let group: string;
  let elsewhere: string;
  /** Parking payments made at the manager's first site last month. */
  const sitePayments = 12;

  const get = (url: string, headers: AuthHeaders) => api.as(headers).get(`/api${url}`);
  const invoice = (key: string, site: string, from: string, to: string, headers = manager) =>
    get(`/invoice/${key}/${site}?from=${from}&to=${to}`, headers);
  /** Every row of an invoice, page after page by cursor (each page at most 10 rows). */
  const allRows = async <T>(
    key: string,
    site: string,
    from: string,
    to: string,
    extra = '',
    headers = manager,
  ) => {
    const rows: T[] = [];
    let after = '';
    for (;;) {
      const res = await get(`/invoice/${key}/${site}?from=${from}&to=${to}${extra}${after}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json(invoicePageSchema);
      expect(page.rows.length).toBeLessThanOrEqual(TABLE_PAGE_SIZE);
      rows.push(...(page.rows as T[]));
      if (rows.length >= page.total || !page.last) {
        expect(rows.length).toBe(page.total);
        return { rows, totals: page.totals };
      }
      after = `&after=${page.last}`;
    }
  };
  const fieldErrors = (res: Awaited<ReturnType<typeof get>>) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    return (res.json() as { errors: Record<string, string[]> }).errors;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const client = await clientWith(t, { sites: 2, group: true });
    [site, sibling] = client.sites.map((s) => s.number) as [string, string];
    group = client.group!.number;
    const other = await clientWith(t, { sites: 1, group: true });
    elsewhere = other.sites[0]!.number;
    manager = (await accountWith(t, { features: ['Invoicing.Access'], access: [group] })).headers;
    clerk = (await accountWith(t, { features: ['Permits.View', 'Permits.Add'], access: [site] })).headers;
    boltManager = (await accountWith(t, { features: ['Invoicing.Access'], access: [other.group!.number] }))
      .headers;

    const at = (day: number, time: string) => `${addIsoDays(lastMonth.from, day)}T${time}Z`;
    // Parking payments last month: more than a page at the first site (amounts and times varied, so
    // sorting shows), a few at its sibling and at the other client's site, and some just outside the range.
    for (let i = 0; i < sitePayments; i++) {
      await transactionAt(t, site, {
        occurredAt: at(
          (i * 7) % 27,
          `${String(8 + (i % 12)).padStart(2, '0')}:${String(i * 4).padStart(2, '0')}:00`,
        ),
        registration: `PA${String(i).padStart(2, '0')}XYZ`,
        durationMinutes: 30 + i * 5,
        amountPence: 150 + ((i * 137) % 900),
        method: (['card', 'cash', 'app'] as const)[i % 3],
      });
    }
    for (let i = 0; i < 3; i++) {
      await transactionAt(t, sibling, { occurredAt: at(i * 5, '12:00:00'), amountPence: 400 + i });
      await transactionAt(t, elsewhere, { occurredAt: at(i * 5, '12:00:00'), amountPence: 700 + i });
    }
    await transactionAt(t, site, { occurredAt: new Date(Date.parse(at(0, '00:00:00')) - 60_000) });
    await transactionAt(t, site, { occurredAt: `${lastMonth.to}T00:00:00Z` });
    // Paid tickets issued last month (one reduced in the portal) and the portal's ticket actions.
    for (const [where, n] of [
      [site, 0],
      [sibling, 1],
      [elsewhere, 2],
    ] as const) {
      await ticketAt(t, where, { registration: 'EN11FOR', issued: at(3 + n, '09:00:00'), status: 'paid' });
      const reduced = await ticketAt(t, where, {
        registration: 'EN22FOR',
        issued: at(4 + n, '09:00:00'),
        status: 'paid',
      });
      const cancelled = await ticketAt(t, where, {
        registration: 'EN33FOR',
        issued: at(5 + n, '09:00:00'),
        status: 'cancelled',
      });
      await ticketActionOn(
        t,
        { ticketNumber: reduced, site: where },
        { action: 'Pay', at: at(6 + n, '10:00:00') },
      );
      await ticketActionOn(
        t,
        { ticketNumber: cancelled, site: where },
        { action: 'Cancel', at: at(7 + n, '10:00:00') },
      );
    }
    // Permits valid during last month: at the first site, at the group and at the other client's site.
    await permitAt(t, site, {
      registration: 'PC11AAA',
      started: at(2, '08:00:00'),
      ended: at(9, '08:00:00'),
    });
    await permitAt(t, site, {
      registration: 'PC22AAA',
      started: at(-5, '08:00:00'),
      ended: at(3, '20:00:00'),
    });
    await permitAt(t, group, {
      registration: 'PC33AAA',
      started: at(10, '00:00:00'),
      ended: at(40, '00:00:00'),
    });
    await permitAt(t, elsewhere, {
      registration: 'PC44AAA',
      started: at(1, '00:00:00'),
      ended: at(5, '00:00:00'),
    });
  }, 120_000);
  afterAll(() => t?.close());

  it('lists the definitions as data and serves each one', async () => {
    const res = await get('/invoice/_definitions', manager);
    expect(res.statusCode, res.body).toBe(200);
    const definitions = res.json() as { key: string; columns: Record<string, { type?: string }> }[];
    expect(definitions.map((d) => d.key)).toEqual([...invoiceKeys]);
    for (const definition of definitions) {
      expect(Object.values(definition.columns).some((c) => c.type === 'money')).toBe(true);
      const one = await get(`/invoice/${definition.key}/_definition`, manager);
      expect(one.json()).toEqual(definition);
    }
    expect((await get('/invoice/no-such/_definition', manager)).statusCode).toBe(404);
  });

  it('needs Invoicing.Access and a sign-in', async () => {
    expect((await get('/invoice/_definitions', clerk)).statusCode).toBe(403);
    expect((await api.get('/api/invoice/_definitions')).statusCode).toBe(401);
  });

  it('totals the parking transactions of a site last month exactly as the database does', async () => {
    const { rows, totals } = await allRows<{ amount: number; site: string; occurredAt: string }>(
      'parking-transactions',
      site,
      lastMonth.from,
      lastMonth.to,
    );
    const [expected] = await selectRows<{ pence: string; count: string }>(
      t.database.db,
      sql`select coalesce(sum(amount_pence), 0)::text as pence, count(*)::text as count from transactions
          where site_number = ${site}
            and occurred_at >= (${lastMonth.from}::date::timestamp at time zone 'UTC')
            and occurred_at < (${lastMonth.to}::date::timestamp at time zone 'UTC')`,
    );
    expect(rows.length).toBe(sitePayments);
    expect(rows.length).toBe(Number(expected!.count));
    const pence = rows.reduce((sum, row) => sum + Math.round(row.amount * 100), 0);
    expect(pence).toBe(Number(expected!.pence));
    expect(rows.every((r) => r.site === site && r.occurredAt >= lastMonth.from)).toBe(true);
    expect(rows.every((r) => Number.isInteger(Math.round(r.amount * 100)) && r.amount > 0)).toBe(true);
    // The server's totals agree, and the rows come in the definition's order (time, oldest first).
    expect(totals.rows).toBe(Number(expected!.count));
    expect(Math.round(totals.columns.amount! * 100)).toBe(Number(expected!.pence));
    const times = rows.map((r) => r.occurredAt);
    expect(times).toEqual([...times].sort());
  });

  it('sorts on the server by any column, and refuses a column the invoice lacks', async () => {
    const { rows } = await allRows<{ amount: number }>(
      'parking-transactions',
      site,
      lastMonth.from,
      lastMonth.to,
      '&sort=amount&direction=desc',
    );
    const amounts = rows.map((r) => r.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const res = await get(
      `/invoice/parking-transactions/${site}?from=${lastMonth.from}&to=${lastMonth.to}&sort=password`,
      manager,
    );
    expect(fieldErrors(res).sort).toEqual(['The invoice has no column password to sort by.']);
  });

  it('streams the whole invoice as UTF-16 tab-separated text with a byte order mark, UK times and a totals line', async () => {
    const res = await get(
      `/invoice/parking-transactions/${group}/_export?from=${lastMonth.from}&to=${lastMonth.to}`,
      manager,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-16le');
    const lastDay = addIsoDays(lastMonth.to, -1);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${group}-Parking transactions-${lastMonth.from}-${lastDay}.csv"`,
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const lines = bytes.subarray(2).toString('utf16le').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Paid at\tSite\tVehicle registration\tDuration (minutes)\tPayment method\tAmount');
    const { rows, totals } = await allRows<{ occurredAt: string; site: string; amount: number }>(
      'parking-transactions',
      group,
      lastMonth.from,
      lastMonth.to,
    );
    expect(rows.length).toBe(sitePayments + 3);
    expect(lines.length).toBe(rows.length + 2);
    expect(lines[1]!.split('\t')[0]).toBe(ukDateTime(rows[0]!.occurredAt));
    expect(lines[1]!.split('\t')[0]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    expect(lines[1]!.split('\t').at(-1)).toBe(rows[0]!.amount.toFixed(2));
    const total = lines.at(-1)!.split('\t');
    expect(total[0]).toBe(`Total (${totals.rows} rows)`);
    expect(total.at(-1)).toBe(totals.columns.amount!.toFixed(2));
    expect(Number(total[3])).toBe(totals.columns.durationMinutes);
    expect(
      (
        await get(
          `/invoice/parking-transactions/${elsewhere}/_export?from=${lastMonth.from}&to=${lastMonth.to}`,
          manager,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('answers every definition for a group with rows from its member sites only', async () => {
    // Every invoice has rows at the other client's site too (built above), which must not show.
    const expected = {
      'parking-transactions': [site, sibling],
      'enforcement-income': [site, sibling],
      'permit-charges': [group, site],
      'ticket-action-fees': [site, sibling],
    };
    for (const key of invoiceKeys) {
      const { rows } = await allRows<{ site: string }>(key, group, lastMonth.from, lastMonth.to);
      expect([...new Set(rows.map((r) => r.site))].sort(), key).toEqual(expected[key].sort());
      const theirs = await allRows<{ site: string }>(
        key,
        elsewhere,
        lastMonth.from,
        lastMonth.to,
        '',
        boltManager,
      );
      expect(theirs.rows.length, key).toBeGreaterThan(0);
    }
  });

  it('treats sites and groups out of reach, unknown sites and unknown invoices as not found', async () => {
    expect((await invoice('parking-transactions', elsewhere, lastMonth.from, lastMonth.to)).statusCode).toBe(
      404,
    );
    expect(
      (await invoice('parking-transactions', group, lastMonth.from, lastMonth.to, boltManager)).statusCode,
    ).toBe(404);
    expect(
      (await invoice('parking-transactions', nowhere.site, lastMonth.from, lastMonth.to)).statusCode,
    ).toBe(404);
    expect((await invoice('no-such', site, lastMonth.from, lastMonth.to)).statusCode).toBe(404);
    expect(
      (await invoice('parking-transactions', elsewhere, lastMonth.from, lastMonth.to, boltManager))
        .statusCode,
    ).toBe(200);
  });

  it('refuses every bad range with field errors', async () => {
    const tomorrow = addIsoDays(today, 1);
    // Malformed dates.
    expect(fieldErrors(await invoice('parking-transactions', site, 'yesterday', tomorrow))).toBeDefined();
    expect(
      fieldErrors(await invoice('parking-transactions', site, '2025-02-30', '2025-03-02')),
    ).toBeDefined();
    expect((await get(`/invoice/parking-transactions/${site}`, manager)).statusCode).toBe(400);
    // End before start.
    expect(
      fieldErrors(await invoice('parking-transactions', site, lastMonth.to, lastMonth.from)).to,
    ).toBeDefined();
    // Longer than a month: one month inclusive is to = from + 1 month + 1 day; a day more is refused.
    const from = addIsoMonths(thisMonth, -3);
    const longest = addIsoDays(addIsoMonths(from, 1), 1);
    expect((await invoice('parking-transactions', site, from, longest)).statusCode).toBe(200);
    expect(fieldErrors(await invoice('parking-transactions', site, from, addIsoDays(longest, 1))).to).toEqual(
      ['The range can be at most one month.'],
    );
    // Ending after today (to may be tomorrow at most, as it is exclusive); starting after today.
    expect((await invoice('parking-transactions', site, today, tomorrow)).statusCode).toBe(200);
    expect(fieldErrors(await invoice('parking-transactions', site, today, addIsoDays(today, 2))).to).toEqual([
      'End date cannot be later than today.',
    ]);
    expect(fieldErrors(await invoice('parking-transactions', site, tomorrow, tomorrow)).from).toEqual([
      'Start date cannot be later than today.',
    ]);
  });

  it('applies the documented tariffs to charges and fees', async () => {
    const permits = await allRows<{ days: number; amount: number }>(
      'permit-charges',
      site,
      lastMonth.from,
      lastMonth.to,
    );
    // The first permit runs seven whole days in the range; the second began before it, so only its
    // three and a half days in the range count, charged as four started days.
    expect(permits.rows.map((p) => p.days).sort()).toEqual([4, 7]);
    for (const p of permits.rows) expect(p.amount).toBeCloseTo(p.days * 0.5, 2);
    const days = permits.rows.reduce((sum, p) => sum + p.days, 0);
    expect(permits.totals.columns).toEqual({ days, amount: days * 0.5 });
    const fees = await allRows<{ action: string; amount: number }>(
      'ticket-action-fees',
      group,
      lastMonth.from,
      lastMonth.to,
    );
    expect(fees.rows.map((f) => f.action).sort()).toEqual(['Cancel', 'Cancel', 'Reduce', 'Reduce']);
    for (const f of fees.rows) expect(f.amount).toBe(f.action === 'Cancel' ? 5 : 2.5);
    // A ticket reduced in the portal was paid at its reduced amount, the others in full.
    const income = await allRows<{ amount: number }>(
      'enforcement-income',
      group,
      lastMonth.from,
      lastMonth.to,
    );
    expect(income.rows.map((r) => r.amount).sort()).toEqual([100, 100, 60, 60].sort());
    expect(fees.totals.columns.amount).toBeCloseTo(
      fees.rows.reduce((sum, f) => sum + f.amount, 0),
      2,
    );
  });
});

describe('invoice range rules', () => {
  it('allows a calendar month inclusive, clamping month ends', () => {
    expect(() => checkRange('2026-01-31', '2026-03-01', '2026-06-01')).not.toThrow();
    expect(() => checkRange('2026-01-31', '2026-03-02', '2026-06-01')).toThrow();
    expect(() => checkRange('2026-05-01', '2026-06-02', '2026-06-01')).not.toThrow();
    expect(() => checkRange('2026-05-01', '2026-06-03', '2026-06-01')).toThrow();
    expect(() => checkRange('2026-06-02', '2026-06-02', '2026-06-01')).toThrow();
  });
});

describe('CSV cell safety used by the invoice download', () => {
  it('neutralises cells that start a formula', () => {
    for (const cell of ['=SUM(A1)', '+44', '-1', '@cmd']) expect(neutraliseCsvCell(cell)).toBe(`'${cell}`);
    expect(toSafeCsvCell(12.5)).toBe('12.5');
    expect(toSafeCsvCell(null)).toBe('');
    expect(neutraliseCsvCell('AB12 CDE')).toBe('AB12 CDE');
  });
});
