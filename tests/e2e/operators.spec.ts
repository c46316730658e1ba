import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, gotoReady, perProject, signIn } from './support';

// The operators' console (super area): finding a user, locking with the password asked again, the locked account's
// sign-in, unlocking, and the audit trail. Each project locks its own spare student.

test('an operator finds a student, locks it (password asked again), the student cannot sign in, and the trail shows it', async ({
  browser,
  page,
}) => {
  const [loginId, name] = perProject(['student12', '노은결'], ['student13', '하지온']);
  await signIn(page, 'super', /\/super\/user$/);
  await page.getByLabel('검색어').fill(loginId);
  await page.getByRole('button', { name: '검색' }).click();
  await expect(page.getByText('검색 결과 1명')).toBeVisible();
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible();

  // Without the password the lock is refused with the reason; with it the account locks.
  const lockForm = page.locator('form', { has: page.getByRole('button', { name: '계정 잠그기' }) });
  await lockForm.getByLabel(/내 비밀번호/).fill('wrong-password-1');
  await page.getByRole('button', { name: '계정 잠그기' }).click();
  await expect(page.getByText('비밀번호가 올바르지 않습니다.')).toBeVisible();
  await page
    .locator('form', { has: page.getByRole('button', { name: '계정 잠그기' }) })
    .getByLabel(/내 비밀번호/)
    .fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '계정 잠그기' }).click();
  await expect(page.getByText(`${name} 계정을 잠갔습니다. 모든 로그인이 끝났습니다.`)).toBeVisible();
  await expect(page.getByText('잠긴 계정입니다. 잠금을 풀면 다시 로그인할 수 있습니다.')).toBeVisible();

  // The student's sign-in says the account is locked.
  const other = await browser.newContext({ javaScriptEnabled: test.info().project.name === 'js' });
  const studentPage = await other.newPage();
  await gotoReady(studentPage, '/member/login');
  await studentPage.getByLabel('아이디', { exact: true }).fill(loginId);
  await studentPage.getByLabel('비밀번호', { exact: true }).fill(DEMO_PASSWORD);
  await studentPage.getByRole('button', { name: '로그인' }).click();
  await expect(studentPage.getByText('잠긴 계정입니다. 고객센터로 문의해 주세요.')).toBeVisible();

  // The audit trail has the lock with before and after.
  const userUrl = new URL(page.url()).pathname;
  const userId = userUrl.split('/').at(-1) ?? '';
  await page.getByRole('link', { name: '감사 기록' }).click();
  await page.getByLabel('대상 회원 번호').fill(userId);
  await page.getByRole('button', { name: '검색' }).click();
  await expect(page.getByText('기록 1건 (최신순)')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`계정 잠금.*${name}`) }).first();
  await expect(row).toContainText('{"status":"ACTIVE"}');
  await expect(row).toContainText('{"status":"LOCKED"}');

  // Unlocking lets the student in again.
  await gotoReady(page, userUrl);
  await page.getByRole('button', { name: '잠금 풀기' }).click();
  await expect(page.getByText(`${name} 계정의 잠금을 풀었습니다.`)).toBeVisible();
  await studentPage.getByLabel('비밀번호', { exact: true }).fill(DEMO_PASSWORD);
  await studentPage.getByRole('button', { name: '로그인' }).click();
  await studentPage.waitForURL(/\/user\//);
  await other.close();
});

test('PRODUCT is not let into the user console or the audit trail', async ({ page }) => {
  await signIn(page, 'product', /\/super\/my-page$/);
  await page.goto('/super/user');
  await expect(page).toHaveURL(/\/super\/my-page$/);
  await page.goto('/super/audit');
  await expect(page).toHaveURL(/\/super\/my-page$/);
  await expect(page.getByRole('link', { name: '회원 관리' })).toHaveCount(0);
});
