import { describe, expect, it } from 'vitest';
import { allowedMethods, bodyCheck, isCrossOriginWrite, redactPath } from '../../server/edge.mjs';

const OWN = 'http://127.0.0.1:3000';

describe('the HTTP edge', () => {
  it('pages take GET, HEAD and POST only; the API its own methods; TRACE nowhere', () => {
    expect(allowedMethods('/user/my-page/me')).toEqual(['GET', 'HEAD', 'POST']);
    expect(allowedMethods('/api/user/me')).toContain('DELETE');
    expect(allowedMethods('/api/user/me')).not.toContain('TRACE');
  });

  it('refuses a body over its limit from its declared length, and a page post of unknown length', () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(bodyCheck('POST', '/member/login', { ...form, 'content-length': String(50 * 1024 * 1024) })).toBe('too-large');
    expect(bodyCheck('POST', '/member/login', { ...form, 'content-length': '300' })).toBe('ok');
    expect(
      bodyCheck('POST', '/user/my-page/me', {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(5 * 1024 * 1024),
      }),
    ).toBe('ok');
    expect(bodyCheck('POST', '/member/login', { ...form, 'transfer-encoding': 'chunked' })).toBe('length-required');
    expect(bodyCheck('POST', '/api/auth/login', { 'transfer-encoding': 'chunked' })).toBe('ok');
    expect(bodyCheck('POST', '/member/login', { ...form, 'content-length': 'lots' })).toBe('too-large');
    expect(bodyCheck('GET', '/member/login', {})).toBe('ok');
  });

  it('refuses page posts from another origin, another port included, with or without ?_data=', () => {
    expect(isCrossOriginWrite('POST', '/user/my-page/me', { origin: 'http://127.0.0.1:3999' }, OWN)).toBe(true);
    expect(isCrossOriginWrite('POST', '/user/my-page/me', { origin: 'https://evil.example' }, OWN)).toBe(true);
    expect(isCrossOriginWrite('POST', '/user/my-page/me', { origin: 'null' }, OWN)).toBe(true);
    expect(isCrossOriginWrite('POST', '/user/my-page/me', { 'sec-fetch-site': 'cross-site' }, OWN)).toBe(true);
    expect(isCrossOriginWrite('POST', '/user/my-page/me', { origin: OWN, 'sec-fetch-site': 'same-origin' }, OWN)).toBe(false);
    // Old browsers and tools send no Origin: the session's form token still applies.
    expect(isCrossOriginWrite('POST', '/user/my-page/me', {}, OWN)).toBe(false);
    expect(isCrossOriginWrite('GET', '/user/my-page/me', { origin: 'https://evil.example' }, OWN)).toBe(false);
    // The API answers to tokens, not origins.
    expect(isCrossOriginWrite('POST', '/api/auth/login', { origin: 'https://evil.example' }, OWN)).toBe(false);
  });

  it('keeps tokens and passwords out of logged addresses', () => {
    expect(redactPath('/api/auth/checkToken/abc.def.ghi')).toBe('/api/auth/checkToken/[redacted]');
    expect(redactPath('/member/reset/Zm9vYmFyYmF6cXV4cXV1eA')).toBe('/member/reset/[redacted]');
    expect(redactPath('/member/guardian/12.1790000000000.abc_DEF')).toBe('/member/guardian/[redacted]');
    expect(redactPath('/x?token=abc&page=2')).toBe('/x?token=%5Bredacted%5D&page=2');
  });
});
