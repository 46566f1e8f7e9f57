import { type RawBuilder, sql } from 'kysely';

/**
 * A site's monthly reduction allowance as cancel and reduce enforce it, on the sites row `site` (an
 * alias or the table's name): 0 at a site that does not allow reductions (every reduce there is
 * refused), else its allowance, null for no limit. The ticket allowance overview, the statistics and
 * the reports read this one rule, so that they say what the enforcement does (issue 24).
 */
export function enforcedReductionAllowance(site: string): RawBuilder<number | null> {
  return sql<
    number | null
  >`(case when ${sql.ref(`${site}.allows_reductions`)} then ${sql.ref(`${site}.reduction_allowance`)} else 0 end)`;
}
