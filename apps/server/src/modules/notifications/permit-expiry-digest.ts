import { EXPIRING_SOON_DAYS, ukLastDayBefore } from '@client-portal/contract';
import { sql } from 'kysely';
import type { Queries } from '../../db/kysely.js';
import { loadPrincipalForJob, type PermitView, type Principal, policy } from '../access/index.js';
import { recordFlagNotification } from './flag-notifications.js';
import { notificationMail } from './notification-mail.js';
import type { NotificationContext } from './ticket-receipts.js';

const PERMIT_DIGEST_FLAG = 'PermitExpiryDigest';

/** The digest's queries run on `db`, the database's typed handle. */
export type DigestContext = NotificationContext;

/** The permits of a view ending in [now, until), soonest first (p: permits). */
export const expiringPermitsQuery = (
  db: Queries,
  principal: Principal,
  view: PermitView,
  now: Date,
  until: Date,
) =>
  db
    .selectFrom('permits as p')
    .leftJoin('sites as s', 's.site_number', 'p.site_number')
    .leftJoin('site_groups as g', 'g.group_number', 'p.group_number')
    .select((eb) => [
      'p.scope',
      eb.fn.coalesce('p.site_number', 'p.group_number').as('number'),
      eb.fn.coalesce('s.name', 'g.name').as('name'),
      'p.vehicle_registration',
      'p.driver_name',
      sql<string>`to_char(${eb.ref('p.ended')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('ended'),
    ])
    .where('p.started', '<=', now.toISOString())
    .where('p.ended', '>', now.toISOString())
    .where('p.ended', '<=', until.toISOString())
    .where(policy.permitViewWhere(view))
    .where((eb) =>
      eb.or([eb('p.scope', '=', 'site'), policy.groupInReachWhere(principal, eb.ref('p.group_number'))]),
    )
    .orderBy('p.ended')
    .orderBy(sql.lit(2))
    .orderBy('p.vehicle_registration');

/**
 * Current permits the user's permits list shows (policy.permitView: none without Permits.View, only
 * their own without Permits.AllPermits) that end within 7 days of `now`, soonest first; of group
 * permits only those of groups in their reach (granted, or every site reached), not every group one of
 * their sites belongs to.
 */
async function expiringPermitsFor(ctx: DigestContext, userId: string, now: Date) {
  const db = ctx.db;
  const principal = await loadPrincipalForJob(db, userId);
  if (!principal) return [];
  const view = await policy.loadPermitView(db, principal);
  if (!view) return [];
  const until = new Date(now.getTime() + EXPIRING_SOON_DAYS * 24 * 3600 * 1000);
  return expiringPermitsQuery(db, principal, view, now, until).execute();
}

/**
 * Mails every live, confirmed user with the PermitExpiryDigest flag the permits at their sites that
 * are current and end within 7 days; users with none get nothing. Returns how many mails went out.
 */
export async function sendPermitExpiryDigests(ctx: DigestContext, now: Date): Promise<number> {
  const users = await ctx.db
    .selectFrom('users as u')
    .innerJoin('user_flags as f', (join) =>
      join.onRef('f.user_id', '=', 'u.id').on('f.flag', '=', PERMIT_DIGEST_FLAG),
    )
    .select(['u.id', 'u.email'])
    .where('u.removed_at', 'is', null)
    .where((eb) => eb.ref('u.email_confirmed'))
    .orderBy('u.email')
    .execute();
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
