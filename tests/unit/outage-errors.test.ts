import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '~/lib/database-errors.server';
import { errorFields, loggedPath } from '~/lib/log.server';

/** drizzle wraps a driver error as `Failed query: … params: …` with the driver's error as its cause. */
function drizzleError(cause: Error & { code?: string }) {
  return Object.assign(new Error(`Failed query: update users set password_hash = $1 where id = $2\nparams: $argon2id$secret,7`), { cause });
}

describe('database outage errors', () => {
  it('are recognised by socket code, SQLSTATE or driver message, also when wrapped', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(
      isDatabaseUnavailable(
        drizzleError(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(drizzleError(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('are not confused with a query that the database refused', () => {
    expect(isDatabaseUnavailable(drizzleError(Object.assign(new Error('duplicate key value'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe('log fields', () => {
  it('never carry the query parameters of a failed query', () => {
    const fields = errorFields(drizzleError(Object.assign(new Error('duplicate key value'), { code: '23505' })));
    expect(JSON.stringify(fields)).not.toContain('secret');
    expect(fields.message).toBe('Failed query: update users set password_hash = $1 where id = $2');
    expect(fields.cause).toEqual({ type: 'Error', message: 'duplicate key value', code: '23505' });
  });

  it('redact tokens in paths and query strings', () => {
    expect(loggedPath(new Request('http://x/api/auth/checkToken/abc.def'))).toBe('/api/auth/checkToken/[redacted]');
    expect(loggedPath(new Request('http://x/member/reset/t0k3n?code=123&page=2'))).toBe(
      '/member/reset/[redacted]?code=%5Bredacted%5D&page=2',
    );
  });
});
