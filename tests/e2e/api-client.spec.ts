import { expect, test } from '@playwright/test';
import { buildSync } from 'esbuild';
import { signIn } from './support';

// The API client (client/, docs/decisions/027) in a real browser with its defaults: the page's origin, the refresh
// token in sessionStorage 'refresh_token' and the user in localStorage 'user' (spec §9), the X-XSRF-TOKEN header
// read from document.cookie on a cookie session's changes. The client is not part of the app's pages: the test
// bundles it and adds it to a page of the app (bypassing the page's script policy to do so).

const bundle = buildSync({ entryPoints: ['client/src/index.ts'], bundle: true, format: 'iife', globalName: 'Readin', write: false })
  .outputFiles[0].text;

test.use({ bypassCSP: true });

test.describe('the API client in a browser @js-only', () => {
  test('keeps spec §9’s keys, never the password, and sends the XSRF header of the cookie session', async ({ page }) => {
    // reader07: an account no other test signs in with (its name is written back unchanged).
    await signIn(page, 'reader07');
    await page.addScriptTag({ content: bundle });
    const result = await page.evaluate(async () => {
      const { createReadinClient } = (window as unknown as { Readin: typeof import('../../client/src') }).Readin;
      const toLogin: string[] = [];
      const sent: { method: string; xsrf: string | null; bearer: boolean }[] = [];
      const counting: typeof fetch = (input, init) => {
        const headers = new Headers(init?.headers);
        sent.push({ method: init?.method ?? 'GET', xsrf: headers.get('X-XSRF-TOKEN'), bearer: headers.has('Authorization') });
        return fetch(input, init);
      };
      // The page's own session (cookie): no tokens in the client.
      const page = createReadinClient({ fetch: counting, onGoToLogin: () => toLogin.push(location.pathname) });
      const me = await page.GET('/api/me');
      const changed = await page.POST('/api/super/user/editMyPage', { body: { userName: me.userName, userEmail: me.userEmail ?? '' } });
      const cookieXsrf = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
      // A sign-in of the client's own: tokens, kept under spec §9's keys.
      const own = createReadinClient({ onGoToLogin: () => toLogin.push(location.pathname) });
      await own.login('reader07', 'demo1234!');
      const user = await own.me();
      own.dispose();
      return {
        loginId: me.loginId,
        changed,
        sent,
        cookieXsrf,
        user,
        refreshToken: sessionStorage.getItem('refresh_token'),
        storedUser: localStorage.getItem('user'),
        everything: JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }),
        toLogin,
      };
    });
    expect(result.loginId).toBe('reader07');
    expect(result.changed).toBe(true);
    expect(result.sent).toEqual([
      { method: 'GET', xsrf: null, bearer: false },
      { method: 'POST', xsrf: result.cookieXsrf, bearer: false },
    ]);
    expect(result.cookieXsrf).toBeTruthy();
    expect(result.refreshToken).toMatch(/.{20,}/);
    expect(JSON.parse(result.storedUser!)).toMatchObject({ loginId: 'reader07' });
    expect(result.everything).not.toContain('demo1234!');
    expect(result.toLogin).toEqual([]);
  });
});
