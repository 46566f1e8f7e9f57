import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database, openPglite } from './client.js';
import { migrate } from './migrate.js';
import { readCatalog, renderDatabaseTypes } from './type-generator.js';

/** Where the generated Kysely `DB` interface is committed. */
export const databaseTypesFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'database-types.ts');

/** The text of database-types.ts for a database that has just been migrated. */
export async function databaseTypesOf(database: Database): Promise<string> {
  return database.withStartupLock(async (session) => {
    await migrate(session);
    return renderDatabaseTypes(await readCatalog(session));
  });
}

// `npm run db:types`: migrates a fresh in-memory PGlite with the project's migrator and writes the file.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const database = await openPglite();
  try {
    fs.writeFileSync(databaseTypesFile, await databaseTypesOf(database));
    console.log(`Wrote ${path.relative(process.cwd(), databaseTypesFile)}`);
  } finally {
    await database.close();
  }
}
