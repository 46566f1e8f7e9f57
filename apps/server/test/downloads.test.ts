import {
  addIsoDays,
  addIsoMonths,
  type InvoiceDefinition,
  invoicePageSchema,
  type Permit,
  permitPageSchema,
  type ReportDefinition,
  ukToday,
} from '@client-portal/contract';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, type AuthHeaders, apiFor } from './api-client.js';
import {
  accountWith,
  clientWith,
  permitAt,
  sightingAt,
  ticketActionOn,
  ticketAt,
  transactionAt,
} from './factories.js';
import { buildTestApp, type TestApp } from './test-app.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DAY = 86_400_000;

/** The permit list's column names as the table shows them (apps/web/src/i18n/en/permits.ts, less Actions). */
const permitColumnsOnScreen = [
  'Site',
  'Vehicle registration',
  'Driver name',
  'Type',
  'Start date',
  'End date',
  'Reference',
  'Last seen',
];
/** The downloads' columns: the table's, then the visitor link (issue 27). */
const permitDownloadColumns = [...permitColumnsOnScreen, 'Visitor link'];

/** An instant's UK wall-clock time as a Date whose UTC fields hold it, worked out with Intl (not the app's code). */
function ukWall(instant: string | Date): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return new Date(
    Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!),
  );
}
const ukDayOf = (instant: string) => ukWall(instant).toISOString().slice(0, 10);
const ukShown = (instant: string) => {
  const wall = ukWall(instant).toISOString();
  return `${wall.slice(8, 10)}/${wall.slice(5, 7)}/${wall.slice(0, 4)} ${wall.slice(11, 16)}`;
};

/**
 * The text download read back as Excel reads it: UTF-16LE after a byte order mark, tab-separated,
 * parsed by a real CSV parser (quotes and all); every line has every column.
 */
function readText(res: Answer): string[][] {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-16le');
  const bytes = res.rawPayload;
  expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
  const text = bytes.subarray(2).toString('utf16le');
  const rows = parse(text, { delimiter: '\t', record_delimiter: '\r\n' }) as string[][];
  for (const row of rows) expect(row.length).toBe(rows[0]!.length);
  return rows;
}

/**
 * The workbook read back by exceljs: one sheet whose header row is frozen, carries filters over every
 * column and holds `header`, each column wide enough for its name.
 */
async function readWorkbook(res: Answer, header: string[]): Promise<ExcelJS.Worksheet> {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX);
  expect(res.headers['content-disposition']).toMatch(/\.xlsx"$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  expect(book.worksheets).toHaveLength(1);
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([undefined, ...header]);
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  const lastColumn = String.fromCharCode(64 + header.length);
  expect(sheet.autoFilter).toBe(`A1:${lastColumn}1`);
  header.forEach((name, i) => {
    expect(sheet.getColumn(i + 1).width, name).toBeGreaterThanOrEqual(name.length + 2);
  });
  return sheet;
}

/** The data rows of a sheet (below its header) as their cell values. */
const sheetRows = (sheet: ExcelJS.Worksheet) => {
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return rows;
};

