// Errors that mean the database cannot be reached at the moment (as opposed to a query that is wrong or refused): the
// connection was refused, dropped or timed out, or PostgreSQL is shutting down or not yet accepting connections. A
// request that failed this way is answered 503 with a Korean message (entry.server.tsx, api-response.server.ts), and
// the pool connects anew on the next request.

/** Node's socket errors on connect or while connected. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** PostgreSQL's SQLSTATEs: class 08 (connection exception), 57P01–57P03 (shutdown, cannot connect now), 53300 (too many connections). */
const SQLSTATES = /^(08\d{3}|57P0[123]|53300)$/;

/** node-postgres's own messages for a connection that ended or could not be made in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** True when `error` (or an error it wraps, as drizzle's query errors do) says the database is out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.test(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}
