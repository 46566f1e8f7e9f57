import { type SQL, sql } from 'drizzle-orm';

/** `(a, b, c)` of bound values for `in`; `(null)` when empty, which matches nothing. */
export const valueList = (values: readonly string[]): SQL =>
  values.length === 0
    ? sql`(null)`
    : sql`(${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`;
