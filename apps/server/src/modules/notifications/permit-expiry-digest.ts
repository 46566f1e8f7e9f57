import { EXPIRING_SOON_DAYS, ukLastDayBefore } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { type RowOf, selectRows } from '../../db/rows.js';
import type { permits, users } from '../../db/schema.js';
import { recordFlagNotification } from './flag-notifications.js';
import { notificationMail } from './notification-mail.js';
import type { NotificationContext } from './ticket-receipts.js';

const PERMIT_DIGEST_FLAG = 'PermitExpiryDigest';

type StoredUser = RowOf<typeof users>;

/** Permit columns typed from schema.ts; `scope` narrowed by its check constraint, the rest computed. */
type ExpiringPermit = Pick<RowOf<typeof permits>, 'vehicle_registration' | 'driver_name'> & {
  scope: 'site' | 'group';
  number: string;
  name: string;
  ended: string;
};

/** Current permits the user can see that end within 7 days of `now`, soonest first. */
async function expiringPermitsFor(ctx: NotificationContext, user: { id: string; all: boolean }, now: Date) {
  const until = new Date(now.getTime() + EXPIRING_SOON_DAYS * 24 * 3600 * 1000);
  const sites = sql`(select ua.site_number from user_access ua where ua.user_id = ${user.id} and ua.site_number is not null
    union select m.site_number from user_access ua join site_group_members m on m.group_number = ua.group_number
    where ua.user_id = ${user.id})`;
  // A group permit counts at a group the user holds, or one all of whose sites they reach.
  const reach = user.all
    ? sql`true`
    : sql`((p.scope = 'site' and p.site_number in ${sites})
        or (p.scope = 'group' and (
          p.group_number in (select group_number from user_access where user_id = ${user.id} and group_number is not null)
          or (exists (select 1 from site_group_members m where m.group_number = p.group_number)
              and not exists (select 1 from site_group_members m
                              where m.group_number = p.group_number and m.site_number not in ${sites})))))`;
  return selectRows<ExpiringPermit>(
    ctx.db,
    sql`select p.scope, coalesce(p.site_number, p.group_number) as number, coalesce(s.name, g.name) as name,
               p.vehicle_registration, p.driver_name,
               to_char(p.ended at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ended
        from permits p
        left join sites s on s.site_number = p.site_number
        left join site_groups g on g.group_number = p.group_number
        where p.started <= ${now.toISOString()}::timestamptz and p.ended > ${now.toISOString()}::timestamptz
          and p.ended <= ${until.toISOString()}::timestamptz and ${reach}
        order by p.ended, 2, p.vehicle_registration`,
  );
}

/**
 * Mails every live, confirmed user with the PermitExpiryDigest flag the permits at their sites that
 * are current and end within 7 days; users with none get nothing. Returns how many mails went out.
 */
export async function sendPermitExpiryDigests(ctx: NotificationContext, now: Date): Promise<number> {
  const users = await selectRows<Pick<StoredUser, 'id' | 'email'> & { all: StoredUser['access_all_sites'] }>(
    ctx.db,
    sql`select u.id, u.email, u.access_all_sites as all from users u
        join user_flags f on f.user_id = u.id and f.flag = ${PERMIT_DIGEST_FLAG}
        where u.removed_at is null and u.email_confirmed order by u.email`,
  );
  let sent = 0;
  for (const user of users) {
    const permits = await expiringPermitsFor(ctx, user, now);
    if (permits.length === 0) continue;
    const count = permits.length === 1 ? '1 permit ends' : `${permits.length} permits end`;
    const subject = `Permits ending soon: ${count} within ${EXPIRING_SOON_DAYS} days`;
    const intro = `${count} at your sites within the next ${EXPIRING_SOON_DAYS} days:`;
    const items = permits.map(
      (p) =>
        `${p.vehicle_registration} (${p.driver_name}) at ${p.scope === 'group' ? 'site group ' : ''}${p.number} ` +
        `${p.name}, ends ${ukLastDayBefore(p.ended)}`,
    );
    const mailTo = await recordFlagNotification(
      ctx.db,
      {
        category: 'PermitExpiryDigest',
        title: subject,
        body: [intro, items.map((i) => `- ${i}`).join('\n')].join('\n\n'),
        link: '/permits',
      },
      [{ kind: 'user', value: user.id }],
    );
    if (mailTo.length === 0) continue;
    await ctx.mailer.send(
      notificationMail({
        to: mailTo[0]!,
        subject,
        intro: [intro],
        items,
        link: { label: 'Open permits', url: `${ctx.settings.PUBLIC_URL}/permits` },
        why: 'You get this e-mail because the permit expiry digest is on for your account; turn the e-mail off in your notification preferences.',
      }),
    );
    sent++;
  }
  return sent;
}
