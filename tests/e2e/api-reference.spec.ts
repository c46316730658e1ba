import { expect, test } from '@playwright/test';

// The API reference page (/developers/api): rendered on the server from the calls' descriptions, readable with and
// without JavaScript, and shipping no script.

test('the API reference lists each call with its access, body, answer and errors', async ({ page }) => {
  await page.goto('/developers/api');
  await expect(page.getByRole('heading', { level: 1, name: '리드인 API 참조' })).toBeVisible();
  await expect(page.getByRole('link', { name: '/api/openapi.json', exact: true })).toHaveAttribute('href', '/api/openapi.json');
  expect(await page.locator('script[src]').count()).toBe(0);

  // Sign-in: public, its body fields, the tokens it answers and LOGIN_FAIL.
  const login = page.locator('article', { has: page.getByRole('heading', { level: 3, name: 'POST /api/auth/login 로그인' }) });
  await expect(login.getByText('접근: 누구나 (로그인 불필요)')).toBeVisible();
  await expect(login.getByRole('table', { name: '로그인: 요청 본문' }).getByRole('rowheader', { name: 'loginId' })).toBeVisible();
  await expect(login.getByRole('table', { name: '로그인: 응답' }).getByRole('rowheader', { name: 'data.refreshToken' })).toBeVisible();
  const loginErrors = login.getByRole('table', { name: '로그인: 오류' });
  await expect(loginErrors.getByRole('row', { name: /401 LOGIN_FAIL 아이디 또는 비밀번호가 올바르지 않습니다/ })).toBeVisible();

  // A student's reading call: its path id, the reading failures and the token failure.
  const record = page.locator('article', {
    has: page.getByRole('heading', { level: 3, name: 'POST /api/user/activity/bookDayRead/{id} 독서 기록 저장' }),
  });
  await expect(record.getByText('접근: 학생 (USER)')).toBeVisible();
  await expect(record.getByRole('table', { name: '독서 기록 저장: 경로 변수' }).getByRole('row', { name: /id integer 예/ })).toBeVisible();
  const recordErrors = record.getByRole('table', { name: '독서 기록 저장: 오류' });
  await expect(recordErrors.getByRole('row', { name: /400 INVALID_READ_TOTAL_OVER/ })).toBeVisible();
  await expect(recordErrors.getByRole('row', { name: /401 INVALID_TOKEN/ })).toBeVisible();

  // The table of contents leads to the call.
  await page.getByRole('navigation', { name: 'API 목차' }).getByRole('link', { name: 'GET /api/me', exact: true }).click();
  await expect(page).toHaveURL(/\/developers\/api#get-api-me$/);
  if (process.env.API_REFERENCE_SCREENSHOT) await page.screenshot({ path: process.env.API_REFERENCE_SCREENSHOT });
});
