import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../access/index.js';

/** Restricts a site-number column to the caller's sites (everything with all-sites access). */
export function siteScope(principal: Principal, column: SQL): SQL {
  if (principal.accessAllSites) return sql`true`;
  if (principal.siteNumbers.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    principal.siteNumbers.map((n) => sql`${n}`),
    sql`, `,
  )})`;
}
