import { expect, test } from '@playwright/test';
import { signIn } from './support';

// The spec's /user/activity/readingBook/info and /user/activity/readingBook/info/indicator (§2) name no book: they
// open the current book's pages, or say there is none and list the student's books. Nothing here changes data.

test.describe('book info without a book id', () => {
  test("student opens the current book's info and indicator", async ({ page }) => {
    await signIn(page, 'student', /\/user\/activity$/);
    const title = (await page.getByRole('region', { name: '지금 읽는 책' }).getByRole('heading', { level: 3 }).textContent())?.trim();
    expect(title).toBeTruthy();

    await page.goto('/user/activity/readingBook/info');
    await expect(page).toHaveURL(/\/user\/activity\/readingBook\/info\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);

    await page.goto('/user/activity/readingBook/info/indicator');
    await expect(page).toHaveURL(/\/user\/activity\/readingBook\/info\/indicator\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title} · 도서 지표`);
    await expect(page.getByRole('heading', { name: '나의 읽기와 다른 독자 평균' })).toBeVisible();
  });

  test('a student without a current book is told so and picks one of their books', async ({ page }) => {
    await signIn(page, 'student9', /\/user\/activity$/);
    await expect(page.getByText('지금 읽는 책이 없어요.', { exact: false })).toBeVisible();

    await page.goto('/user/activity/readingBook/info');
    await expect(page).toHaveURL(/\/user\/activity\/readingBook\/info$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('도서 정보');
    await expect(page.getByText('지금 읽는 책이 없어요.', { exact: true })).toBeVisible();
    const choices = page.getByRole('region', { name: '내 도서에서 고르기' }).getByRole('link');
    await expect(choices).toHaveCount(2);
    const first = (await choices.first().textContent())!.trim();
    await choices.first().click();
    await expect(page).toHaveURL(/\/user\/activity\/readingBook\/info\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first);

    await page.goto('/user/activity/readingBook/info/indicator');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('도서 지표');
    await expect(page.getByText('지금 읽는 책이 없어요.', { exact: true })).toBeVisible();
    await page.getByRole('region', { name: '내 도서에서 고르기' }).getByRole('link', { name: first }).click();
    await expect(page).toHaveURL(/\/user\/activity\/readingBook\/info\/indicator\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${first} · 도서 지표`);
  });
});
