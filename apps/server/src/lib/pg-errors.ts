/** Postgres error code of a failed query, unwrapping drizzle's wrapper; PGlite and pg agree. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown): boolean => pgErrorCode(error) === '23505';

/** A text PostgreSQL cannot store (U+0000, bad encoding): the input's fault, answered 400. */
export const isUnstorableText = (error: unknown): boolean =>
  ['22021', '22P05'].includes(pgErrorCode(error) ?? '');

/**
 * The database refuses or cannot answer now (issue 37): answered 503 with Retry-After, never 500.
 * Whole classes: 08 (connection exception), 53 (insufficient resources: 53300 too many connections,
 * disk full, out of memory), 57P (shut down, restarting, not accepting connections yet); and
 * 55000 (not in the state needed: a standby in recovery), 55P03 (a lock not granted within
 * `lock_timeout`), 57014 (cancelled by `statement_timeout`), 25006 (read-only after a failover).
 */
const UNAVAILABLE_SQLSTATE_CLASSES = /^(?:08|53|57P)/;
const UNAVAILABLE_SQLSTATES = new Set(['55000', '55P03', '57014', '25006']);
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /cannot use a pool after calling end/i,
  /pglite is closed/i,
  /client has encountered a connection error/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
];

const isUnavailableSqlstate = (code: string) =>
  /^[0-9A-Z]{5}$/.test(code) && (UNAVAILABLE_SQLSTATE_CLASSES.test(code) || UNAVAILABLE_SQLSTATES.has(code));

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (isUnavailableSqlstate(code) || UNAVAILABLE_NODE_CODES.has(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
