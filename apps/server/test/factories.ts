import { randomUUID } from 'node:crypto';
import { type FeatureName, isSiteGroupNumber } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { selectRows } from '../src/db/rows.js';
import { bearerFor } from './sign-in-as.js';
import type { TestApp } from './test-app.js';

/**
 * Per-test data: each test builds the accounts it needs instead of borrowing the demo seed's, so
 * that what it proves does not hang on what the seed happens to hold.
 */

let serial = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${(serial++).toString(36)}`;

/** A global role holding exactly these features (names are at most 20 characters). */
export async function roleWith(t: TestApp, features: readonly FeatureName[]): Promise<number> {
  const [role] = await selectRows<{ id: number }>(
    t.database.db,
    sql`insert into roles (name) values (${unique('T')}) returning id`,
  );
  for (const feature of features) {
    await t.database.db.execute(
      sql`insert into role_features (role_id, feature) values (${role!.id}, ${feature})`,
    );
  }
  return role!.id;
}

export interface TestAccount {
  email: string;
  userId: string;
  /** Headers of a signed-in request as this account. */
  headers: { authorization: string; userId: string; sessionId: string };
}

/**
 * A confirmed account holding one role with exactly `features`, reaching `access` (site and group
 * numbers), signed in.
 */
export async function accountWith(
  t: TestApp,
  options: { features: readonly FeatureName[]; access: readonly string[] },
): Promise<TestAccount> {
  const email = `${unique('u')}-${randomUUID().slice(0, 4)}@factory.example`;
  const [user] = await selectRows<{ id: string }>(
    t.database.db,
    sql`insert into users (email, email_confirmed) values (${email}, true) returning id`,
  );
  const roleId = await roleWith(t, options.features);
  await t.database.db.execute(sql`insert into user_roles (user_id, role_id) values (${user!.id}, ${roleId})`);
  for (const number of options.access) {
    const group = isSiteGroupNumber(number);
    await t.database.db.execute(
      sql`insert into user_access (user_id, site_number, group_number)
          values (${user!.id}, ${group ? null : number}, ${group ? number : null})`,
    );
  }
  return { email, userId: user!.id, headers: await bearerFor(t, email) };
}
