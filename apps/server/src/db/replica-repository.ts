import type { SqlExecutor } from './client.js';

/** A WAL position ('16/B374D848') as a number, to compare two of them. */
export function lsnValue(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** Where the primary's write-ahead log ends now. */
export async function primaryWalPosition(primary: SqlExecutor): Promise<bigint> {
  const { rows } = await primary.executeSql('select pg_current_wal_lsn()::text as lsn', []);
  return lsnValue(String(rows[0]?.lsn));
}

export interface StandbyPosition {
  /** False on a server that is not a standby (a primary, or a promoted standby). */
  recovering: boolean;
  /** The last WAL position replayed (null on a primary). */
  replayed: bigint | null;
  /** Seconds since the commit of the last transaction replayed (null before the first one). */
  sinceLastReplayedCommit: number | null;
}

/** How far a standby has replayed the primary's changes. */
export async function standbyPosition(replica: SqlExecutor): Promise<StandbyPosition> {
  const { rows } = await replica.executeSql(
    `select pg_is_in_recovery() as recovering,
            pg_last_wal_replay_lsn()::text as replayed,
            extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as since`,
    [],
  );
  const row = rows[0] ?? {};
  return {
    recovering: row.recovering === true,
    replayed: typeof row.replayed === 'string' ? lsnValue(row.replayed) : null,
    sinceLastReplayedCommit: typeof row.since === 'number' ? Math.max(0, row.since) : null,
  };
}
