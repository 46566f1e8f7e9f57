import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../apps/server/src/db/client.js';
import { selectRows } from '../apps/server/test/fixture-rows.js';

/** `Bearer <token>` for the user with `email`: a session of theirs and an access token, as sign-in makes. */
export async function bearerFor(app: FastifyInstance, database: Database, email: string): Promise<string> {
  const [user] = await selectRows<{ id: string; security_stamp: number }>(
    database.db,
    sql`select id, security_stamp from users where email = ${email}`,
  );
  const [session] = await selectRows<{ id: string }>(
    database.db,
    sql`insert into sessions (user_id, type) values (${user!.id}, 'identity') returning id`,
  );
  const { token } = await app.tokens.issueAccessToken({
    userId: user!.id,
    sessionId: session!.id,
    securityStamp: user!.security_stamp,
  });
  return `Bearer ${token}`;
}
