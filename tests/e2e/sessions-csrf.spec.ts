import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, gotoReady, perProject, signIn } from './support';

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

test('passwords: a common one is refused with its message, a Hangul-only one is accepted', async ({ page }) => {
  const loginId = perProject('pwjs', 'pwnojs') + Date.now().toString().slice(-6);
  await gotoReady(page, '/member/register/adult');
  await expect(page.getByText('8자 이상 128자 이하 (한글, 숫자, 기호 모두 쓸 수 있습니다)')).toBeVisible();
  const fill = async (password: string) => {
    await page.getByLabel('아이디', { exact: true }).fill(loginId);
    await page.getByLabel('비밀번호', { exact: true }).fill(password);
    await page.getByLabel('비밀번호 확인').fill(password);
    await page.getByLabel('이름').fill('한글암호');
    await page.getByLabel('생년월일').fill('1988-09-30');
    await page.getByLabel('휴대폰 번호').fill('010-7777-9999');
    await page.getByLabel('보안 질문', { exact: true }).selectOption({ index: 2 });
    await page.getByLabel('보안 질문의 답').fill('바다');
    await page.getByRole('checkbox', { name: '[필수] 이용약관에 동의합니다.' }).check();
    await page.getByRole('checkbox', { name: '[필수] 개인정보 수집·이용에 동의합니다.' }).check();
    await page.getByRole('button', { name: '가입하기' }).click();
  };
  await fill('password1');
  await expect(page.getByText('너무 흔히 쓰이는 비밀번호입니다. 다른 비밀번호를 입력해 주세요.')).toBeVisible();
  await fill('우리집강아지복실이');
  await expect(page).toHaveURL(/\/user\/activity$/);
});
