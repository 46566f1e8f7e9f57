import { SELF_VIEW } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectRows } from '../../db/rows.js';

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

/** Loads a live (not removed) user with everything the access checks need, or null. */
export async function loadPrincipalRecord(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<PrincipalRecord | null> {
  const [user] = await selectRows<{
    id: string;
    email: string;
    security_stamp: number;
    access_all_sites: boolean;
  }>(
    db,
    sql`select id, email, security_stamp, access_all_sites from users where id = ${userId} and removed_at is null`,
  );
  if (!user) return null;
  const [features, flags, access, siteNumbers, sessions] = await Promise.all([
    selectRows<{ feature: string }>(
      db,
      sql`select distinct rf.feature from user_roles ur join role_features rf on rf.role_id = ur.role_id
          where ur.user_id = ${userId} order by rf.feature`,
    ),
    selectRows<{ flag: string }>(
      db,
      sql`select flag from user_flags where user_id = ${userId} order by flag`,
    ),
    selectRows<{ number: string }>(
      db,
      sql`select coalesce(site_number, group_number) as number from user_access where user_id = ${userId}
          order by 1`,
    ),
    selectRows<{ site_number: string }>(db, accessibleSiteNumbersQuery(userId)),
    selectRows<{ id: string; type: 'identity' | 'msal'; revoked: boolean }>(
      db,
      sql`select id, type, revoked_at is not null as revoked from sessions where id = ${sessionId} and user_id = ${userId}`,
    ),
  ]);
  const featureNames = features.map((f) => f.feature);
  if (!featureNames.includes(SELF_VIEW)) featureNames.push(SELF_VIEW);
  return {
    userId: user.id,
    email: user.email,
    securityStamp: user.security_stamp,
    accessAllSites: user.access_all_sites,
    features: featureNames.sort(),
    flags: flags.map((f) => f.flag),
    access: access.map((a) => a.number),
    siteNumbers: siteNumbers.map((s) => s.site_number),
    session: sessions[0] ?? null,
  };
}

/** Site numbers a user reaches directly or through their groups. */
export function accessibleSiteNumbersQuery(userId: string) {
  return sql`select ua.site_number from user_access ua where ua.user_id = ${userId} and ua.site_number is not null
    union
    select m.site_number from user_access ua join site_group_members m on m.group_number = ua.group_number
    where ua.user_id = ${userId}
    order by 1`;
}
