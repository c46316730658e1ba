import { expect, test } from '@playwright/test';
import { gotoReady, perProject, signIn } from './support';

// An individual member has no teacher: they find a book and put it on their own list with a read method of their
// choice (addReadinBookResult, docs/decisions/010). Each project takes its own book.
test('an individual member finds a book, puts it on their list with a read method, and starts with the before-reading step', async ({
  page,
}) => {
  const title = perProject('갈매기의 꿈', '셜록 홈즈의 모험');
  await signIn(page, 'adult', /\/user\/activity$/);
  await gotoReady(page, `/user/search?q=${encodeURIComponent(title)}`);
  await page.locator('.book-card h3').getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByLabel('읽기 방식').selectOption({ label: '100분 읽기' });
  await page.getByRole('button', { name: '읽을 책으로 담기' }).click();

  await expect(page).toHaveURL(/\/user\/before\/\d+$/);
  await expect(page.getByRole('status')).toContainText(`'${title}'을 읽을 책으로 담았습니다.`);
  await page.goto('/user/activity');
  await expect(page.locator('main')).toContainText(title);

  // Back on the book page it is mine, with the next step; no second form.
  await gotoReady(page, `/user/search?q=${encodeURIComponent(title)}`);
  await page.locator('.book-card h3').getByRole('link', { name: title }).click();
  await expect(page.getByText('내 책 목록에 있는 도서입니다')).toBeVisible();
  await expect(page.getByRole('link', { name: '읽기 전 활동 하기 →' })).toBeVisible();
  await expect(page.getByRole('button', { name: '읽을 책으로 담기' })).toHaveCount(0);
});

test("an academy student's book waits for the teacher to choose the read method", async ({ page }) => {
  const title = perProject('운수 좋은 날', '메밀꽃 필 무렵');
  await signIn(page, perProject('student7', 'student8'));
  await gotoReady(page, `/user/search?q=${encodeURIComponent(title)}`);
  await page.locator('.book-card h3').getByRole('link', { name: title }).click();
  await expect(page.getByText('담은 책의 읽기 방식은 선생님이 정합니다.')).toBeVisible();
  await expect(page.getByLabel('읽기 방식')).toHaveCount(0);
  await page.getByRole('button', { name: '읽을 책으로 담기' }).click();
  await expect(page.getByRole('status')).toContainText('선생님이 읽기 방식을 정하면 독서 기록을 시작할 수 있습니다.');
});
