import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { surviveLostConnections } from '../src/db/client.js';
import { postgresServerAnswers, postgresServerUrl } from './server-processes.js';

/**
 * A connection lost while its client is handed out (PostgreSQL restarted, a standby cancelling a read)
 * must fail that client's next query, never end the process: an 'error' event nobody hears is an
 * uncaught exception, which fails this file (the primary's pool and both replica pools use this).
 */
describe.skipIf(!(await postgresServerAnswers()))('a pool that survives lost connections', () => {
  it('lets a client handed out lose its connection: its next query fails, the pool goes on', async () => {
    const pool = surviveLostConnections(new pg.Pool({ connectionString: postgresServerUrl, max: 2 }));
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const admin = new pg.Client({ connectionString: postgresServerUrl });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();
      // The server's goodbye reaches the client as an 'error' event while nothing is running on it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(client.query('select 1')).rejects.toThrow();
      client.release(true);
      const again = await pool.query<{ one: number }>('select 1 as one');
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await pool.end();
    }
  });
});