describe('downloads read back: text for Excel and workbooks', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let caller: AuthHeaders;
  let site: string;
  let sibling: string;
  let group: string;
  const today = ukToday();
  const thisMonth = `${today.slice(0, 7)}-01`;
  const lastMonth = { from: addIsoMonths(thisMonth, -1), to: thisMonth };
  const get = (url: string) => api.as(caller).get(`/api${url}`);

  beforeAll(async () => {
    t = await buildTestApp();
    const client = await clientWith(t, { sites: 2, group: true });
    [site, sibling] = client.sites.map((s) => s.number) as [string, string];
    group = client.group!.number;
    caller = (
      await accountWith(t, {
        features: ['Invoicing.Access', 'Reports.Access', 'Permits.View', 'Permits.AllPermits'],
        access: [group],
      })
    ).headers;
    // Payments last month at both sites: amounts varied so the asked sort shows, one late in the evening
    // (a UK day that may not be the UTC one), and a driver's text that needs quoting.
    for (let i = 0; i < 14; i++) {
      await transactionAt(t, i % 2 ? sibling : site, {
        occurredAt: `${addIsoDays(lastMonth.from, i)}T${i === 3 ? '23:40' : '09:15'}:00Z`,
        registration: `DL${String(i).padStart(2, '0')}QZA`,
        durationMinutes: 20 + i,
        amountPence: 100 + ((i * 311) % 1000),
        method: i % 3 ? 'card' : 'app',
      });
    }
    // Permits at the site: one seen by a camera in summer time, one never seen, one with a tab and a
    // quote in its driver's name (as imported data may hold).
    const now = Date.now();
    const year =
      new Date(now).getUTCMonth() >= 7 ? new Date(now).getUTCFullYear() : new Date(now).getUTCFullYear() - 1;
    const started = new Date(`${year}-06-01T10:00:00Z`);
    await permitAt(t, site, {
      registration: 'DL11SEN',
      driverName: 'Seen Driver',
      started,
      ended: new Date(now + 30 * DAY),
      temporary: false,
    });
    await sightingAt(t, site, { registration: 'DL11SEN', enteredAt: `${year}-07-01T10:30:00Z` });
    await permitAt(t, site, {
      registration: 'DL22NOT',
      driverName: 'Never Seen',
      started: new Date(now - 2 * DAY),
      ended: new Date(now + 5 * DAY),
    });
    await permitAt(t, sibling, {
      registration: 'DL33TAB',
      driverName: 'Tab\there "Quoted", too',
      started: new Date(now - 3 * DAY),
      ended: new Date(now + 9 * DAY),
    });
    // Ticket actions last month.
    for (const [where, day, action] of [
      [site, 2, 'Cancel'],
      [sibling, 9, 'Pay'],
    ] as const) {
      const issued = `${addIsoDays(lastMonth.from, day)}T08:00:00Z`;
      const ticketNumber = await ticketAt(t, where, { registration: 'DL44TIX', issued });
      await ticketActionOn(
        t,
        { ticketNumber, site: where },
        { action, at: `${addIsoDays(lastMonth.from, day)}T18:45:00Z` },
      );
    }
  }, 240_000);
  afterAll(() => t?.close());

  describe('an invoice', () => {
    const query = () => `?from=${lastMonth.from}&to=${lastMonth.to}&sort=amount&direction=desc`;
    let definition: InvoiceDefinition;
    let rows: { occurredAt: string; site: string; amount: number; vehicleRegistration: string }[];
    let totals: { rows: number; columns: Record<string, number> };
    beforeAll(async () => {
      definition = (await get('/invoice/parking-transactions/_definition')).json();
      const page = (await get(`/invoice/parking-transactions/${group}${query()}`)).json(invoicePageSchema);
      rows = page.rows as typeof rows;
      totals = page.totals;
      expect(page.total).toBe(14);
      // Every row on one page is enough here: read the second page too.
      const next = (await get(`/invoice/parking-transactions/${group}${query()}&after=${page.last}`)).json(
        invoicePageSchema,
      );
      rows.push(...(next.rows as typeof rows));
      expect(rows).toHaveLength(14);
    });

    it('as text: the screen’s column names, its sort, UK times, then the totals line', async () => {
      const lines = readText(await get(`/invoice/parking-transactions/${group}/_export${query()}`));
      expect(lines[0]).toEqual(Object.values(definition.columns).map((c) => c.text));
      expect(lines).toHaveLength(rows.length + 2);
      const body = lines.slice(1, -1);
      expect(body.map((l) => l[2])).toEqual(rows.map((r) => r.vehicleRegistration));
      expect(body.map((l) => Number(l[5]))).toEqual(rows.map((r) => r.amount));
      expect(body.map((l) => l[0])).toEqual(rows.map((r) => ukShown(r.occurredAt)));
      expect(lines.at(-1)![0]).toBe('Total (14 rows)');
      expect(Number(lines.at(-1)![5])).toBe(totals.columns.amount);
    });

    it('as a workbook: date cells in UK time, money as numbers, the screen’s sort and the totals line', async () => {
      const res = await get(`/invoice/parking-transactions/${group}/_export${query()}&format=xlsx`);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${group}-Parking transactions-${lastMonth.from}-${addIsoDays(lastMonth.to, -1)}.xlsx"`,
      );
      const sheet = await readWorkbook(
        res,
        Object.values(definition.columns).map((c) => c.text),
      );
      const cells = sheetRows(sheet);
      expect(cells).toHaveLength(rows.length + 1);
      const body = cells.slice(0, -1);
      for (const [i, row] of rows.entries()) {
        expect(body[i]![0]).toBeInstanceOf(Date);
        expect((body[i]![0] as Date).toISOString()).toBe(ukWall(row.occurredAt).toISOString());
        expect(body[i]![2]).toBe(row.vehicleRegistration);
        expect(body[i]![5]).toBe(row.amount);
      }
      expect(sheet.getColumn(1).numFmt).toBe('dd/mm/yyyy hh:mm');
      expect(sheet.getColumn(6).numFmt).toBe('£#,##0.00');
      expect(cells.at(-1)![0]).toBe('Total (14 rows)');
      expect(cells.at(-1)![5]).toBe(totals.columns.amount);
    });
  });

  describe('the permit list', () => {
    let listed: Permit[];
    beforeAll(async () => {
      listed = (await get('/permits?state=current&sort=vehicleRegistration&direction=asc')).json(
        permitPageSchema,
      ).rows;
      expect(listed.map((p) => p.vehicleRegistration)).toEqual(['DL11SEN', 'DL22NOT', 'DL33TAB']);
    });

    it('as text: the table’s columns and order, quoted where a cell holds a tab or quote', async () => {
      const res = await get('/permits/_export?state=current&sort=vehicleRegistration&direction=asc');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="clientportal-export-\d{14}\.csv"$/,
      );
      const lines = readText(res);
      expect(lines[0]).toEqual(permitDownloadColumns);
      expect(lines.slice(1).map((l) => l[1])).toEqual(listed.map((p) => p.vehicleRegistration));
      const [seen, never, tabbed] = lines.slice(1) as [string[], string[], string[]];
      expect(seen[7]).toBe(ukShown(listed[0]!.lastSeenAt!));
      expect(seen[3]).toBe('Permanent');
      expect(never[7]).toBe('Not seen');
      // The tab in the driver's name is neutralised against a formula only where one follows; it stays in its cell.
      expect(tabbed[2]).toBe('Tab\there "Quoted", too');
      expect(tabbed[6]).toBe(listed[2]!.reference);
    });

    it('as a workbook: start and end as UK days, last seen as a UK date and time', async () => {
      const res = await get(
        '/permits/_export?state=current&sort=vehicleRegistration&direction=asc&format=xlsx',
      );
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="clientportal-export-\d{14}\.xlsx"$/,
      );
      const sheet = await readWorkbook(res, permitDownloadColumns);
      const cells = sheetRows(sheet);
      expect(cells.map((c) => c[1])).toEqual(listed.map((p) => p.vehicleRegistration));
      const [seen, never] = cells as [ExcelJS.CellValue[], ExcelJS.CellValue[]];
      const permit = listed[0]!;
      expect(seen[4]).toEqual(new Date(`${ukDayOf(permit.started)}T00:00:00Z`));
      // The last day shown is the day before the stored end (00:00 UK time after it).
      expect(seen[5]).toEqual(
        new Date(`${ukDayOf(new Date(Date.parse(permit.ended) - 1).toISOString())}T00:00:00Z`),
      );
      expect(seen[7]).toEqual(ukWall(permit.lastSeenAt!));
      // Summer time: 10:30 UTC was 11:30 in the UK.
      expect((seen[7] as Date).toISOString().slice(11, 16)).toBe('11:30');
      expect(never[7]).toBe('Not seen');
      expect(sheet.getColumn(5).numFmt).toBe('dd/mm/yyyy');
      expect(sheet.getColumn(8).numFmt).toBe('dd/mm/yyyy hh:mm');
    });

    it('in Welsh for a reader whose language is Welsh: headers, types, "not seen" and the sheet (decision 49)', async () => {
      const welsh = [
        'Safle',
        'Rhif cofrestru’r cerbyd',
        'Enw’r gyrrwr',
        'Math',
        'Dyddiad dechrau',
        'Dyddiad gorffen',
        'Cyfeirnod',
        'Gwelwyd ddiwethaf',
        'Dolen ymwelwyr',
      ];
      expect((await api.as(caller).put('/api/user/preferences', { language: 'cy' })).statusCode).toBe(200);
      try {
        const lines = readText(
          await get('/permits/_export?state=current&sort=vehicleRegistration&direction=asc'),
        );
        expect(lines[0]).toEqual(welsh);
        const [seen, never] = lines.slice(1) as [string[], string[]];
        expect(seen[3]).toBe('Parhaol');
        expect(never[7]).toBe('Heb ei weld');
        const res = await get(
          '/permits/_export?state=current&sort=vehicleRegistration&direction=asc&format=xlsx',
        );
        const sheet = await readWorkbook(res, welsh);
        expect(sheet.name).toBe('Trwyddedau');
        expect(sheetRows(sheet)[1]?.[7]).toBe('Heb ei weld');
      } finally {
        await api.as(caller).put('/api/user/preferences', { language: 'en' });
      }
    });
  });

  describe('a report', () => {
    let definition: ReportDefinition;
    const url = (format: string) =>
      `/reports/ticket-actions?site=${group}&from=${lastMonth.from}&to=${addIsoDays(lastMonth.to, -1)}&format=${format}`;
    beforeAll(async () => {
      const all = (await get('/reports/_definitions')).json() as ReportDefinition[];
      definition = all.find((d) => d.key === 'ticket-actions')!;
    });

    it('as text and as a workbook: the same columns, the action times in UK time', async () => {
      const header = Object.values(definition.columns).map((c) => c.text);
      const lines = readText(await get(url('csv')));
      expect(lines[0]).toEqual(header);
      expect(lines.slice(1).map((l) => l[1])).toEqual(['Cancel', 'Reduce']);
      const times = [2, 9].map((d) => `${addIsoDays(lastMonth.from, d)}T18:45:00Z`);
      expect(lines.slice(1).map((l) => l[0])).toEqual(times.map(ukShown));

      const sheet = await readWorkbook(await get(url('xlsx')), header);
      const cells = sheetRows(sheet);
      expect(cells.map((c) => c[0])).toEqual(times.map(ukWall));
      expect(cells.map((c) => c[1])).toEqual(['Cancel', 'Reduce']);
    });
  });

  describe('in Welsh for a reader whose language is Welsh (decision 53)', () => {
    beforeAll(async () => {
      expect((await api.as(caller).put('/api/user/preferences', { language: 'cy' })).statusCode).toBe(200);
    });
    afterAll(async () => {
      await api.as(caller).put('/api/user/preferences', { language: 'en' });
    });

    it('a report: its headers and its sheet', async () => {
      const url = `/reports/ticket-actions?site=${group}&from=${lastMonth.from}&to=${addIsoDays(lastMonth.to, -1)}`;
      const header = [
        'Dyddiad',
        'Cam',
        'Rhif y tâl parcio',
        'Safle',
        'Rhif cofrestru’r cerbyd',
        'Gan',
        'Swm llawn',
        'Swm yn ddyledus wedyn',
        'Rheswm',
      ];
      expect(readText(await get(`${url}&format=csv`))[0]).toEqual(header);
      const sheet = await readWorkbook(await get(`${url}&format=xlsx`), header);
      expect(sheet.name).toBe('Camau ar daliadau parcio');
    });

    it('an invoice: its headers, its sheet and its totals line', async () => {
      const query = `?from=${lastMonth.from}&to=${lastMonth.to}`;
      const header = ['Talwyd am', 'Safle', 'Rhif cofrestru’r cerbyd', 'Hyd (munudau)', 'Dull talu', 'Swm'];
      const lines = readText(await get(`/invoice/parking-transactions/${group}/_export${query}`));
      expect(lines[0]).toEqual(header);
      expect(lines.at(-1)![0]).toBe('Cyfanswm (14 rhes)');
      const sheet = await readWorkbook(
        await get(`/invoice/parking-transactions/${group}/_export${query}&format=xlsx`),
        header,
      );
      expect(sheet.name).toBe('Trafodion parcio');
      expect(sheetRows(sheet).at(-1)![0]).toBe('Cyfanswm (14 rhes)');
    });
  });
});
