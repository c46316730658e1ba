import { expect, test } from '@playwright/test';
import { gotoReady, signIn } from './support';

// Each account's home and the heading it opens with.
const HOMES: [string, RegExp, string][] = [
  ['student', /\/user\/activity$/, '독서활동'],
  ['adult', /\/user\/activity$/, '독서활동'],
  ['head', /\/admin\/dashboard$/, '월 학원 현황'],
  ['teacher', /\/admin\/dashboard$/, '월 학원 현황'],
  ['super', /\/super\/user$/, '회원 관리'],
  ['admin2', /\/super\/user$/, '회원 관리'],
  ['coach', /\/super\/coach\/sharpening$/, '첨삭 대기열'],
  ['branch', /\/super\/tax\/u\/region\/agency$/, '우리 지사 학원 현황'],
  ['product', /\/super\/books$/, '도서 관리'],
];

for (const [loginId, home, heading] of HOMES) {
  test(`${loginId} signs in and lands on its home`, async ({ page }) => {
    await signIn(page, loginId, home);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
  });
}

test('wrong credentials show one message for an unknown id and a wrong password', async ({ page }) => {
  for (const [id, pw] of [
    ['student', 'wrong-password'],
    ['nobody-here', 'demo1234!'],
  ]) {
    await gotoReady(page, '/member/login');
    await page.getByLabel('아이디', { exact: true }).fill(id);
    await page.getByLabel('비밀번호', { exact: true }).fill(pw);
    await page.getByRole('button', { name: '로그인' }).click();
    await expect(page.getByRole('alert')).toHaveText('아이디 또는 비밀번호가 올바르지 않습니다.');
    await expect(page).toHaveURL(/\/member\/login/);
    await expect(page.getByLabel('아이디', { exact: true })).toHaveValue(id);
  }
});

test('a signed-in user opening /landing or /member/login goes home; logout is a POST', async ({ page }) => {
  await signIn(page, 'student', /\/user\/activity$/);
  await page.goto('/landing');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await gotoReady(page, '/member/login');
  await expect(page).toHaveURL(/\/user\/activity$/);
  // A GET of /member/logout only asks.
  await gotoReady(page, '/member/logout');
  await expect(page.getByText('로그아웃하시겠습니까?')).toBeVisible();
  await page.goto('/user/dashboard');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.getByRole('button', { name: '로그아웃' }).click();
  await expect(page).toHaveURL(/\/member\/login$/);
  await page.goto('/user/dashboard');
  await expect(page).toHaveURL(/\/member\/login\?redirectTo=%2Fuser%2Fdashboard$/);
});

test('a student opening the admin area is signed out and sent to sign in', async ({ page }) => {
  await signIn(page, 'student', /\/user\/activity$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/member\/login$/);
  await page.goto('/user/activity');
  await expect(page).toHaveURL(/\/member\/login\?/);
});

test('redirectTo is honoured for a same-site path only', async ({ page }) => {
  await gotoReady(page, '/member/login?redirectTo=%2Fuser%2Fdashboard');
  await page.getByLabel('아이디', { exact: true }).fill('student');
  await page.getByLabel('비밀번호', { exact: true }).fill('demo1234!');
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  // Protocol-relative, and a tab that browsers drop ('/\t/evil.example' would read as '//evil.example').
  for (const evil of ['%2F%2Fevil.example%2Fx', '%2F%09%2Fevil.example', '%2F%5Cevil.example']) {
    await page.context().clearCookies();
    await gotoReady(page, `/member/login?redirectTo=${evil}`);
    await page.getByLabel('아이디', { exact: true }).fill('student');
    await page.getByLabel('비밀번호', { exact: true }).fill('demo1234!');
    await page.getByRole('button', { name: '로그인' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/user\/activity$/);
  }
});

test('in the experience environment the login page lists the demo accounts with their roles', async ({ page }) => {
  await page.goto('/member/login');
  const demo = page.getByRole('region', { name: '체험 계정' });
  await expect(demo).toContainText('비밀번호는 모두 demo1234!입니다.');
  await expect(demo.getByRole('listitem').filter({ hasText: 'head' }).first()).toContainText('학원장');
  // Nine accounts with a password, and the two demo parents who sign in by a code sent to their phone.
  await expect(demo.getByRole('listitem').filter({ hasText: '010-2100-0001' })).toContainText('보호자 (자녀 둘: 해오름·푸른솔)');
  await expect(demo.getByRole('listitem')).toHaveCount(11);
});
