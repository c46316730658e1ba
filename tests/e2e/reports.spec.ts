import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('the dashboard shows this month, the streak, the next step and the last four weeks', async ({ page }) => {
  await signIn(page, 'student');
  await page.goto('/user/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('김하늘님의 독서 대시보드');
  await expect(page.getByText('이번 달 독서 시간')).toBeVisible();
  await expect(page.getByText('연속 독서', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '지금 할 일' })).toBeVisible();
  // The demo student's note on 이상한 나라의 앨리스 was sent back: the rewrite is the next step.
  await expect(page.getByRole('link', { name: '독서 노트 다시 쓰기' })).toHaveAttribute(
    'href',
    /\/user\/activity\/readingBook\/note\/\d+$/,
  );
  await expect(page.getByRole('figure').filter({ hasText: '하루 독서 시간' })).toBeVisible();
  // The chart has a text equivalent with one row per day.
  await expect(page.locator('figure table tbody tr')).toHaveCount(28);
});

test('the general report and the level graph show the history and print cleanly', async ({ page }) => {
  await signIn(page, 'student2');
  await page.goto('/user/report');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('이바다님의 독서 리포트');
  await expect(page.getByRole('heading', { name: '월별 독서' })).toBeVisible();
  await expect(page.getByRole('table').filter({ hasText: '읽은 쪽수' }).locator('tbody tr')).toHaveCount(6);
  await expect(page.getByRole('heading', { name: '장르별' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.site-header')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('link', { name: '수준 변화' }).first().click();
  await expect(page).toHaveURL(/\/user\/report\/level$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('이바다님의 읽기 수준 변화');
  await expect(page.getByRole('figure').filter({ hasText: '수준 진단 결과' })).toBeVisible();
});

test('the level graph labels every level and keeps its last date inside the chart, on paper too', async ({ page }) => {
  await signIn(page, 'student2');
  await page.goto('/user/report/level');
  const figure = page.getByRole('figure').filter({ hasText: '수준 진단 결과' });
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 794, height: 1123 });
  const svg = figure.locator('svg');
  await expect(svg).toBeVisible();
  // The y axis: L1 … L10, none skipped (L3 was).
  const texts = await svg.locator('text').allTextContents();
  for (let level = 1; level <= 10; level++) expect(texts).toContain(`L${level}`);
  // The x labels (the tests' dates): the first and last ones inside the chart's box.
  const box = (await svg.boundingBox())!;
  const labels = svg.locator('text').filter({ hasText: /^\d{2}\.\d{2}\.\d{2}$/ });
  expect(await labels.count()).toBeGreaterThan(1);
  for (const label of [labels.first(), labels.last()]) {
    const b = (await label.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
  await figure.screenshot({ path: `/tmp/h33-shots/level-graph-print-${test.info().project.name}.png` });
});
