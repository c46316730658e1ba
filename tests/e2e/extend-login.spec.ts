import { expect, test } from '@playwright/test';
import { EXTEND_SERVER_URL, signIn } from './support';

// Against the second server (refresh tokens live 605 s): the prompt is due 5 s after signing in.
test.use({ baseURL: EXTEND_SERVER_URL });

test('without JavaScript a banner asks; 예 extends, 아니오 signs out @nojs-only', async ({ page }) => {
  await signIn(page, 'student4', /\/user\/activity$/);
  await expect(page.getByText('로그인을 연장하시겠습니까?')).toHaveCount(0);
  await page.waitForTimeout(6_000);
  await page.reload();
  const banner = page.getByRole('alert').filter({ hasText: '로그인을 연장하시겠습니까?' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: '예' }).click();
  await expect(page).toHaveURL(/\/user\/activity$/);
  await expect(page.getByText('로그인을 연장하시겠습니까?')).toHaveCount(0);
  await page.waitForTimeout(6_000);
  await page.reload();
  await page.getByRole('alert').filter({ hasText: '로그인을 연장하시겠습니까?' }).getByRole('button', { name: '아니오' }).click();
  await expect(page).toHaveURL(/\/member\/login$/);
  await page.goto('/user/activity');
  await expect(page).toHaveURL(/\/member\/login\?redirectTo=/);
});

test('with JavaScript the timer opens the dialog; 예 extends, 아니오 signs out @js-only', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'student5', /\/user\/activity$/);
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toHaveCount(0);
  await page.clock.fastForward('00:10');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('로그인을 연장하시겠습니까?');
  await dialog.getByRole('button', { name: '예' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/user\/activity$/);
  await page.clock.fastForward('00:10');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '아니오' }).click();
  await expect(page).toHaveURL(/\/member\/login$/);
});
