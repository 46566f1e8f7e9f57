import { openDatabase } from '../../db/client.js';
import { prepareDatabase } from '../../db/prepare.js';
import { parseSettings } from '../../settings.js';
import { rebuildStatistics } from './statistics-rebuild.js';

/** `npm run statistics:rebuild`: recomputes the daily statistics of DATABASE_URL or DATA_DIR's database. */
async function main() {
  const settings = parseSettings(process.env);
  const database = await openDatabase({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
  try {
    await prepareDatabase(database, { seed: false });
    const started = performance.now();
    const counts = await rebuildStatistics(database.kysely);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Statistics rebuilt in ${seconds} s: ${counts.siteDays} site-days, ${counts.permitDays} permit-days.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
