import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.js';
import { databaseTypesFile, databaseTypesOf } from './generate-types.js';

/**
 * database-types.ts is what Kysely checks every typed query against (decision 31). It is generated
 * from the migrated database, never written by hand; this fails when a migration changed a table and
 * the file was not generated again (`npm run db:types -w @client-portal/server`).
 */
describe('database-types.ts', () => {
  it('is what the migrations produce', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const generated = await databaseTypesOf(database);
      expect(fs.readFileSync(databaseTypesFile, 'utf8')).toBe(generated);
    } finally {
      await drop();
    }
  });
});
