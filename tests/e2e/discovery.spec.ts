import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('recommendations: every book on page 1 is within the stated level band, and a like sticks', async ({ page }) => {
  // Each project likes with its own student so the runs do not see each other's likes.
  const account = test.info().project.name === 'js' ? 'student3' : 'student4';
  await signIn(page, account);
  await page.goto('/user/recommend');
  await expect(page.getByRole('heading', { level: 1, name: '추천 도서' })).toBeVisible();
  const stated = await page.locator('.page-title strong').nth(1).textContent();
  const [from, to = from] = stated!.match(/\d+/g)!.map(Number);
  const cards = page.locator('.book-card');
  await expect(cards.first()).toBeVisible();
  const levels = (await cards.locator('.badge:not(.neutral)').allTextContents()).map((t) => Number(t.match(/^L(\d+)/)![1]));
  expect(levels.length).toBeGreaterThan(0);
  for (const level of levels) {
    expect(level).toBeGreaterThanOrEqual(from);
    expect(level).toBeLessThanOrEqual(to);
  }

  // A liked book ranks higher, so the cards may move: like one and find it by its title each time.
  // A card not liked yet (the demo data has likes of its own).
  const title = await cards
    .filter({ has: page.getByRole('button', { name: '좋아요', exact: true }) })
    .last()
    .locator('h3')
    .textContent();
  const card = page.locator('.book-card', { hasText: title! });
  // With JavaScript the heart flips before the server answers: wait for the save before reloading.
  const saved = page.waitForResponse((r) => r.url().includes('/user/book/like') && r.request().method() === 'POST');
  await card.getByRole('button', { name: '좋아요', exact: true }).click();
  await saved;
  await expect(card.getByRole('button', { name: '좋아요 취소' })).toBeVisible();
  const bookPage = await card.getByRole('link', { name: title! }).getAttribute('href');
  await page.reload();
  await expect(page.locator('.book-card', { hasText: title! }).getByRole('button', { name: '좋아요 취소' })).toBeVisible();
  // Unliked, the book ranks lower again and may leave page 1: its own page shows that the like is gone.
  const removed = page.waitForResponse((r) => r.url().includes('/user/book/like') && r.request().method() === 'POST');
  await page.locator('.book-card', { hasText: title! }).getByRole('button', { name: '좋아요 취소' }).click();
  await removed;
  await page.goto(bookPage!);
  await expect(page.getByRole('button', { name: '좋아요', exact: true })).toBeVisible();
});

test('search finds by author and keeps the query across pages; odd input is harmless', async ({ page }) => {
  await signIn(page, 'student');
  await page.goto('/user/search');
  await page.getByLabel('제목 또는 지은이').fill('황순원');
  await page.getByRole('button', { name: '검색' }).click();
  await expect(page).toHaveURL(/q=%ED%99%A9%EC%88%9C%EC%9B%90/);
  await expect(page.locator('.book-card').first()).toContainText('황순원');
  await page.goto('/user/search?q=%25%27%20or%201%3D1--&sort=evil');
  await expect(page.getByText('검색 결과 0권')).toBeVisible();
  await page.goto('/user/search?genre=LITERATURE');
  await expect(page.getByText(/검색 결과 \d+권/)).toBeVisible();
  await page.getByRole('navigation', { name: '페이지 이동' }).getByRole('link', { name: '다음 ›' }).click();
  await expect(page).toHaveURL(/genre=LITERATURE&page=2/);
});

test('career guidance shows the interest profile and recomputes on request', async ({ page }) => {
  await signIn(page, 'student');
  await page.goto('/user/jinro');
  await expect(page.getByRole('heading', { level: 1, name: '진로 탐색' })).toBeVisible();
  await expect(page.getByRole('figure')).toContainText('진로 관심도');
  await expect(page.locator('section h2').first()).toContainText('1.');
  // The next books of each field are within the stated band, unless the field says it had to look further.
  const stated = await page.locator('.page-title strong').textContent();
  const [from, to = from] = stated!.match(/\d+/g)!.map(Number);
  const fields = page.locator('section[aria-labelledby^="field-"]');
  await expect(fields).toHaveCount(3);
  for (const field of await fields.all()) {
    // A field whose band has no new book says so and reaches one level outside it, no further.
    const reach = (await field.getByText('새 책이 없어서 바로 옆 수준의 책을 골랐어요').count()) > 0 ? 1 : 0;
    for (const text of await field.locator('li .muted').allTextContents()) {
      const level = Number(text.match(/L(\d+)/)![1]);
      expect(level).toBeGreaterThanOrEqual(from - reach);
      expect(level).toBeLessThanOrEqual(to + reach);
    }
  }
  await page.getByRole('button', { name: '다시 분석하기' }).click();
  await expect(page.getByRole('status')).toHaveText('최근 독서 기록으로 진로 분석을 새로 고쳤습니다.');
});

test('the service pages open inside the user area', async ({ page }) => {
  await signIn(page, 'student2');
  for (const [path, heading] of [
    ['/user/intro', '서비스 소개'],
    ['/user/intro/patent', '특허'],
    ['/user/faq', '자주 묻는 질문'],
    ['/user/policy', '리드인 서비스 이용약관'],
  ]) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(heading);
    await expect(page.getByRole('button', { name: '로그아웃' })).toBeVisible();
  }
});

test('the level test and the subject reading are one click from the dashboard, in the main menu', async ({ page }) => {
  await signIn(page, 'student');
  const menu = page.getByRole('navigation', { name: '주 메뉴' });
  await menu.getByRole('link', { name: '수준 진단' }).click();
  await expect(page).toHaveURL(/\/user\/activity\/courseTest$/);
  await expect(menu.getByRole('link', { name: '수준 진단' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: '독서활동' })).not.toHaveAttribute('aria-current', 'page');
  await menu.getByRole('link', { name: '교과 독해' }).click();
  await expect(page).toHaveURL(/\/user\/activity\/subjectTest$/);
  await menu.getByRole('link', { name: '독서활동' }).click();
  await expect(menu.getByRole('link', { name: '독서활동' })).toHaveAttribute('aria-current', 'page');
});
