import type { NotificationCategory } from '@client-portal/contract';
import { sql } from 'kysely';
import type { Queries } from '../../db/kysely.js';
import { type PermitView, type Principal, policy } from '../access/index.js';
import { wantsEmail } from './notifications-repository.js';

/**
 * The statements of the flag mails (ticket receipts, the permit-expiry digest and its daily claim):
 * who gets one, and what the digest lists. Built but not run: what flag-mail-repository.sql shows.
 */
export const flagMailQueries = {
  /** Who of a notification's recipients also want it by email, A to Z. */
  mailRecipients: (db: Queries, id: number, category: NotificationCategory) =>
    db
      .selectFrom('notification_recipients as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select('u.email')
      .where('r.notification_id', '=', id)
      .where('u.removed_at', 'is', null)
      .where((eb) => eb.ref('u.email_confirmed'))
      .where(wantsEmail(sql.val(category)))
      .orderBy('u.email'),

  /** A live user holding a flag, with the name of a site (a ticket receipt's addressee). */
  flaggedUserAtSite: (db: Queries, userId: string, flag: string, siteNumber: string) =>
    db
      .selectFrom('users as u')
      .innerJoin('user_flags as f', (join) => join.onRef('f.user_id', '=', 'u.id').on('f.flag', '=', flag))
      .select((eb) => [
        'u.email',
        eb.selectFrom('sites').select('name').where('site_number', '=', siteNumber).as('site_name'),
      ])
      .where('u.id', '=', userId)
      .where('u.removed_at', 'is', null),

  /** Every live, confirmed user holding a flag, by address. */
  flaggedUsers: (db: Queries, flag: string) =>
    db
      .selectFrom('users as u')
      .innerJoin('user_flags as f', (join) => join.onRef('f.user_id', '=', 'u.id').on('f.flag', '=', flag))
      .select(['u.id', 'u.email'])
      .where('u.removed_at', 'is', null)
      .where((eb) => eb.ref('u.email_confirmed'))
      .orderBy('u.email'),

  /** The permits of a view ending in [now, until), soonest first (p: permits). */
  expiringPermits: (db: Queries, principal: Principal, view: PermitView, now: Date, until: Date) =>
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
        sql<string>`to_char(${eb.ref('p.ended')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as(
          'ended',
        ),
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
      .orderBy('p.vehicle_registration'),
};
