import { sqlSnapshots } from '../sql-snapshots.js';
import { writeSqlSnapshots } from './sql-snapshots.js';

for (const file of writeSqlSnapshots(sqlSnapshots)) console.log(`Wrote ${file}`);
