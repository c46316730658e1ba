import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, gotoReady, signIn } from './support';

const CSRF_MESSAGE = '요청이 만료되었습니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.';

test('every posting form carries the session’s token in its server-rendered HTML', async ({ page }) => {
  const anonymous = await (await page.request.get('/member/login')).text();
  expect(anonymous).toMatch(/<input type="hidden" name="csrf" value="[\w-]{40,}"\/>/);
  await signIn(page, 'student', /\/user\/activity$/);
  const html = await (await page.request.get('/user/jinro')).text();
  const tokens = [...html.matchAll(/name="csrf" value="([\w-]+)"/g)].map((m) => m[1]);
  expect(tokens.length).toBeGreaterThanOrEqual(2); // the page's form and the shell's logout button
  expect(new Set(tokens).size).toBe(1);
  expect(anonymous).not.toContain(tokens[0]); // signing in changed the token
});

test('a post without its token, or with another session’s, is refused with 403 and the Korean message', async ({ page, browser }) => {
  await gotoReady(page, '/member/login');
  const form = { loginId: 'student', password: DEMO_PASSWORD };
  const bare = await page.request.post('/member/login', { form });
  expect(bare.status()).toBe(403);
  expect(await bare.text()).toContain(CSRF_MESSAGE);
  const data = await page.request.post('/member/login?_data=routes%2Fmember%2B%2Flogin', { form });
  expect(data.status()).toBe(403);
  expect(await data.text()).toContain(CSRF_MESSAGE);

  // A token taken from another browser (another pre-session) is worth nothing here.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/member/login');
  const foreign = await otherPage.locator('input[name="csrf"]').first().inputValue();
  await other.close();
  const replayed = await page.request.post('/member/login', { form: { ...form, csrf: foreign } });
  expect(replayed.status()).toBe(403);

  // Signed in: the career reload without the token changes nothing.
  await signIn(page, 'student', /\/user\/activity$/);
  const reload = await page.request.post('/user/jinro', { form: {}, maxRedirects: 0 });
  expect(reload.status()).toBe(403);
  expect(await reload.text()).toContain(CSRF_MESSAGE);
});

test('logout ends the session at once: the old cookie opens no page and no API call', async ({ page, browser }) => {
  await signIn(page, 'student3', /\/user\/activity$/);
  const saved = await page.context().cookies();
  await page.goto('/user/dashboard');
  await page.getByRole('button', { name: '로그아웃' }).click();
  await expect(page).toHaveURL(/\/member\/login$/);

  const stale = await browser.newContext();
  await stale.addCookies(saved);
  const stalePage = await stale.newPage();
  await stalePage.goto('/user/dashboard');
  await expect(stalePage).toHaveURL(/\/member\/login\?redirectTo=%2Fuser%2Fdashboard&expired=1$/);
  await stale.addCookies(saved);
  const api = await stale.request.get('/api/user/dashboard');
  expect(api.status()).toBe(401);
  expect(await api.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  await stale.close();
});
