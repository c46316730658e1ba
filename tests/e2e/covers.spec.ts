import { expect, test } from '@playwright/test';
import { gotoReady, signIn } from './support';

// The book cover above the fold is the largest element of the student's activity and reading pages: it is drawn into
// the page (a data URI of the generated SVG) and needs no request of its own; the covers further down load lazily
// from the cover route (docs/decisions/028). With JavaScript on (after hydration) and off.
test('the current book’s cover paints from the page itself; the others load lazily', async ({ page }) => {
  const coverRequests: string[] = [];
  page.on('request', (r) => r.url().includes('/resources/covers/') && coverRequests.push(new URL(r.url()).pathname));
  await signIn(page, 'student', /\/user\/activity$/);
  await gotoReady(page, '/user/activity');

  const current = page.locator('img.book-cover.lg');
  await expect(current).toHaveCount(1);
  expect(await current.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  expect(await current.getAttribute('loading')).toBeNull();
  expect(await current.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const alt = (await current.getAttribute('alt'))!;
  expect(alt).toMatch(/^『.+』 표지$/);

  const others = page.locator('img.book-cover.sm');
  expect(await others.count()).toBeGreaterThan(0);
  for (const img of await others.all()) {
    expect(await img.getAttribute('src')).toMatch(/^\/resources\/covers\/\d+$/);
    expect(await img.getAttribute('loading')).toBe('lazy');
  }

  // The reading page: the same book's cover, drawn the same way.
  coverRequests.length = 0;
  await page.getByRole('link', { name: '독서 기록하기' }).click();
  await expect(page).toHaveURL(/\/user\/activity\/readingBook\/\d+$/);
  const reading = page.locator('img.book-cover.md');
  await expect(reading).toHaveAttribute('alt', alt);
  expect(await reading.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  expect(await reading.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(coverRequests).toEqual([]);
});
