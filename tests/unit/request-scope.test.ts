import { describe, expect, it } from 'vitest';
import { REQUEST_SCOPES_MAX, endRequestScope, once, openRequestScopes, requestScope } from '~/lib/request-scope.server';

const request = (id: string | null, init: { method?: string; cookie?: string } = {}) =>
  new Request('http://x/user/activity', {
    method: init.method ?? 'GET',
    headers: { ...(id ? { 'X-Request-Id': id } : {}), ...(init.cookie ? { Cookie: init.cookie } : {}) },
  });

describe('the request scope', () => {
  it('is shared by the copies of a read with the same id and cookie, and made once per key', () => {
    const key = Symbol('k');
    let made = 0;
    const make = () => ++made;
    expect(once(request('a', { cookie: 's=1' }), key, make)).toBe(1);
    expect(once(request('a', { cookie: 's=1' }), key, make)).toBe(1);
    // Another cookie under the same id, a post, a request without an id: their own.
    expect(once(request('a', { cookie: 's=2' }), key, make)).toBe(2);
    expect(once(request('a', { cookie: 's=1', method: 'POST' }), key, make)).toBe(3);
    const lone = request(null);
    expect(once(lone, key, make)).toBe(4);
    expect(once(lone, key, make)).toBe(4);
    endRequestScope('a');
    expect(once(request('a', { cookie: 's=1' }), key, make)).toBe(5);
    endRequestScope('a');
  });

  it('keeps at most REQUEST_SCOPES_MAX open, dropping the oldest, should the server never end them', () => {
    const before = openRequestScopes();
    for (let i = 0; i <= REQUEST_SCOPES_MAX; i += 1) requestScope(request(`many-${i}`));
    expect(openRequestScopes()).toBe(REQUEST_SCOPES_MAX);
    expect(before).toBeLessThanOrEqual(REQUEST_SCOPES_MAX);
    for (let i = 0; i <= REQUEST_SCOPES_MAX; i += 1) endRequestScope(`many-${i}`);
    expect(openRequestScopes()).toBe(0);
  });
});
