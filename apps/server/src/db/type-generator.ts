import type { SqlSession } from './client.js';

/** One column of the migrated database, as pg_catalog describes it. */
export interface CatalogColumn {
  table_name: string;
  column_name: string;
  /** The type's name (`int8`, `timestamptz`, `_text` for text[] …). */
  type: string;
  /** The element type's name for an array, else null. */
  element: string | null;
  /** The labels of an enum type, else null. */
  labels: string[] | null;
  not_null: boolean;
  has_default: boolean;
  /** '' (none), 'a' (always) or 'd' (by default). */
  identity: string;
  /** '' (none) or 's' (stored generated column). */
  generated: string;
}

const catalogQuery = `
  select c.relname as table_name, a.attname as column_name, t.typname as type,
         case when t.typcategory = 'A' then e.typname end as element,
         (select array_agg(l.enumlabel::text order by l.enumsortorder) from pg_enum l
           where l.enumtypid = coalesce(e.oid, t.oid)) as labels,
         a.attnotnull as not_null, a.atthasdef as has_default,
         a.attidentity::text as identity, a.attgenerated::text as generated
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_type t on t.oid = a.atttypid
    left join pg_type e on e.oid = t.typelem and t.typcategory = 'A'
   where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')
     and a.attnum > 0 and not a.attisdropped
   order by c.relname, a.attnum`;

/** The columns of every table and view in the current schema, in table name and column order. */
export async function readCatalog(session: Pick<SqlSession, 'query'>): Promise<CatalogColumn[]> {
  return (await session.query<CatalogColumn>(catalogQuery)).rows;
}

/**
 * What either driver hands back for a PostgreSQL type (checked on PGlite 0.5 and node-postgres 8):
 * both give timestamptz, timestamp and date as a Date, but a value may also arrive as text (decision
 * 13), so the read type admits both; int8 (and a sum or count) is a number on PGlite and text on pg.
 */
const scalarTypes: Record<string, string> = {
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  float4: 'number',
  float8: 'number',
  int8: 'Int8',
  numeric: 'Numeric',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  citext: 'string',
  uuid: 'string',
  inet: 'string',
  timestamptz: 'Timestamp',
  timestamp: 'Timestamp',
  date: 'Timestamp',
  json: 'Json',
  jsonb: 'Json',
  bytea: 'Uint8Array',
};

function scalarType(name: string, labels: string[] | null): string {
  if (labels) return labels.map((label) => `'${label.replace(/['\\]/g, '\\$&')}'`).join(' | ');
  const type = scalarTypes[name];
  if (!type) throw new Error(`No TypeScript type for PostgreSQL's ${name}: add one to type-generator.ts.`);
  return type;
}

function columnType(column: CatalogColumn): string {
  const scalar = scalarType(column.element ?? column.type, column.labels);
  let type = column.element ? (column.labels ? `(${scalar})[]` : `${scalar}[]`) : scalar;
  if (!column.not_null) type = `${type} | null`;
  if (column.generated === 's' || column.identity === 'a') return `GeneratedAlways<${type}>`;
  if (column.has_default || column.identity === 'd') return `Generated<${type}>`;
  return type;
}

const pascalCase = (name: string): string =>
  name.replace(/(^|_)([a-z0-9])/g, (_match, _underscore: string, letter: string) => letter.toUpperCase());

const header = `// Generated from the migrated database by \`npm run db:types -w @client-portal/server\`
// (src/db/generate-types.ts); src/db/database-types.test.ts fails when it is out of date. Do not edit.
import type { ColumnType } from 'kysely';

/** Has a default: optional on insert. */
export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U>
    ? ColumnType<S, I | undefined, U>
    : ColumnType<T, T | undefined, T>;

/** Computed by the database (a stored generated or identity-always column): never written. */
export type GeneratedAlways<T> =
  T extends ColumnType<infer S, unknown, unknown> ? ColumnType<S, never, never> : ColumnType<T, never, never>;

/** timestamptz, timestamp and date: a Date from either driver, read as text when cast or aggregated. */
export type Timestamp = ColumnType<Date | string, Date | string, Date | string>;

/** int8: a number on PGlite, text on node-postgres. */
export type Int8 = ColumnType<number | string, number | string | bigint, number | string | bigint>;

/** numeric: text on both drivers, to keep its precision. */
export type Numeric = ColumnType<string, number | string, number | string>;

export type Json = unknown;
`;

/** The Kysely \`DB\` interface of the database the catalogue describes (one interface per table). */
export function renderDatabaseTypes(columns: readonly CatalogColumn[]): string {
  const tables = new Map<string, CatalogColumn[]>();
  for (const column of columns) {
    const list = tables.get(column.table_name) ?? [];
    list.push(column);
    tables.set(column.table_name, list);
  }
  const names = [...tables.keys()].sort();
  const interfaces = names.map(
    (table) =>
      `export interface ${pascalCase(table)} {\n${tables
        .get(table)!
        .map((c) => `  ${c.column_name}: ${columnType(c)};\n`)
        .join('')}}\n`,
  );
  const db = `export interface DB {\n${names.map((t) => `  ${t}: ${pascalCase(t)};\n`).join('')}}\n`;
  return [header, ...interfaces, db].join('\n');
}
