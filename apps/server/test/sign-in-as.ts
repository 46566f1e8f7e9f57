import { sql } from 'drizzle-orm';
import { selectRows } from './fixture-rows.js';
import type { TestApp } from './test-app.js';

/** A bearer header for a seeded user, made the way sign-in makes one (a session row and a token). */
export async function bearerFor(t: TestApp, email: string, type: 'identity' | 'msal' = 'identity') {
  const [user] = await selectRows<{ id: string; security_stamp: number }>(
    t.database.db,
    sql`select id, security_stamp from users where lower(email) = lower(${email}) and removed_at is null`,
  );
  if (!user) throw new Error(`No user ${email}`);
  const [session] = await selectRows<{ id: string }>(
    t.database.db,
    sql`insert into sessions (user_id, type) values (${user.id}, ${type}) returning id`,
  );
  const { token } = await t.app.tokens.issueAccessToken({
    userId: user.id,
    sessionId: session!.id,
    securityStamp: user.security_stamp,
  });
  return { authorization: `Bearer ${token}`, userId: user.id, sessionId: session!.id };
}
