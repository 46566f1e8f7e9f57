import { type NotificationAudience, operatorOnlyFeatures } from '@client-portal/contract';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DB, Users } from '../../db/database-types.js';
import type { Queries } from '../../db/kysely.js';
import { FieldErrors, notFound } from '../../plugins/problem.js';
import { type Principal, policy } from '../access/index.js';

/** One stored audience row: what the sender chose, or whom a flag mail is for. */
export interface AudienceRow {
  kind: 'everyone' | 'company' | 'site' | 'group' | 'feature' | 'flag' | 'user';
  value: string;
}

type UsersAsU = ExpressionBuilder<DB & { u: Users }, 'u'>;

/** The sites (direct or through a group) user `u` reaches. */
const userSites = (eb: UsersAsU) =>
  eb
    .selectFrom('user_access as ua')
    .select('ua.site_number')
    .whereRef('ua.user_id', '=', 'u.id')
    .where('ua.site_number', 'is not', null)
    .union(
      eb
        .selectFrom('user_access as ua')
        .innerJoin('site_group_members as m', 'm.group_number', 'ua.group_number')
        .select('m.site_number')
        .whereRef('ua.user_id', '=', 'u.id'),
    );

const isOperatorOnly = (feature: string) => (operatorOnlyFeatures as readonly string[]).includes(feature);

/** Live users (alias u) one audience row reaches. Site audiences never include all-sites users. */
function audienceCondition(eb: UsersAsU, rows: AudienceRow[]): Expression<SqlBool> {
  const of = (kind: AudienceRow['kind']) => rows.filter((r) => r.kind === kind).map((r) => r.value);
  const parts: Expression<SqlBool>[] = [];
  if (of('everyone').length > 0) parts.push(sql<SqlBool>`true`);
  const users = of('user');
  if (users.length > 0) parts.push(eb(eb.cast<string>('u.id', 'text'), '=', eb.fn.any(eb.val(users))));
  const flags = of('flag');
  if (flags.length > 0)
    parts.push(
      eb.exists(
        eb
          .selectFrom('user_flags as f')
          .select(sql.lit(1).as('one'))
          .whereRef('f.user_id', '=', 'u.id')
          .where((eb) => eb('f.flag', '=', eb.fn.any(eb.val(flags)))),
      ),
    );
  const features = of('feature');
  if (features.length > 0) {
    // Operator-only features are in force only for all-sites users (featuresInForce).
    const anyone = features.filter((f) => !isOperatorOnly(f));
    const operators = features.filter(isOperatorOnly);
    const holds = (names: string[]) =>
      eb.exists(
        eb
          .selectFrom('user_roles as ur')
          .innerJoin('role_features as rf', 'rf.role_id', 'ur.role_id')
          .select(sql.lit(1).as('one'))
          .whereRef('ur.user_id', '=', 'u.id')
          .where((eb) => eb('rf.feature', '=', eb.fn.any(eb.val(names)))),
      );
    if (anyone.length > 0) parts.push(holds(anyone));
    if (operators.length > 0) parts.push(eb.and([eb.ref('u.access_all_sites'), holds(operators)]));
  }
  const companies = of('company').map(Number);
  if (companies.length > 0)
    parts.push(
      eb.and([
        eb.not(eb.ref('u.access_all_sites')),
        eb.or([
          eb.exists(
            eb
              .selectFrom('sites as s')
              .select(sql.lit(1).as('one'))
              .where((eb) => eb('s.company_id', '=', eb.fn.any(eb.val(companies))))
              .where('s.site_number', 'in', userSites(eb)),
          ),
          eb.exists(
            eb
              .selectFrom('user_access as ua')
              .innerJoin('site_groups as g', 'g.group_number', 'ua.group_number')
              .select(sql.lit(1).as('one'))
              .whereRef('ua.user_id', '=', 'u.id')
              .where((eb) => eb('g.company_id', '=', eb.fn.any(eb.val(companies)))),
          ),
        ]),
      ]),
    );
  const sites = of('site');
  const groups = of('group');
  if (sites.length > 0 || groups.length > 0) {
    const ofSites = eb
      .selectFrom('sites')
      .select('site_number')
      .where((eb) => eb('site_number', '=', eb.fn.any(eb.val(sites))));
    const ofGroups = eb
      .selectFrom('site_group_members')
      .select('site_number')
      .where((eb) => eb('group_number', '=', eb.fn.any(eb.val(groups))));
    const targets = sites.length === 0 ? ofGroups : groups.length === 0 ? ofSites : ofSites.union(ofGroups);
    const reached = [
      eb.exists(
        eb
          .selectFrom(targets.as('t'))
          .select(sql.lit(1).as('one'))
          .where('t.site_number', 'in', userSites(eb)),
      ),
    ];
    if (groups.length > 0)
      reached.push(
        eb.exists(
          eb
            .selectFrom('user_access as ua')
            .select(sql.lit(1).as('one'))
            .whereRef('ua.user_id', '=', 'u.id')
            .where((eb) => eb('ua.group_number', '=', eb.fn.any(eb.val(groups)))),
        ),
      );
    parts.push(eb.and([eb.not(eb.ref('u.access_all_sites')), eb.or(reached)]));
  }
  return parts.length > 0 ? eb.or(parts) : sql<SqlBool>`false`;
}

/**
 * The tenant rule: a sender without all-sites access reaches only users of their own sites (users
 * sharing a site with them, never all-sites users), whatever the audience says.
 */
function senderReach(eb: UsersAsU, sender: Principal | null): Expression<SqlBool> {
  if (!sender || policy.reachesEverySite(sender)) return sql<SqlBool>`true`;
  return eb.and([
    eb.not(eb.ref('u.access_all_sites')),
    eb.exists(
      eb
        .selectFrom(userSites(eb).as('us'))
        .select(sql.lit(1).as('one'))
        .where(policy.siteInReachWhere(sender, sql.ref('us.site_number'))),
    ),
  ]);
}

