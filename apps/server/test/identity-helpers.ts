import { sql } from 'drizzle-orm';
import { apiFor } from './api-client.js';
import { selectRows } from './fixture-rows.js';
import type { TestApp } from './test-app.js';

export const DEMO_PASSWORD = 'Portal-demo-1';

export async function login(t: TestApp, body: Record<string, unknown>, remoteAddress?: string) {
  return apiFor(t).post('/api/user/login', body, { remoteAddress });
}

export function bearer(accessToken: string) {
  return { authorization: `Bearer ${accessToken}` };
}

export async function userInfo(t: TestApp, accessToken: string) {
  return apiFor(t).as(bearer(accessToken)).get('/api/user/info');
}

export async function refresh(t: TestApp, refreshToken: string) {
  return apiFor(t).post('/api/user/refresh', { refreshToken });
}

/** Runs SQL on the test database, for moving times into the past and similar set-ups. */
export async function query<T = Record<string, unknown>>(t: TestApp, text: ReturnType<typeof sql>) {
  return selectRows<T>(t.database.db, text);
}

export async function auditTypes(t: TestApp, email: string): Promise<string[]> {
  const rows = await query<{ type: string }>(
    t,
    sql`select type from audit_events where lower(subject_email) = lower(${email}) order by id`,
  );
  return rows.map((r) => r.type);
}

/** A fresh confirmed account with the demo password and the clerk's role, for tests that change it. */
export async function createAccount(t: TestApp, email: string) {
  const [clerk] = await query<{ id: string; password_hash: string }>(
    t,
    sql`select id, password_hash from users where email = 'clerk@acme.example'`,
  );
  const [user] = await query<{ id: string }>(
    t,
    sql`insert into users (email, password_hash, email_confirmed, language) values (${email}, ${clerk!.password_hash}, true, 'en')
        returning id`,
  );
  await t.database.db.execute(
    sql`insert into user_roles (user_id, role_id) select ${user!.id}, role_id from user_roles where user_id = ${clerk!.id}`,
  );
  await t.database.db.execute(
    sql`insert into user_access (user_id, site_number, group_number)
        select ${user!.id}, site_number, group_number from user_access where user_id = ${clerk!.id}`,
  );
  return user!.id;
}
