import { featuresInForce, SELF_VIEW } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { selectPreparedRows } from '../../db/prepared-rows.js';
import type { RowOf } from '../../db/rows.js';
import type { siteGroupMembers, users } from '../../db/schema.js';
import { valueList } from '../../db/sql-lists.js';
import type { Principal } from './principal.js';

export interface PrincipalRecord {
  userId: string;
  email: string;
  securityStamp: number;
  accessAllSites: boolean;
  features: string[];
  flags: string[];
  access: string[];
  siteNumbers: string[];
  session: { id: string; type: 'identity' | 'msal'; revoked: boolean } | null;
}

/** The user's columns typed from schema.ts, with the arrays and session facts the statement computes. */
type PrincipalRow = Pick<RowOf<typeof users>, 'id' | 'email' | 'security_stamp' | 'access_all_sites'> & {
  features: string[] | null;
  flags: string[] | null;
  access: string[] | null;
  site_numbers: string[] | null;
  session_type: 'identity' | 'msal' | null;
  session_revoked: boolean | null;
};

/**
 * The caller's reload as one statement with fixed text ($1 user id, $2 session id), so that it runs
 * as a prepared statement: planned once per connection instead of on every request (decision 10).
 */
const PRINCIPAL_SQL = `select u.id, u.email, u.security_stamp, u.access_all_sites,
    array(select distinct rf.feature from user_roles ur join role_features rf on rf.role_id = ur.role_id
          where ur.user_id = u.id order by 1) as features,
    array(select flag from user_flags where user_id = u.id order by 1) as flags,
    array(select coalesce(site_number, group_number) from user_access where user_id = u.id order by 1) as access,
    array(select ua.site_number from user_access ua where ua.user_id = u.id and ua.site_number is not null
          union
          select m.site_number from user_access ua join site_group_members m on m.group_number = ua.group_number
          where ua.user_id = u.id
          order by 1) as site_numbers,
    s.type as session_type, s.revoked_at is not null as session_revoked
  from users u left join sessions s on s.id = $2::uuid and s.user_id = u.id
  where u.id = $1::uuid and u.removed_at is null and not u.address_held_elsewhere`;

/**
 * Loads a live (not removed) user that is not a shadow (decision 0026) with everything the access checks need, or null.
 * One round trip, prepared: this runs on every authenticated request, and reads the rows afresh
 * each time, so removal and role or site changes apply on the very next request.
 */
export async function loadPrincipalRecord(
  database: Pick<Database, 'prepared'>,
  userId: string,
  sessionId: string,
): Promise<PrincipalRecord | null> {
  const [row] = await database.prepared<PrincipalRow>('load-principal', PRINCIPAL_SQL, [userId, sessionId]);
  if (!row) return null;
  // Operator-only features count only for all-sites users: a client role cannot reach operator settings.
  const features = featuresInForce(row.features ?? [], row.access_all_sites);
  if (!features.includes(SELF_VIEW)) features.push(SELF_VIEW);
  return {
    userId: row.id,
    email: row.email,
    securityStamp: row.security_stamp,
    accessAllSites: row.access_all_sites,
    features: features.sort(),
    flags: row.flags ?? [],
    access: row.access ?? [],
    siteNumbers: row.site_numbers ?? [],
    session: row.session_type
      ? { id: sessionId, type: row.session_type, revoked: row.session_revoked === true }
      : null,
  };
}

/** The groups any of these sites belongs to, by number. */
export async function groupsOfSites(db: Db, sites: readonly string[]): Promise<string[]> {
  if (sites.length === 0) return [];
  const rows = await selectPreparedRows<{ g: RowOf<typeof siteGroupMembers>['group_number'] }>(
    db,
    sql`select distinct group_number as g from site_group_members where site_number in ${valueList(sites)}
        order by 1`,
  );
  return rows.map((r) => r.g);
}

/** The session id of work done for a user without one of their sessions (mails, digests). */
const NO_SESSION = '00000000-0000-0000-0000-000000000000';

/**
 * A live user as a principal for work done on their behalf outside a request (a digest, a report
 * subscription's mail): their access read now, so the policy answers as it would to them signed in.
 */
export async function loadPrincipalForJob(
  database: Pick<Database, 'prepared'>,
  userId: string,
): Promise<Principal | null> {
  const record = await loadPrincipalRecord(database, userId, NO_SESSION);
  return record && { ...record, sessionId: NO_SESSION, sessionType: 'identity' };
}
