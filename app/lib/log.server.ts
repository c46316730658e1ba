import pino from 'pino';
import { redactPath } from '../../server/edge.mjs';

/**
 * The app's structured log: one JSON line per event on stdout (pino). Every line about a request carries its id (the
 * X-Request-Id the server gives each request, also shown on the error page as 오류 번호). Secrets never reach it:
 * the redaction below drops cookies, authorisation headers, passwords and tokens wherever they appear in the fields.
 */
export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  redact: {
    paths: [
      'headers.cookie',
      'headers.authorization',
      'headers["x-xsrf-token"]',
      'headers["x-csrf-token"]',
      '*.password',
      '*.token',
      '*.refreshToken',
      '*.accessToken',
      'err.parameters',
      'err.params',
    ],
    censor: '[redacted]',
  },
  serializers: { err: errorFields },
});

/** An error as log fields: its type, message, code and stack, never the query parameters a driver attaches to it. */
export function errorFields(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const cause = (error as { cause?: unknown }).cause;
  return {
    type: error.name,
    message: error.message.split('\nparams:')[0],
    code: (error as { code?: unknown }).code,
    stack: error.stack?.split('\nparams:')[0],
    cause: cause instanceof Error ? { type: cause.name, message: cause.message, code: (cause as { code?: unknown }).code } : undefined,
  };
}

/** The id the server gave this request (server/index.mjs sets the header on the incoming request). */
export function requestIdOf(request: Request): string | undefined {
  return request.headers.get('x-request-id') ?? undefined;
}

/** The path and query of a request for a log line, with tokens and codes replaced (the server's own rule). */
export function loggedPath(request: Request): string {
  const url = new URL(request.url);
  return redactPath(url.pathname + url.search);
}