/** The statements of this module, built but not run: what audience.sql shows. */
export const audienceQueries = {
  insertRecipients: (db: Queries, notificationId: number, rows: AudienceRow[], sender: Principal | null) =>
    db
      .insertInto('notification_recipients')
      .columns(['notification_id', 'user_id'])
      .expression((eb) =>
        eb
          .selectFrom('users as u')
          .select((eb) => [eb.cast<number>(eb.val(notificationId), 'bigint').as('notification_id'), 'u.id'])
          .where('u.removed_at', 'is', null)
          .where((eb) => audienceCondition(eb, rows))
          .where((eb) => senderReach(eb, sender)),
      )
      .returning('user_id'),

  companies: (db: Queries, ids: number[]) =>
    db
      .selectFrom('client_companies as c')
      .select((eb) => [
        'c.id',
        sql<
          string[]
        >`array(${eb.selectFrom('sites as s').select('s.site_number').whereRef('s.company_id', '=', 'c.id')})`.as(
          'sites',
        ),
      ])
      .where((eb) => eb('c.id', '=', eb.fn.any(eb.val(ids)))),

  sitesAndGroups: (db: Queries, numbers: string[]) =>
    db
      .selectFrom('sites')
      .select((eb) => [
        'site_number as number',
        sql.lit<'site' | 'group'>('site').as('kind'),
        sql<string[]>`array[${eb.ref('site_number')}]::text[]`.as('sites'),
      ])
      .where((eb) => eb('site_number', '=', eb.fn.any(eb.val(numbers))))
      .unionAll(
        db
          .selectFrom('site_groups as g')
          .select((eb) => [
            'g.group_number as number',
            sql.lit<'site' | 'group'>('group').as('kind'),
            sql<string[]>`array(${eb
              .selectFrom('site_group_members as m')
              .select('m.site_number')
              .whereRef('m.group_number', '=', 'g.group_number')})::text[]`.as('sites'),
          ])
          .where((eb) => eb('g.group_number', '=', eb.fn.any(eb.val(numbers)))),
      ),

  reachableCompanies: (db: Queries, sender: Principal, pattern: string, limit: number) =>
    db
      .selectFrom('client_companies as c')
      .select(['c.id', 'c.name'])
      .where('c.name', 'ilike', pattern)
      .where(policy.companyInReachWhere(sender, sql.ref('c.id')))
      .orderBy('c.name')
      .limit(limit),
};

/** Inserts the recipients an audience reaches for a new notification; answers how many. */
export async function insertRecipients(
  db: Queries,
  notificationId: number,
  rows: AudienceRow[],
  sender: Principal | null,
): Promise<number> {
  const inserted = await audienceQueries.insertRecipients(db, notificationId, rows, sender).execute();
  return inserted.length;
}

/**
 * Checks the chosen audience against what exists and what the sender reaches (anything outside is
 * 404, as if it did not exist; everyone is only for all-sites senders) and answers its stored rows.
 */
export async function checkAudience(
  db: Queries,
  sender: Principal,
  audience: NotificationAudience,
): Promise<AudienceRow[]> {
  switch (audience.kind) {
    case 'everyone': {
      if (!policy.reachesEverySite(sender))
        new FieldErrors()
          .add('audience', 'Only users with access to all sites may send to everyone.')
          .throwIfAny();
      return [{ kind: 'everyone', value: '' }];
    }
    case 'features':
      return [...new Set(audience.features)].map((value) => ({ kind: 'feature', value }));
    case 'companies': {
      const ids = [...new Set(audience.companyIds)];
      const found = await audienceQueries.companies(db, ids).execute();
      for (const id of ids) {
        const company = found.find((c) => c.id === id);
        const reachable = company && policy.reachesCompany(sender, company.sites);
        if (!reachable) throw notFound(`Client company ${id} was not found.`);
      }
      return ids.map((id) => ({ kind: 'company', value: String(id) }));
    }
    case 'sites': {
      const numbers = [...new Set(audience.numbers)];
      const found = await audienceQueries.sitesAndGroups(db, numbers).execute();
      return numbers.map((number) => {
        const target = found.find((f) => f.number === number);
        const reachable =
          target &&
          (target.kind === 'site'
            ? policy.reachesSite(sender, number)
            : policy.reachesGroup(sender, number, target.sites));
        if (!target || !reachable) throw notFound(`Site ${number} was not found.`);
        return { kind: target.kind, value: number };
      });
    }
  }
}

/** The audience as the sender chose it, from its stored rows (the send page lists it). */
export function audienceFromRows(rows: readonly { kind: string; value: string }[]): NotificationAudience {
  if (rows.some((r) => r.kind === 'everyone')) return { kind: 'everyone' };
  const companies = rows.filter((r) => r.kind === 'company');
  if (companies.length > 0) return { kind: 'companies', companyIds: companies.map((r) => Number(r.value)) };
  const features = rows.filter((r) => r.kind === 'feature');
  if (features.length > 0) return { kind: 'features', features: features.map((r) => r.value) as never };
  return {
    kind: 'sites',
    numbers: rows.filter((r) => r.kind === 'site' || r.kind === 'group').map((r) => r.value),
  };
}

/**
 * The client companies a sender may address, names containing `search`, A to Z: all of them for an
 * all-sites sender, else those whose every site the sender reaches (checkAudience's rule).
 */
export async function reachableCompanies(
  db: Queries,
  sender: Principal,
  search: string,
  limit: number,
): Promise<{ id: number; name: string }[]> {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return audienceQueries.reachableCompanies(db, sender, pattern, limit).execute();
}
