import { parseSettings } from '../settings.js';
import { openDatabase } from './client.js';
import { prepareDatabase } from './prepare.js';

/**
 * `node apps/server/dist/db/migrate-command.js` (`npm run db:migrate`): what every start does first,
 * alone: the migrations, the job engine's schema and the feature catalogue of DATABASE_URL or DATA_DIR's
 * database, under the start-up lock, and no demo seed. An upgrade runs it once before restarting the web
 * processes one by one (docs/deployment.md, "Upgrades").
 */
async function main() {
  const settings = parseSettings(process.env);
  const database = await openDatabase({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
  try {
    const started = performance.now();
    const { migrations } = await prepareDatabase(database, { seed: false });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      migrations.length > 0
        ? `Applied ${migrations.length} migrations in ${seconds} s: ${migrations.join(', ')}.`
        : `The database is current (${seconds} s).`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
