/** A small seeded PRNG (mulberry32): the same seed always gives the same sequence. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [min, max], both ends included. */
    int: (min: number, max: number): number => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

/**
 * SQL for a stable pseudo-random bigint in [0, 2^32) from a salt and a row key. `hashtext` exists and
 * gives the same answers on PostgreSQL 15 and PGlite; `hashint4` and friends are missing from PGlite.
 */
export function sqlHash(salt: string, keyExpression: string): string {
  return `(hashtext('${salt}:' || ${keyExpression})::bigint + 2147483648)`;
}

/** A SQL string literal. */
function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** SQL picking one of `values` by a non-negative bigint expression. */
export function sqlPick(values: readonly string[], indexExpression: string): string {
  return `(array[${values.map(sqlText).join(', ')}])[(${indexExpression} % ${values.length})::int + 1]`;
}
