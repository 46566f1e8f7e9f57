/** True for a PostgreSQL unique-constraint violation, whichever driver (and wrapper) raised it. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Network failures and PostgreSQL's connection classes: the database cannot be reached right now. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
const UNREACHABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end/i;

/** Is this (or what it wraps) a failure to reach the database, rather than a bad query? */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    // 08: connection exception; 57P01-57P03: shut down or starting; 53300: too many connections.
    if (
      UNREACHABLE_CODES.has(code) ||
      code.startsWith('08') ||
      /^57P0[123]$/.test(code) ||
      code === '53300'
    ) {
      return true;
    }
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGES.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * A read the replica could not answer but the primary can (decision 41): the replica unreachable,
 * shutting down or starting, without the database yet (created on the primary, not replayed), or a
 * query cancelled because it conflicted with the replay of the primary's changes.
 */
export function isReplicaUnavailable(error: unknown): boolean {
  if (isDatabaseUnreachable(error)) return true;
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    if (e.code === '3D000' || e.code === '57P04') return true;
    if (typeof e.message === 'string' && /conflict with recovery/i.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
