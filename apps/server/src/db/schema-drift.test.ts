import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.js';
import { listMigrations } from './migrate.js';
import { prepareDatabase } from './prepare.js';
import * as schema from './schema.js';

/** Postgres's own spelling of a drizzle column type, as `format_type` prints it. */
function canonicalType(drizzleType: string): string {
  const type = drizzleType.toLowerCase().replace(/\s*,\s*/g, ',');
  const serials: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };
  if (serials[type]) return serials[type];
  if (type === 'timestamp') return 'timestamp without time zone';
  if (type === 'time') return 'time without time zone';
  return type.replace(/^varchar\b/, 'character varying').replace(/^char\b/, 'character');
}

interface ColumnShape {
  type: string;
  notNull: boolean;
}

function declaredTables(): Map<string, Map<string, ColumnShape>> {
  const tables = new Map<string, Map<string, ColumnShape>>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    tables.set(
      config.name,
      new Map(
        config.columns.map((c) => [c.name, { type: canonicalType(c.getSQLType()), notNull: c.notNull }]),
      ),
    );
  }
  return tables;
}

/**
 * schema.ts (what drizzle's query builder and row types believe) and the SQL migrations (what the
 * database holds) are written by hand side by side; this fails CI the moment they disagree.
 */
describe('schema.ts and the SQL migrations', () => {
  it('number each migration once, so that parallel work cannot order two files by their names alone', () => {
    const numbers = listMigrations().map((m) => m.name.slice(0, 4));
    expect(numbers.every((n) => /^\d{4}$/.test(n))).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('declare the same tables, columns, types and nullability', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      await prepareDatabase(database, { seed: false });
      const { rows } = await database.withStartupLock((session) =>
        session.query<{ table_name: string; column_name: string; type: string; not_null: boolean }>(
          `select c.relname as table_name, a.attname as column_name,
                  format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
             from pg_attribute a
             join pg_class c on c.oid = a.attrelid
             join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = current_schema() and c.relkind in ('r', 'p')
              and a.attnum > 0 and not a.attisdropped and c.relname <> 'schema_migrations'`,
        ),
      );
      const migrated = new Map<string, Map<string, ColumnShape>>();
      for (const row of rows) {
        const table = migrated.get(row.table_name) ?? new Map<string, ColumnShape>();
        table.set(row.column_name, { type: row.type.replace(/\s*,\s*/g, ','), notNull: row.not_null });
        migrated.set(row.table_name, table);
      }
      const declared = declaredTables();
      expect([...declared.keys()].sort()).toEqual([...migrated.keys()].sort());
      for (const [table, columns] of declared) {
        expect({ table, columns: Object.fromEntries(columns) }).toEqual({
          table,
          columns: Object.fromEntries(migrated.get(table) ?? []),
        });
      }
    } finally {
      await drop();
    }
  });
});
