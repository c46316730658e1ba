import { expect, test } from '@playwright/test';
import { perProject, signIn } from './support';

test('a teacher on the HEAD-only teachers page sees the spec alert and 확인 goes back', async ({ page }) => {
  await signIn(page, 'teacher', /\/admin\/dashboard$/);
  await page.goto('/admin/teachers');
  const alert = page.getByRole('alertdialog');
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('heading', { name: '알림' })).toBeVisible();
  await expect(alert).toContainText('학원장만 접근 가능합니다.');
  // Inside the admin area's shell.
  await expect(page.getByRole('navigation', { name: '주 메뉴' })).toContainText('학생 관리');
  await alert.getByRole('link', { name: '확인' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('the head sees the teachers list', async ({ page }) => {
  await signIn(page, 'head', /\/admin\/dashboard$/);
  await page.goto('/admin/teachers');
  await expect(page.getByRole('heading', { name: '선생님 관리' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '임준호' })).toBeVisible();
});

test('head4 (not paid this month) on the students page sees the basicPay alert', async ({ page }) => {
  await signIn(page, 'head4', /\/admin\/dashboard$/);
  await page.goto('/admin/students');
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('이번 달 기본 결제를 해 주세요.');
  await expect(alert.getByRole('heading', { name: '알림' })).toBeVisible();
});

test('a migration account must set its password and security question first', async ({ page }) => {
  const loginId = perProject('migrated', 'migrated2');
  await signIn(page, loginId, /\/member\/migration$/);
  await page.goto('/user/dashboard');
  await expect(page).toHaveURL(/\/member\/migration$/);
  await page.getByLabel('새 비밀번호', { exact: true }).fill('fresh-start1');
  await page.getByLabel('새 비밀번호 확인').fill('fresh-start2');
  await page.getByLabel('보안 질문', { exact: true }).selectOption({ label: '태어난 고향은 어디인가요?' });
  await page.getByLabel('보안 질문의 답').fill('부산');
  await page.getByRole('button', { name: '저장하고 시작하기' }).click();
  await expect(page.getByText('비밀번호가 일치하지 않습니다.')).toBeVisible();
  await page.getByLabel('새 비밀번호', { exact: true }).fill('fresh-start1');
  await page.getByLabel('새 비밀번호 확인').fill('fresh-start1');
  await page.getByLabel('보안 질문', { exact: true }).selectOption({ label: '태어난 고향은 어디인가요?' });
  await page.getByLabel('보안 질문의 답').fill('부산');
  await page.getByRole('button', { name: '저장하고 시작하기' }).click();
  await expect(page).toHaveURL(/\/user\/activity$/);
  await expect(page.getByText('새 비밀번호와 보안 질문을 등록했습니다.')).toBeVisible();
  await page.goto('/user/dashboard');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('signed-in pages are never stored; public pages may be', async ({ page }) => {
  await signIn(page, 'head', /\/admin\/dashboard$/);
  const signedIn = await page.goto('/admin/teachers');
  expect(signedIn!.headers()['cache-control']).toBe('no-store');
  await page.context().clearCookies();
  const visitor = await page.goto('/landing');
  expect(visitor!.headers()['cache-control'] ?? '').not.toContain('no-store');
});
