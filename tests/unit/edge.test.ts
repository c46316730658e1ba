import { describe, expect, it } from 'vitest';
import { allowedMethods, bodyCheck, canonicalPath, isApiPath, isCrossOriginWrite, isDataRequest, redactPath } from '../../server/edge.mjs';

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

  it('reads the path the router will route, and refuses every other spelling of it', () => {
    expect(canonicalPath('/member/login')).toBe('/member/login');
    expect(canonicalPath('/member/login/?redirectTo=%2Fuser')).toBe('/member/login/');
    expect(canonicalPath('/')).toBe('/');
    // Segments are decoded as the router decodes them.
    expect(canonicalPath('/user/book/search/%ED%95%9C%EA%B8%80')).toBe('/user/book/search/한글');
    expect(canonicalPath('/%61pi/me')).toBe('/api/me');
    for (const target of [
      '/api/../member/login',
      '/api/./../member/login',
      '/api/%2e%2e/member/login',
      '/api/%2E%2E/member/login',
      '/api/.%2e/member/login',
      '/member/./login',
      '/member/%2e/login',
      '/api\\..\\member\\login',
      '/api/..\\member/login',
      '//member/login',
      '/member//login',
      '/api%2fmember',
      '/api%2F..%2Fmember/login',
      '/api%5c..%5cmember/login',
      '/%zz',
      '*',
      'http://evil.example/api/me',
    ]) {
      expect(canonicalPath(target), target).toBeNull();
    }
  });

  it('tells the API by its path whatever its case, and a page data request by ?_data=', () => {
    expect(isApiPath('/api/me')).toBe(true);
    expect(isApiPath('/API/me')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
    expect(isApiPath('/member/login')).toBe(false);
    expect(isDataRequest('/user/my-page/me?_data=routes%2Fuser%2B%2Fmy-page.me')).toBe(true);
    expect(isDataRequest('/user/activity?index&_data=routes%2Fuser%2B%2Factivity._index')).toBe(true);
    expect(isDataRequest('/user/my-page/me?page=2')).toBe(false);
    expect(isDataRequest('/user/my-page/me')).toBe(false);
  });

  it('keeps tokens and passwords out of logged addresses', () => {
    expect(redactPath('/api/auth/checkToken/abc.def.ghi')).toBe('/api/auth/checkToken/[redacted]');
    expect(redactPath('/member/reset/Zm9vYmFyYmF6cXV4cXV1eA')).toBe('/member/reset/[redacted]');
    expect(redactPath('/member/guardian/12.1790000000000.abc_DEF')).toBe('/member/guardian/[redacted]');
    expect(redactPath('/x?token=abc&page=2')).toBe('/x?token=%5Bredacted%5D&page=2');
  });
});
