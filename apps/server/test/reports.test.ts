import { addIsoDays, ukDisplayDay as uk, ukDateTime, ukToday } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHeaders, apiFor } from './api-client.js';
import { siteOf } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { bearerFor } from './sign-in-as.js';
import { buildTestApp, type TestApp } from './test-app.js';

const today = ukToday();
const from = addIsoDays(today, -30);

describe('reports API', () => {
  let t: TestApp;
  let manager: AuthHeaders;
  let clerk: AuthHeaders;
  let admin: AuthHeaders;
  const api = apiFor(() => t);
  const get = (url: string, caller: AuthHeaders) => api.as(caller).get(`/api/reports${url}`);
  const csv = (body: Buffer) => new TextDecoder('utf-16le').decode(body.subarray(2)).trim().split('\r\n');

  beforeAll(async () => {
    t = await buildTestApp();
    manager = await bearerFor(t, 'manager@acme.example');
    clerk = await bearerFor(t, 'clerk@acme.example');
    admin = await bearerFor(t, 'admin@operator.example');
  }, 240_000);
  afterAll(async () => t?.close());

  it('lists the catalogue as data', async () => {
    const res = await get('/_definitions', manager);
    expect(res.json().map((d: { key: string }) => d.key)).toEqual([
      'permit-register',
      'ticket-actions',
      'allowance-use',
      'user-access',
    ]);
    expect((await get('/_definitions', clerk)).statusCode).toBe(403);
  });

  it('streams the permit register of a site as UTF-16 CSV with a BOM, one line per permit in the period', async () => {
    const res = await get(`/permit-register?site=1001&from=${from}&to=${today}`, manager);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Permit register-1001-${from}-${today}.csv"`,
    );
    const body = res.rawPayload;
    expect([body[0], body[1]]).toEqual([0xff, 0xfe]);
    const lines = csv(body);
    expect(lines[0]).toBe(
      'Site or group,Vehicle registration,Driver,Kind,First day,Last day,Reason,Authorised by,Added by,Added at',
    );
    const [{ n }] = (await selectRows<{ n: string }>(
      t.database.db,
      sql`select count(*) as n from permits where target = '1001'
          and started < (${addIsoDays(today, 1)}::date::timestamp at time zone 'Europe/London')
          and ended > (${from}::date::timestamp at time zone 'Europe/London')`,
    )) as [{ n: string }];
    expect(lines.length - 1).toBe(Number(n));
    expect(Number(n)).toBeGreaterThan(0);
  });

  it('writes the same report as a real .xlsx workbook', async () => {
    const res = await get(`/ticket-actions?site=SG01&from=${from}&to=${today}&format=xlsx`, manager);
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Date',
      'Action',
      'Ticket number',
      'Site',
      'Vehicle registration',
      'By',
      'Full amount',
      'Amount due after',
      'Reason',
    ]);
    const [{ n }] = (await selectRows<{ n: string }>(
      t.database.db,
      sql`select count(*) as n from ticket_actions a join site_group_members m on m.site_number = a.site_number
          where m.group_number = 'SG01'
            and a.action_at >= (${from}::date::timestamp at time zone 'Europe/London')
            and a.action_at < (${addIsoDays(today, 1)}::date::timestamp at time zone 'Europe/London')`,
    )) as [{ n: string }];
    expect(sheet.actualRowCount - 1).toBe(Number(n));
  });

  it('user access lists the users who reach the chosen sites, and nobody outside them', async () => {
    const lines = csv((await get('/user-access?site=1001', manager)).rawPayload);
    expect(lines[0]).toBe('E-mail,E-mail confirmed,All sites,Sites and groups,Roles');
    const emails = lines.slice(1).map((l) => l.split(',')[0]);
    expect(emails).toContain('clerk@acme.example');
    expect(emails).toContain('manager@acme.example');
    expect(emails.some((e) => e?.endsWith('@bolt.example') || e?.endsWith('@operator.example'))).toBe(false);
  });

  it('fills every column from rows the test inserts: who added and authorised, who acted, when, amounts, allowance use, access and roles', async () => {
    const db = t.database.db;
    const [clerkUser] = await selectRows<{ id: string }>(
      db,
      sql`select id from users where email = 'clerk@acme.example'`,
    );
    const [adminUser] = await selectRows<{ id: string }>(
      db,
      sql`select id from users where email = 'admin@operator.example'`,
    );
    const day = addIsoDays(today, -10);
    const at = (d: string, time: string) => sql`((${d}::date + ${time}::time) at time zone 'Europe/London')`;
    const { number: site } = await siteOf(t, { name: 'Report Park', cancellationAllowance: 4 });
    await db.execute(sql`insert into user_access (user_id, site_number) values (${clerkUser!.id}, ${site})`);
    await db.execute(sql`insert into permits (scope, site_number, vehicle_registration, driver_name, is_temp,
        duration, started, ended, reason, authorised_by, created_by, created_at)
      values ('site', ${site}, 'RP1', 'Rita Driver', true, 'Temporary',
              (${day}::date::timestamp at time zone 'Europe/London'),
              (${addIsoDays(day, 3)}::date::timestamp at time zone 'Europe/London'),
              2, 'Ms Authoriser', ${clerkUser!.id}, ${at(day, '09:15')})`);
    await db.execute(sql`insert into tickets (ticket_number, site_number, vehicle_registration, violation_date, issue_date,
        full_amount_pence, reduced_amount_pence, status)
      values ('R9100001', ${site}, 'RP2', ${at(day, '08:00')}, ${at(day, '08:00')}, 10000, 6000, 'cancelled'),
             ('R9100002', ${site}, 'RP3', ${at(day, '08:00')}, ${at(day, '08:00')}, 8000, 4500, 'paid')`);
    await db.execute(sql`insert into ticket_actions (ticket_number, site_number, action, user_id, action_at, reason,
        reason_note)
      values ('R9100001', ${site}, 'Cancel', ${clerkUser!.id}, ${at(day, '10:30')}, 'staff', null),
             ('R9100002', ${site}, 'Pay', ${adminUser!.id}, ${at(day, '11:45')}, 'other', 'Meter fault')`);
    const report = async (key: string) => {
      const res = await get(`/${key}?site=${site}&from=${addIsoDays(day, -1)}&to=${today}`, admin);
      expect(res.statusCode).toBe(200);
      return csv(res.rawPayload).slice(1);
    };
    const ukTime = async (d: string, time: string) =>
      new Date(
        (
          await selectRows<{ at: string }>(
            db,
            sql`select to_char(${at(d, time)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at`,
          )
        )[0]!.at,
      );

    expect(await report('permit-register')).toEqual([
      `${site},RP1,Rita Driver,Temporary,${uk(day)},${uk(addIsoDays(day, 2))},Staff,Ms Authoriser,clerk@acme.example,${ukDateTime(await ukTime(day, '09:15'))}`,
    ]);
    expect(await report('ticket-actions')).toEqual([
      `${ukDateTime(await ukTime(day, '10:30'))},Cancel,R9100001,${site},RP2,clerk@acme.example,100.00,0.00,Staff`,
      `${ukDateTime(await ukTime(day, '11:45'))},Reduce,R9100002,${site},RP3,admin@operator.example,80.00,45.00,Other: Meter fault`,
    ]);
    expect(await report('allowance-use')).toEqual([`${day.slice(0, 7)},${site},Report Park,1,4,1,No limit`]);
    const access = (await get(`/user-access?site=${site}`, admin)).rawPayload;
    const clerkLine = csv(access).find((l) => l.startsWith('clerk@acme.example,'));
    expect(clerkLine).toBe(`clerk@acme.example,Yes,No,1001 ${site},Site Clerk`);
    expect(csv(access).some((l) => l.startsWith('manager@acme.example,'))).toBe(false);
    // The Acme manager does not reach the new site: the clerk's access there is not shown to them.
    const managerView = csv((await get('/user-access?site=SG01', manager)).rawPayload);
    expect(managerView.find((l) => l.startsWith('clerk@acme.example,'))).toBe(
      'clerk@acme.example,Yes,No,1001,Site Clerk',
    );
    expect(managerView.find((l) => l.startsWith('manager@acme.example,'))).toBe(
      'manager@acme.example,Yes,No,SG01,Client Manager',
    );
  });

  it("is scoped to the caller's sites and follows the period rules", async () => {
    expect((await get(`/permit-register?site=2001&from=${from}&to=${today}`, manager)).statusCode).toBe(404);
    expect((await get(`/permit-register?site=SG02&from=${from}&to=${today}`, manager)).statusCode).toBe(404);
    expect((await get(`/no-such-report?from=${from}&to=${today}`, manager)).statusCode).toBe(404);
    expect((await get(`/permit-register?from=2020-01-01&to=${today}`, manager)).statusCode).toBe(400);
    expect((await get('/permit-register', manager)).statusCode).toBe(400);
  });
});
