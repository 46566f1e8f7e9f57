import { EXPIRING_SOON_DAYS, ukLastDayBefore } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type RowOf, selectRows } from '../../db/rows.js';
import type { permits, users } from '../../db/schema.js';
import { legacyPolicySql, loadPrincipalForJob, policy } from '../access/index.js';
import { recordFlagNotification } from './flag-notifications.js';
import { notificationMail } from './notification-mail.js';
import type { NotificationContext } from './ticket-receipts.js';

const PERMIT_DIGEST_FLAG = 'PermitExpiryDigest';

type StoredUser = RowOf<typeof users>;

/** The digest reads each recipient's access as a principal, through the database's prepared reads. */
export type DigestContext = NotificationContext & { database: Pick<Database, 'kysely'> };

/** Permit columns typed from schema.ts; `scope` narrowed by its check constraint, the rest computed. */
type ExpiringPermit = Pick<RowOf<typeof permits>, 'vehicle_registration' | 'driver_name'> & {
  scope: 'site' | 'group';
  number: string;
  name: string;
  ended: string;
};

/**
 * Current permits the user's permits list shows (policy.permitView: none without Permits.View, only
 * their own without Permits.AllPermits) that end within 7 days of `now`, soonest first; of group
 * permits only those of groups in their reach (granted, or every site reached), not every group one of
 * their sites belongs to.
 */
async function expiringPermitsFor(ctx: DigestContext, userId: string, now: Date) {
  const principal = await loadPrincipalForJob(ctx.database.kysely, userId);
  if (!principal) return [];
  const view = await policy.loadPermitView(ctx.db, principal);
  if (!view) return [];
  const until = new Date(now.getTime() + EXPIRING_SOON_DAYS * 24 * 3600 * 1000);
  return selectRows<ExpiringPermit>(
    ctx.db,
    sql`select p.scope, coalesce(p.site_number, p.group_number) as number, coalesce(s.name, g.name) as name,
               p.vehicle_registration, p.driver_name,
               to_char(p.ended at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ended
        from permits p
        left join sites s on s.site_number = p.site_number
        left join site_groups g on g.group_number = p.group_number
        where p.started <= ${now.toISOString()}::timestamptz and p.ended > ${now.toISOString()}::timestamptz
          and p.ended <= ${until.toISOString()}::timestamptz and ${legacyPolicySql.permitViewWhere(view)}
          and (p.scope = 'site' or ${legacyPolicySql.groupInReachWhere(principal, sql`p.group_number`)})
        order by p.ended, 2, p.vehicle_registration`,
  );
}

/**
 * Mails every live, confirmed user with the PermitExpiryDigest flag the permits at their sites that
 * are current and end within 7 days; users with none get nothing. Returns how many mails went out.
 */
export async function sendPermitExpiryDigests(ctx: DigestContext, now: Date): Promise<number> {
  const users = await selectRows<Pick<StoredUser, 'id' | 'email'>>(
    ctx.db,
    sql`select u.id, u.email from users u
        join user_flags f on f.user_id = u.id and f.flag = ${PERMIT_DIGEST_FLAG}
        where u.removed_at is null and u.email_confirmed order by u.email`,
  );
  let sent = 0;
  for (const user of users) {
    const permits = await expiringPermitsFor(ctx, user.id, now);
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
