import type { SqlSnapshot } from './db/sql-snapshots.js';
import { invoicingSqlSnapshot } from './modules/invoicing/index.js';
import { statisticsSqlSnapshot } from './modules/statistics/index.js';

/** Every repository whose SQL is committed beside it (decision 31): one entry per converted module. */
export const sqlSnapshots: readonly SqlSnapshot[] = [statisticsSqlSnapshot, invoicingSqlSnapshot];
