import { writeSqlSnapshots } from './sql-snapshots.js';

for (const file of writeSqlSnapshots()) console.log(`Wrote ${file}`);
