import { ukLastDayBefore } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cronSchedules } from '../src/modules/jobs/index.js';
import { ukDayAndHour } from '../src/modules/notifications/digest-schedule.js';
import {
  DIGEST_LISTED_MAX,
  planPermitDigests,
  sendPermitDigest,
} from '../src/modules/notifications/permit-expiry-digest.js';
import { sendTicketActionReceipt } from '../src/modules/notifications/ticket-receipts.js';
import { apiFor } from './api-client.js';
import { accountWith, groupOf, permitAt, siteOf, type TestSite } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { bearerFor } from './sign-in-as.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { buildTestApp, jobsSettled, type TestApp } from './test-app.js';

const DAY = 24 * 3600 * 1000;

describe('notifications: the effects of the flags', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  const ctx = () => ({
    db: t.database.kysely,
    mailer: t.app.mailer,
    settings: t.app.settings,
    jobs: t.app.jobs,
  });
  const userId = async (email: string) =>
    (await selectRows<{ id: string }>(t.database.db, sql`select id from users where email = ${email}`))[0]!
      .id;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await buildTestApp({
      env: { SMTP_URL: inbox.url, PUBLIC_URL: 'http://portal.test', PERMIT_DIGEST_ENABLED: 'false' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  describe('ticket action receipts', () => {
    /** A site of the test's own, and people there with and without the receipts' flag. */
    let site: TestSite;
    const withFlag = 'receipts@client-a.example';
    const alsoWithFlag = 'receipts-too@client-a.example';
    const withoutFlag = 'no-receipts@client-a.example';
    beforeAll(async () => {
      site = await siteOf(t, { name: 'Riverside Test Park' });
      const features = ['Tickets.Cancel', 'Tickets.Reduce'] as const;
      for (const email of [withFlag, alsoWithFlag]) {
        await accountWith(t, { features, access: [site.number], email, flags: ['TicketActionReceipts'] });
      }
      await accountWith(t, { features, access: [site.number], email: withoutFlag });
    });

    it('mails a receipt to a user with the TicketActionReceipts flag', async () => {
      const sent = await sendTicketActionReceipt(ctx(), {
        userId: await userId(withFlag),
        ticketNumber: 'PCN00012345',
        action: 'Pay',
        siteNumber: site.number,
        vehicleRegistration: 'AB12CDE',
        amountPence: 6000,
        at: new Date('2025-03-04T10:15:00Z'),
      });
      expect(sent).toBe(true);
      const mail = await inbox.waitFor(withFlag, /^Ticket PCN00012345 reduced$/);
      expect(mail.text).toContain('Ticket: PCN00012345');
      expect(mail.text).toContain('Vehicle registration: AB12CDE');
      expect(mail.text).toContain(`Site: ${site.number} Riverside Test Park`);
      expect(mail.text).toContain('reduced on Tuesday 4 March 2025, 10:15');
      expect(mail.text).toContain('Amount now due: £60.00');
      expect(mail.text).toContain('http://portal.test/tickets/reduce');
      expect(mail.html).toContain('<li>Vehicle registration: AB12CDE</li>');
    });

    it('words a cancellation receipt and sends nothing to a user without the flag', async () => {
      await sendTicketActionReceipt(ctx(), {
        userId: await userId(alsoWithFlag),
        ticketNumber: 'PCN9',
        action: 'Cancel',
        siteNumber: site.number,
        vehicleRegistration: 'XY99ZZZ',
      });
      const mail = await inbox.waitFor(alsoWithFlag, /^Ticket PCN9 cancelled$/);
      expect(mail.text).toContain('you cancelled parking ticket PCN9');
      expect(mail.text).not.toContain('Amount now due');

      await jobsSettled(t);
      const before = inbox.received.length;
      const sent = await sendTicketActionReceipt(ctx(), {
        userId: await userId(withoutFlag),
        ticketNumber: 'PCN1',
        action: 'Cancel',
        siteNumber: site.number,
        vehicleRegistration: 'AB12CDE',
      });
      expect(sent).toBe(false);
      await new Promise((r) => setTimeout(r, 300));
      expect(inbox.received.length).toBe(before);
    });
  });

  describe('in the notification centre too, emailed per the user’s preference', () => {
    const centre = async (email: string) => {
      const { authorization } = await bearerFor(t, email);
      const res = await api.as({ authorization }).get('/api/notifications');
      return res.json().rows as { title: string; category: string; link: string; html: string }[];
    };

    it('puts a ticket receipt in the centre, and mails it only while the category’s email is on', async () => {
      const receipt = {
        userId: await userId('chloe.walker@bolt.example'),
        action: 'Cancel' as const,
        siteNumber: '2001',
        vehicleRegistration: 'CE11RR',
      };
      expect(await sendTicketActionReceipt(ctx(), { ...receipt, ticketNumber: 'PCN7001' })).toBe(true);
      const [row] = (await centre('chloe.walker@bolt.example')).filter(
        (r) => r.title === 'Ticket PCN7001 cancelled',
      );
      expect(row).toMatchObject({ category: 'TicketActionReceipts', link: '/tickets/cancel' });
      expect(row!.html).toContain('<li>Vehicle registration: CE11RR</li>');

      const { authorization } = await bearerFor(t, 'chloe.walker@bolt.example');
      await api
        .as({ authorization })
        .put('/api/notifications/preferences', { email: { TicketActionReceipts: false } });
      // The first receipt's mail (a job) has gone out before the count starts.
      await jobsSettled(t);
      const before = inbox.received.length;
      expect(await sendTicketActionReceipt(ctx(), { ...receipt, ticketNumber: 'PCN7002' })).toBe(false);
      await new Promise((r) => setTimeout(r, 300));
      expect(inbox.received.length).toBe(before);
      expect((await centre('chloe.walker@bolt.example')).map((r) => r.title)).toContain(
        'Ticket PCN7002 cancelled',
      );
    });

    it('puts the latest news in the centre of the flag’s holders', async () => {
      const { authorization } = await bearerFor(t, 'admin@operator.example');
      const res = await api.as({ authorization }).post('/api/application/config', {
        config: { LatestNewsMessageHeading: 'Centre news', LatestNewsMessageBody: 'New *gates*' },
      });
      expect(res.statusCode).toBe(200);
      await expect
        .poll(
          async () =>
            (await centre('chloe.walker@bolt.example')).find((r) => r.title === 'Latest news: Centre news')
              ?.html,
          {
            timeout: 5_000,
          },
        )
        .toContain('<p>New <em>gates</em></p>');
      expect((await centre('clerk@acme.example')).map((r) => r.title)).not.toContain(
        'Latest news: Centre news',
      );
      // The emails go out after the answer: wait for them all, so that later tests count only their own.
      const [holders] = await selectRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from users u join user_flags f on f.user_id = u.id and f.flag = 'LatestNewsEmails'
            where u.removed_at is null and u.email_confirmed`,
      );
      await expect
        .poll(() => inbox.received.filter((m) => m.subject === 'Latest news: Centre news').length, {
          timeout: 15_000,
        })
        .toBe(holders!.n);
    });
  });

  describe('daily permit-expiry digest', () => {
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
    let siteOne: TestSite;
    let group: TestSite;

    beforeAll(async () => {
      const db = t.database.db;
      // Sites and groups of their own, so that the seeded permits do not appear in these digests.
      siteOne = await siteOf(t, { name: 'Digest Park One' });
      const two = await siteOf(t, { name: 'Digest Park Two' });
      const quiet = await siteOf(t, { name: 'Quiet Park' });
      group = await groupOf(t, [siteOne, two], { name: 'Digest Group' });
      const permit = (target: TestSite, registration: string, started: string, ended: string) =>
        permitAt(t, target.number, { registration, started, ended });
      await permit(siteOne, 'IN3DAYS', at(-5), at(3));
      await permit(siteOne, 'LATER10', at(-5), at(10));
      await permit(siteOne, 'UPCOMING', at(1), at(5));
      await permit(siteOne, 'EXPIRED', at(-10), at(-1));
      await permit(two, 'TWO2DAY', at(-5), at(2));
      await permit(group, 'GROUP4D', at(-5), at(4));
      const user = async (
        email: string,
        access: string[],
        options: { flag?: boolean; confirmed?: boolean } = {},
      ) => {
        const [row] = await selectRows<{ id: string }>(
          db,
          sql`insert into users (email, email_confirmed, language) values (${email}, ${options.confirmed ?? true}, 'en') returning id`,
        );
        for (const a of access) {
          await db.execute(
            a.startsWith('SG')
              ? sql`insert into user_access (user_id, group_number) values (${row!.id}, ${a})`
              : sql`insert into user_access (user_id, site_number) values (${row!.id}, ${a})`,
          );
        }
        await db.execute(
          sql`insert into user_roles select ${row!.id}, id from roles where name = 'Permit Officer'`,
        );
        if (options.flag ?? true)
          await db.execute(sql`insert into user_flags values (${row!.id}, 'PermitExpiryDigest')`);
      };
      await user('one-site@digest.example', [siteOne.number]);
      await user('group@digest.example', [group.number]);
      await user('both-sites@digest.example', [siteOne.number, two.number]);
      await user('quiet@digest.example', [quiet.number]);
      await user('noflag@digest.example', [siteOne.number], { flag: false });
      await user('unconfirmed@digest.example', [siteOne.number], { confirmed: false });
      await user('removed@digest.example', [siteOne.number]);
      await db.execute(sql`update users set removed_at = now() where email = 'removed@digest.example'`);
    });

    const registrations = (text: string) => [...text.matchAll(/^- (\S+) /gm)].map((m) => m[1]);

    it('mails each flagged user the current permits at their sites ending within 7 days', async () => {
      inbox.received.splice(0);
      // The plan queues one job per flagged user; the app's own worker runs them.
      const planned = await planPermitDigests(ctx(), ukDayAndHour(now).day);
      const one = await inbox.waitFor('one-site@digest.example', /Permits ending soon/);
      expect(one.subject).toBe('Permits ending soon: 1 permit ends within 7 days');
      expect(registrations(one.text)).toEqual(['IN3DAYS']);
      // The permit's last day as the permits list shows it (dd/mm/yyyy in UK time), not its exclusive end.
      expect(one.text).toContain(
        `- IN3DAYS (Dee Driver) at ${siteOne.number} Digest Park One, ends ${ukLastDayBefore(at(3))}\n`,
      );
      expect(one.text).toContain('http://portal.test/permits');
      // In the user's notification centre too, the same digest.
      const { authorization } = await bearerFor(t, 'one-site@digest.example');
      const centre = await api.as({ authorization }).get('/api/notifications');
      expect(centre.json().rows).toContainEqual(
        expect.objectContaining({
          category: 'PermitExpiryDigest',
          title: 'Permits ending soon: 1 permit ends within 7 days',
          link: '/permits?state=expiringSoon',
        }),
      );

      const groupMail = await inbox.waitFor('group@digest.example', /Permits ending soon/);
      expect(registrations(groupMail.text)).toEqual(['TWO2DAY', 'IN3DAYS', 'GROUP4D']);
      expect(groupMail.text).toContain(`GROUP4D (Dee Driver) at site group ${group.number} Digest Group`);

      // Reaching every site of a group counts as reaching the group.
      const both = await inbox.waitFor('both-sites@digest.example', /Permits ending soon/);
      expect(registrations(both.text)).toEqual(['TWO2DAY', 'IN3DAYS', 'GROUP4D']);

      // The seeded Acme manager (SG01) holds the flag too and has expiring permits there.
      const manager = await inbox.waitFor('manager@acme.example', /Permits ending soon/);
      // Says how many, names the soonest five at most, and links to the list filtered to them.
      const ending = Number(/(\d+) permits? ends?/.exec(manager.subject)?.[1]);
      expect(ending).toBeGreaterThan(DIGEST_LISTED_MAX);
      expect(registrations(manager.text)).toHaveLength(DIGEST_LISTED_MAX);
      expect(manager.text).toContain(`and ${ending - DIGEST_LISTED_MAX} more`);
      expect(manager.text).toContain('http://portal.test/permits?state=expiringSoon');

      // Every job of the plan has run: none left queued.
      await expect
        .poll(() => t.app.jobs.boss.getQueueSize('permit-digest.send'), { timeout: 15_000 })
        .toBe(0);
      await new Promise((r) => setTimeout(r, 500));
      const recipients = inbox.received.map((m) => m.to);
      for (const none of ['quiet@', 'noflag@', 'unconfirmed@', 'removed@']) {
        expect(recipients.some((to) => to.startsWith(none))).toBe(false);
      }
      // Planned for every live, confirmed holder of the flag: the four above, 'quiet@' and the seed's.
      expect(planned).toBeGreaterThanOrEqual(5);
    });

    it("records a user's digest for a day once, however often its job runs or how many run at once", async () => {
      const one = await userId('one-site@digest.example');
      const day = '2031-01-01';
      expect(await sendPermitDigest(ctx(), one, day, now)).toBe(true);
      expect(await sendPermitDigest(ctx(), one, day, now)).toBe(false);
      const racers = await Promise.all(
        Array.from({ length: 5 }, () => sendPermitDigest(ctx(), one, '2031-01-02', now)),
      );
      expect(racers.filter(Boolean)).toHaveLength(1);
      // Today's, sent by the plan above, is not sent again either.
      expect(await sendPermitDigest(ctx(), one, ukDayAndHour(now).day, now)).toBe(false);
      // The two days' mails: one each.
      await inbox.waitFor('one-site@digest.example', /Permits ending soon/);
      await inbox.waitFor('one-site@digest.example', /Permits ending soon/);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(inbox.received.filter((m) => m.to.includes('one-site@digest.example'))).toHaveLength(0);
    });

    it('planning a day twice queues each user’s digest once', async () => {
      const day = '2031-02-01';
      await planPermitDigests(ctx(), day);
      await planPermitDigests(ctx(), day);
      const [row] = await selectRows<{ n: number; users: number }>(
        t.database.db,
        sql`select count(*)::int as n, count(distinct data->>'userId')::int as users
            from pgboss.job where name = 'permit-digest.send' and data->>'day' = ${day}`,
      );
      expect(row!.n).toBe(row!.users);
      expect(row!.n).toBeGreaterThanOrEqual(5);
    });

    it('is planned by a cron schedule at 07:00 UK time', () => {
      const early = new Date('2032-06-10T05:30:00Z'); // 06:30 in London (summer time)
      expect(ukDayAndHour(early)).toEqual({ day: '2032-06-10', hour: 6 });
      expect(cronSchedules).toContainEqual({
        kind: 'permit-digest.plan',
        cron: '0 7 * * *',
        enabledBy: 'PERMIT_DIGEST_ENABLED',
      });
    });
  });
});
