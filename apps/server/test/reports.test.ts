import {
  addIsoDays,
  allFeatureNames,
  ukDisplayDay as uk,
  ukDateTime,
  ukToday,
} from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHeaders, apiFor } from './api-client.js';
import {
  accountWith,
  clientWith,
  permitAt,
  roleWith,
  siteOf,
  type TestAccount,
  type TestSite,
  ticketActionOn,
  ticketAt,
} from './factories.js';
import { selectRows } from './fixture-rows.js';
import { buildTestApp, type TestApp } from './test-app.js';

const today = ukToday();
const from = addIsoDays(today, -30);

describe('reports API', () => {
  let t: TestApp;
  let manager: AuthHeaders;
  let clerk: AuthHeaders;
  let admin: AuthHeaders;
  let managerAccount: TestAccount;
  let clerkAccount: TestAccount;
  let adminAccount: TestAccount;
  /** The manager's client (the clerk has its first site) and another client. */
  let site: string;
  let group: string;
  let otherSite: string;
  let otherGroup: string;
  const api = apiFor(() => t);
  const get = (url: string, caller: AuthHeaders) => api.as(caller).get(`/api/reports${url}`);
  const csv = (body: Buffer) => new TextDecoder('utf-16le').decode(body.subarray(2)).trim().split('\r\n');

  beforeAll(async () => {
    t = await buildTestApp();
    const client = await clientWith(t, { sites: 2, group: true });
    const [first, second] = client.sites as [TestSite, TestSite];
    [site, group] = [first.number, client.group!.number];
    const other = await clientWith(t, { sites: 1, group: true });
    [otherSite, otherGroup] = [other.sites[0]!.number, other.group!.number];
    const managerRole = await roleWith(t, ['Reports.Access', 'Permits.View', 'Permits.AllPermits'], {
      name: 'Report Manager',
    });
    managerAccount = await accountWith(t, {
      roles: [managerRole],
      access: [group],
      email: 'manager@client-a.example',
    });
    const clerkRole = await roleWith(t, ['Permits.View', 'Permits.Add'], { name: 'Report Clerk' });
    clerkAccount = await accountWith(t, {
      roles: [clerkRole],
      access: [site],
      email: 'clerk@client-a.example',
    });
    adminAccount = await accountWith(t, {
      features: allFeatureNames,
      access: 'all',
      email: 'admin@staff.example',
    });
    await accountWith(t, { roles: [managerRole], access: [otherGroup], email: 'manager@client-b.example' });
    [manager, clerk, admin] = [managerAccount.headers, clerkAccount.headers, adminAccount.headers];

    // Three permits at the clerk's site within the last 30 days, one that ended before them, one elsewhere.
    const dayAt = (d: number) => new Date(`${addIsoDays(today, d)}T12:00:00Z`);
    await permitAt(t, site, { registration: 'RQ11ZZA', started: dayAt(-40), ended: dayAt(-20) });
    await permitAt(t, site, { registration: 'RQ22ZZA', started: dayAt(-5), ended: dayAt(5) });
    await permitAt(t, site, { registration: 'RQ33ZZA', started: dayAt(-50), ended: dayAt(-35) });
    await permitAt(t, group, { registration: 'RQ44ZZA', started: dayAt(-3), ended: dayAt(30) });
    await permitAt(t, otherSite, { registration: 'RQ55ZZA', started: dayAt(-3), ended: dayAt(3) });
    // Ticket actions in the period at both sites of the group, one before it and one at the other client's.
    for (const [where, d] of [
      [first.number, -2],
      [second.number, -12],
      [first.number, -45],
      [otherSite, -2],
    ] as const) {
      const ticketNumber = await ticketAt(t, where, { registration: 'RQ66ZZA', issued: dayAt(d - 1) });
      await ticketActionOn(t, { ticketNumber, site: where }, { action: 'Cancel', at: dayAt(d) });
    }
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

  it('streams the permit register of a site as UTF-16 tab-separated text with a BOM, one line per permit in the period', async () => {
    const res = await get(`/permit-register?site=${site}&from=${from}&to=${today}`, manager);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Permit register-${site}-${from}-${today}.csv"`,
    );
    const body = res.rawPayload;
    expect([body[0], body[1]]).toEqual([0xff, 0xfe]);
    const lines = csv(body);
    expect(lines[0]).toBe(
      'Site or group\tVehicle registration\tDriver\tKind\tVisitor link\tFirst day\tLast day\tReason\tAuthorised by\tAdded by\tAdded at',
    );
    const [{ n }] = (await selectRows<{ n: string }>(
      t.database.db,
      sql`select count(*) as n from permits where target = ${site}
          and started < (${addIsoDays(today, 1)}::date::timestamp at time zone 'Europe/London')
          and ended > (${from}::date::timestamp at time zone 'Europe/London')`,
    )) as [{ n: string }];
    expect(lines.length - 1).toBe(Number(n));
    expect(Number(n)).toBe(2);
  });

  it('writes the same report as a real .xlsx workbook', async () => {
    const res = await get(`/ticket-actions?site=${group}&from=${from}&to=${today}&format=xlsx`, manager);
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
          where m.group_number = ${group}
            and a.action_at >= (${from}::date::timestamp at time zone 'Europe/London')
            and a.action_at < (${addIsoDays(today, 1)}::date::timestamp at time zone 'Europe/London')`,
    )) as [{ n: string }];
    expect(sheet.actualRowCount - 1).toBe(Number(n));
    expect(Number(n)).toBe(2);
  });

  it('user access lists the users who reach the chosen sites, and nobody outside them', async () => {
    const lines = csv((await get(`/user-access?site=${site}`, manager)).rawPayload);
    expect(lines[0]).toBe('Email\tEmail confirmed\tAll sites\tSites and groups\tRoles');
    const emails = lines.slice(1).map((l) => l.split('\t')[0]);
    expect(emails).toContain(clerkAccount.email);
    expect(emails).toContain(managerAccount.email);
    expect(emails.some((e) => e?.endsWith('@client-b.example') || e?.endsWith('@staff.example'))).toBe(false);
  });

  it('fills every column from rows the test inserts: who added and authorised, who acted, when, amounts, allowance use, access and roles', async () => {
    const db = t.database.db;
    const clerkUser = { id: clerkAccount.userId };
    const adminUser = { id: adminAccount.userId };
    const day = addIsoDays(today, -10);
    const at = (d: string, time: string) => sql`((${d}::date + ${time}::time) at time zone 'Europe/London')`;
    const { number: reportSite } = await siteOf(t, { name: 'Report Park', cancellationAllowance: 4 });
    await db.execute(
      sql`insert into user_access (user_id, site_number) values (${clerkUser!.id}, ${reportSite})`,
    );
    await db.execute(sql`insert into permits (scope, site_number, vehicle_registration, driver_name, is_temp,
        duration, started, ended, reason, authorised_by, created_by, created_at)
      values ('site', ${reportSite}, 'RP1', 'Rita Driver', true, 'Temporary',
              (${day}::date::timestamp at time zone 'Europe/London'),
              (${addIsoDays(day, 3)}::date::timestamp at time zone 'Europe/London'),
              2, 'Ms Authoriser', ${clerkUser!.id}, ${at(day, '09:15')})`);
    await db.execute(sql`insert into tickets (ticket_number, site_number, vehicle_registration, violation_date, issue_date,
        full_amount_pence, reduced_amount_pence, status)
      values ('R9100001', ${reportSite}, 'RP2', ${at(day, '08:00')}, ${at(day, '08:00')}, 10000, 6000, 'cancelled'),
             ('R9100002', ${reportSite}, 'RP3', ${at(day, '08:00')}, ${at(day, '08:00')}, 8000, 4500, 'paid')`);
    await db.execute(sql`insert into ticket_actions (ticket_number, site_number, action, user_id, action_at, reason,
        reason_note)
      values ('R9100001', ${reportSite}, 'Cancel', ${clerkUser!.id}, ${at(day, '10:30')}, 'staff', null),
             ('R9100002', ${reportSite}, 'Pay', ${adminUser!.id}, ${at(day, '11:45')}, 'other', 'Meter fault')`);
    const report = async (key: string) => {
      const res = await get(`/${key}?site=${reportSite}&from=${addIsoDays(day, -1)}&to=${today}`, admin);
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
      `${reportSite}\tRP1\tRita Driver\tTemporary\t\t${uk(day)}\t${uk(addIsoDays(day, 2))}\tStaff\tMs Authoriser\tclerk@client-a.example\t${ukDateTime(await ukTime(day, '09:15'))}`,
    ]);
    expect(await report('ticket-actions')).toEqual([
      `${ukDateTime(await ukTime(day, '10:30'))}\tCancel\tR9100001\t${reportSite}\tRP2\tclerk@client-a.example\t100.00\t0.00\tStaff`,
      `${ukDateTime(await ukTime(day, '11:45'))}\tReduce\tR9100002\t${reportSite}\tRP3\tadmin@staff.example\t80.00\t45.00\tOther: Meter fault`,
    ]);
    expect(await report('allowance-use')).toEqual([
      `${day.slice(0, 7)}\t${reportSite}\tReport Park\t1\t4\t1\tNo limit`,
    ]);
    const access = (await get(`/user-access?site=${reportSite}`, admin)).rawPayload;
    const clerkLine = csv(access).find((l) => l.startsWith('clerk@client-a.example\t'));
    expect(clerkLine).toBe(`clerk@client-a.example\tYes\tNo\t${site} ${reportSite}\tReport Clerk`);
    expect(csv(access).some((l) => l.startsWith('manager@client-a.example\t'))).toBe(false);
    // The manager does not reach the new site: the clerk's access there is not shown to them.
    const managerView = csv((await get(`/user-access?site=${group}`, manager)).rawPayload);
    expect(managerView.find((l) => l.startsWith('clerk@client-a.example\t'))).toBe(
      `clerk@client-a.example\tYes\tNo\t${site}\tReport Clerk`,
    );
    expect(managerView.find((l) => l.startsWith('manager@client-a.example\t'))).toBe(
      `manager@client-a.example\tYes\tNo\t${group}\tReport Manager`,
    );
  });

  it("is scoped to the caller's sites and follows the period rules", async () => {
    for (const out of [otherSite, otherGroup]) {
      expect((await get(`/permit-register?site=${out}&from=${from}&to=${today}`, manager)).statusCode).toBe(
        404,
      );
    }
    expect((await get(`/permit-register?site=${site}&from=${from}&to=${today}`, manager)).statusCode).toBe(
      200,
    );
    expect((await get(`/no-such-report?from=${from}&to=${today}`, manager)).statusCode).toBe(404);
    expect((await get(`/permit-register?from=2020-01-01&to=${today}`, manager)).statusCode).toBe(400);
    expect((await get('/permit-register', manager)).statusCode).toBe(400);
  });
});
