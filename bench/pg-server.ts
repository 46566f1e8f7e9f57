import pg from 'pg';

/** The PostgreSQL server the benchmarks create their own databases on. */
export const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One statement on the server's maintenance database (create or drop a database, look one up). */
export async function admin(text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the same server. */
export function databaseUrlOf(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
