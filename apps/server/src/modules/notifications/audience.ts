import { type NotificationAudience, operatorOnlyFeatures } from '@client-portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type RowOf, selectRows } from '../../db/rows.js';
import type { clientCompanies, notificationRecipients, sites } from '../../db/schema.js';
import { FieldErrors, notFound } from '../../plugins/problem.js';
import { legacyPolicySql, type Principal, policy } from '../access/index.js';

/** One stored audience row: what the sender chose, or whom a flag mail is for. */
export interface AudienceRow {
  kind: 'everyone' | 'company' | 'site' | 'group' | 'feature' | 'flag' | 'user';
  value: string;
}

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The sites (direct or through a group) user `u` reaches. */
const userSites = sql`(select ua.site_number from user_access ua where ua.user_id = u.id and ua.site_number is not null
  union select m.site_number from user_access ua join site_group_members m on m.group_number = ua.group_number
  where ua.user_id = u.id)`;

/** Live users (alias u) one audience row reaches. Site audiences never include all-sites users. */
function audienceCondition(rows: AudienceRow[]): SQL {
  const of = (kind: AudienceRow['kind']) => rows.filter((r) => r.kind === kind).map((r) => r.value);
  const parts: SQL[] = [];
  if (of('everyone').length > 0) parts.push(sql`true`);
  const users = of('user');
  if (users.length > 0) parts.push(sql`u.id::text in (${list(users)})`);
  const flags = of('flag');
  if (flags.length > 0)
    parts.push(
      sql`exists (select 1 from user_flags f where f.user_id = u.id and f.flag in (${list(flags)}))`,
    );
  const features = of('feature');
  if (features.length > 0) {
    // Operator-only features are in force only for all-sites users (featuresInForce).
    const anyone = features.filter((f) => !(operatorOnlyFeatures as readonly string[]).includes(f));
    const operators = features.filter((f) => (operatorOnlyFeatures as readonly string[]).includes(f));
    const holds = (names: string[]) =>
      sql`exists (select 1 from user_roles ur join role_features rf on rf.role_id = ur.role_id
                  where ur.user_id = u.id and rf.feature in (${list(names)}))`;
    if (anyone.length > 0) parts.push(holds(anyone));
    if (operators.length > 0) parts.push(sql`(u.access_all_sites and ${holds(operators)})`);
  }
  const companies = of('company').map(Number);
  if (companies.length > 0)
    parts.push(sql`(not u.access_all_sites and (exists (
      select 1 from sites s where s.company_id in (${list(companies)}) and s.site_number in ${userSites})
      or exists (select 1 from user_access ua join site_groups g on g.group_number = ua.group_number
                 where ua.user_id = u.id and g.company_id in (${list(companies)}))))`);
  const sites = of('site');
  const groups = of('group');
  if (sites.length > 0 || groups.length > 0) {
    const targets = [
      ...(sites.length > 0 ? [sql`select site_number from sites where site_number in (${list(sites)})`] : []),
      ...(groups.length > 0
        ? [sql`select site_number from site_group_members where group_number in (${list(groups)})`]
        : []),
    ];
    const holdsGroup =
      groups.length > 0
        ? sql`or exists (select 1 from user_access ua where ua.user_id = u.id and ua.group_number in (${list(groups)}))`
        : sql``;
    parts.push(sql`(not u.access_all_sites and (exists (
      select 1 from (${sql.join(targets, sql` union `)}) t where t.site_number in ${userSites}) ${holdsGroup}))`);
  }
  return parts.length > 0 ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/**
 * The tenant rule: a sender without all-sites access reaches only users of their own sites (users
 * sharing a site with them, never all-sites users), whatever the audience says.
 */
function senderReach(sender: Principal | null): SQL {
  if (!sender || policy.reachesEverySite(sender)) return sql`true`;
  return sql`(not u.access_all_sites and exists (
    select 1 from ${userSites} us(site_number) where ${legacyPolicySql.siteInReachWhere(sender, sql`us.site_number`)}))`;
}

/** Inserts the recipients an audience reaches for a new notification; answers how many. */
export async function insertRecipients(
  db: Db,
  notificationId: number,
  rows: AudienceRow[],
  sender: Principal | null,
): Promise<number> {
  const inserted = await selectRows<Pick<RowOf<typeof notificationRecipients>, 'user_id'>>(
    db,
    sql`insert into notification_recipients (notification_id, user_id)
        select ${notificationId}, u.id from users u
        where u.removed_at is null and ${audienceCondition(rows)} and ${senderReach(sender)}
        returning user_id`,
  );
  return inserted.length;
}

/**
 * Checks the chosen audience against what exists and what the sender reaches (anything outside is
 * 404, as if it did not exist; everyone is only for all-sites senders) and answers its stored rows.
 */
export async function checkAudience(
  db: Db,
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
      const found = await selectRows<
        Pick<RowOf<typeof clientCompanies>, 'id'> & { sites: RowOf<typeof sites>['site_number'][] }
      >(
        db,
        sql`select c.id, array(select site_number from sites s where s.company_id = c.id) as sites
            from client_companies c where c.id in (${list(ids)})`,
      );
      for (const id of ids) {
        const company = found.find((c) => c.id === id);
        const reachable = company && policy.reachesCompany(sender, company.sites);
        if (!reachable) throw notFound(`Client company ${id} was not found.`);
      }
      return ids.map((id) => ({ kind: 'company', value: String(id) }));
    }
    case 'sites': {
      const numbers = [...new Set(audience.numbers)];
      const found = await selectRows<{
        number: RowOf<typeof sites>['site_number'];
        kind: 'site' | 'group';
        sites: RowOf<typeof sites>['site_number'][];
      }>(
        db,
        sql`select site_number as number, 'site' as kind, array[site_number]::text[] as sites
              from sites where site_number in (${list(numbers)})
            union all
            select g.group_number, 'group', array(select site_number from site_group_members m
                                                  where m.group_number = g.group_number)::text[]
              from site_groups g where g.group_number in (${list(numbers)})`,
      );
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
export function audienceFromRows(rows: AudienceRow[]): NotificationAudience {
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
  db: Db,
  sender: Principal,
  search: string,
  limit: number,
): Promise<{ id: number; name: string }[]> {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return selectRows<Pick<RowOf<typeof clientCompanies>, 'id' | 'name'>>(
    db,
    sql`select c.id, c.name from client_companies c
        where c.name ilike ${pattern} and ${legacyPolicySql.companyInReachWhere(sender, sql`c.id`)} order by c.name limit ${limit}`,
  );
}
