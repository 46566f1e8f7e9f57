import { getTableColumns, type InferSelectModel, type SQL, sql, type Table } from 'drizzle-orm';
import type { Db } from './client.js';

/** Runs raw SQL and returns its rows, the same on PGlite and node-postgres. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A timestamptz as ISO 8601 text in UTC to the millisecond (`2026-01-02T03:04:05.678Z`); null stays null. */
export const isoText = (column: SQL): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What raw SQL hands back for a value of this type: either driver may give a timestamptz as a Date or as text. */
type Raw<V> = V extends Date ? Date | string : V;

type Columns<T extends Table> = T['_']['columns'];

/** The SQL names of a table's columns, as schema.ts declares them. */
type ColumnName<T extends Table> = Columns<T>[keyof Columns<T>]['_']['name'];

/**
 * A table's row as raw SQL returns it: keyed by SQL column name and typed from schema.ts (which
 * schema-drift.test.ts holds to the migrations), so nothing about it is declared twice.
 */
export type RowOf<T extends Table> = {
  [K in keyof Columns<T> & keyof InferSelectModel<T> as Columns<T>[K]['_']['name']]: Raw<
    InferSelectModel<T>[K]
  >;
};

/** A select list of table columns that carries the row type it selects. */
type ColumnList<T extends Table, N extends ColumnName<T>> = SQL & { readonly row?: Pick<RowOf<T>, N> };

/** The row a column list selects. */
export type RowOfList<L> = L extends ColumnList<infer T, infer N> ? Pick<RowOf<T>, N> : never;

/**
 * `alias.column, …` for raw SQL, from column names checked against schema.ts; the row type of the
 * result follows from the same names: `selectRows<RowOfList<typeof list>>`.
 */
export function columnList<T extends Table, const N extends ColumnName<T>>(
  table: T,
  alias: string,
  names: readonly N[],
): ColumnList<T, N> {
  const known = new Set(Object.values(getTableColumns(table)).map((column) => column.name));
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new Error(`Not columns of the table: ${unknown.join(', ')}`);
  return sql.raw(names.map((name) => `${alias}.${name}`).join(', '));
}
