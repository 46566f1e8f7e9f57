import type { SqlSession } from '../client.js';

const MAX_PARAMETERS = 10_000;

/** Inserts rows with one parameterised statement per chunk. `table` and `columns` are trusted names. */
export async function insertRows(
  session: SqlSession,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  suffix = '',
): Promise<void> {
  const perChunk = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const placeholders = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await session.query(
      `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')} ${suffix}`,
      params,
    );
  }
}

/** A VALUES list of trusted literals for joining in set-based SQL, e.g. site numbers with weights. */
export function sqlValues(rows: readonly (readonly (string | number | null)[])[]): string {
  return rows
    .map(
      (row) =>
        `(${row
          .map((value) =>
            value === null
              ? 'null'
              : typeof value === 'number'
                ? String(value)
                : `'${value.replaceAll("'", "''")}'`,
          )
          .join(', ')})`,
    )
    .join(', ');
}
