import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

// The student's reading journey, with and without JavaScript. Tests that move a book use a different account per
// project (both projects share one server database).
const byProject = <T>(js: T, nojs: T) => (test.info().project.name === 'js' ? js : nojs);

async function openCurrentBook(page: Page) {
  await page.goto('/user/activity');
  await page.getByRole('link', { name: '독서 기록하기' }).click();
  await expect(page).toHaveURL(/\/user\/activity\/readingBook\/\d+$/);
}

async function totalPages(page: Page) {
  const text = await page
    .getByText(/총 \d+쪽/)
    .first()
    .textContent();
  return Number(/총 (\d+)쪽/.exec(text ?? '')![1]);
}

test.describe('reading records', () => {
  test('student saves a record and sees the progress change', async ({ page }) => {
    await signIn(page, 'student', /\/user\/activity$/);
    await openCurrentBook(page);
    const bar = page.getByRole('progressbar', { name: '읽기 진행률' });
    const before = Number(await bar.getAttribute('aria-valuenow'));
    const start = Number(await page.getByLabel('시작 페이지', { exact: true }).inputValue());
    const end = start + 24;
    await page.getByLabel('끝 페이지', { exact: true }).fill(String(end));
    await page.getByLabel('읽은 시간(분)').fill('15');
    await page.getByRole('button', { name: '기록 저장' }).click();
    await expect(page.getByText('독서 기록을 저장했어요.')).toBeVisible();
    await expect(page.getByRole('cell', { name: `${start}–${end}쪽` }).first()).toBeVisible();
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(before);
    await page.goto('/user/activity');
    await expect(page.getByRole('cell', { name: `${start}–${end}쪽` }).first()).toBeVisible();
  });

  test('an end page beyond the total is refused with the spec message and nothing is stored', async ({ page }) => {
    await signIn(page, 'student', /\/user\/activity$/);
    await openCurrentBook(page);
    const total = await totalPages(page);
    await page.getByLabel('끝 페이지', { exact: true }).fill(String(total + 5));
    await page.getByLabel('읽은 시간(분)').fill('21');
    await page.getByRole('button', { name: '기록 저장' }).click();
    await expect(page.getByText('현재 도서의 총 페이지보다 클 수 없습니다.')).toBeVisible();
    // The form keeps what the student typed; no record with that page exists.
    await expect(page.getByLabel('끝 페이지', { exact: true })).toHaveValue(String(total + 5));
    await expect(page.getByLabel('읽은 시간(분)')).toHaveValue('21');
    await page.goto(page.url());
    await expect(page.getByRole('cell', { name: new RegExp(`–${total + 5}쪽`) })).toHaveCount(0);
  });

  test("an end page before the start page is refused beside the end page, with the API's message", async ({ page }) => {
    await signIn(page, 'student', /\/user\/activity$/);
    await openCurrentBook(page);
    const start = Number(await page.getByLabel('시작 페이지', { exact: true }).inputValue());
    await page.getByLabel('끝 페이지', { exact: true }).fill(String(Math.max(1, start - 1)));
    await page.getByLabel('시작 페이지', { exact: true }).fill(String(start + 1));
    await page.getByLabel('읽은 시간(분)').fill('12');
    await page.getByRole('button', { name: '기록 저장' }).click();
    // INVALID_READ_RANGE: the same text every API door answers (tests/db/reading-contract.test.ts).
    await expect(page.getByText('끝 페이지는 시작 페이지보다 작을 수 없습니다.')).toBeVisible();
    await expect(page.getByLabel('끝 페이지', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  });

  test('editing the last record below the previous start page is refused', async ({ page }) => {
    await signIn(page, 'student', /\/user\/activity$/);
    await openCurrentBook(page);
    await page.getByLabel('고칠 끝 페이지').fill('1');
    await page.getByRole('button', { name: '끝 페이지 고치기' }).click();
    await expect(page.getByText('이전 읽기의 시작 페이지보다 작을 수 없습니다.')).toBeVisible();
    await expect(page.getByLabel('고칠 끝 페이지')).toHaveValue('1');
  });

  test('a CLOCK book is timed by the server: start, wait, end', async ({ page }) => {
    await signIn(page, byProject('student2', 'student8'), /\/user\/activity$/);
    await openCurrentBook(page);
    await page.getByRole('button', { name: '시작' }).click();
    await expect(page.getByText('시계를 시작했어요. 다 읽으면 종료를 눌러 주세요.')).toBeVisible();
    await expect(page.getByText(/시작한 시각 \d{2}:\d{2}/)).toBeVisible();
    if (test.info().project.name === 'js') await expect(page.getByRole('timer', { name: '읽은 시간' })).toHaveText(/00:00:0[1-9]/);
    else await page.waitForTimeout(1200);
    await expect(page.getByLabel('읽은 시간(분)')).toHaveCount(0); // the student never types the time
    const start = Number(await page.getByLabel('시작 페이지', { exact: true }).inputValue());
    await page.getByLabel('끝 페이지', { exact: true }).fill(String(start + 3));
    await page.getByRole('button', { name: '종료' }).click();
    await expect(page.getByText('독서 기록을 저장했어요.')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(`${start}–${start + 3}쪽`) });
    await expect(row.getByRole('cell', { name: '1분' })).toBeVisible();
    await expect(page.getByRole('button', { name: '시작' })).toBeVisible();

    // Clearing a running clock asks first (a disclosure, with or without JavaScript), and stores nothing.
    await page.getByRole('button', { name: '시작' }).click();
    await expect(page.getByRole('button', { name: '네, 시계를 초기화할게요' })).toBeHidden();
    await page.getByText('시계를 처음부터 다시 하고 싶어요').click();
    await page.getByRole('button', { name: '네, 시계를 초기화할게요' }).click();
    await expect(page.getByText('시계를 초기화했어요. 기록은 저장되지 않았어요.')).toBeVisible();
    await expect(page.getByRole('button', { name: '시작' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${start}–${start + 3}쪽`) })).toHaveCount(1);
  });

  test('reading to the goal moves the book to DIAGNOSIS', async ({ page }) => {
    const js = test.info().project.name === 'js';
    await signIn(page, js ? 'student6' : 'student3', /\/user\/activity$/);
    await openCurrentBook(page);
    const total = await totalPages(page);
    // student6 reads freely to the last page; student3 reads the remaining sessions of a 3-session book.
    const sessions = js ? 1 : 2;
    for (let i = 0; i < sessions; i++) {
      const start = Number(await page.getByLabel('시작 페이지', { exact: true }).inputValue());
      const end = i === sessions - 1 ? total : Math.min(total, start + Math.floor((total - start) / 2));
      await page.getByLabel('끝 페이지', { exact: true }).fill(String(end));
      await page.getByLabel('읽은 시간(분)').fill('30');
      await page.getByRole('button', { name: '기록 저장' }).click();
      if (i < sessions - 1) await expect(page.getByText('독서 기록을 저장했어요.')).toBeVisible();
    }
    await expect(page.getByText('축하해요! 책을 다 읽었어요. 이제 문제 분석을 할 차례예요.')).toBeVisible();
    await expect(page.getByText('문제 분석 대기').first()).toBeVisible();
    await expect(page.getByRole('button', { name: '기록 저장' })).toHaveCount(0);
    await page.goto('/user/activity');
    await expect(page.getByText('지금 읽는 책이 없어요.', { exact: false })).toBeVisible();
  });
});

test.describe('before reading', () => {
  test('a WAITING book goes through /user/before to PRE_ACTIVITY_COMPLETE', async ({ page }) => {
    await signIn(page, byProject('student', 'student2'), /\/user\/activity$/);
    await page.goto('/user/before');
    await page
      .getByRole('link', { name: /읽기 전 활동 하기/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/user\/before\/\d+$/);
    await page.getByRole('button', { name: '읽기 전 활동 제출' }).click();
    await expect(
      page.getByText('표지와 제목을 보고 예측한 내용을 적어 주세요.').or(page.getByText('5자 이상 적어 주세요.')).first(),
    ).toBeVisible();
    await page.getByLabel('표지와 제목을 보고, 어떤 이야기일지 예측해 보세요').fill('주인공이 모험을 떠나는 이야기일 것 같아요.');
    await page.getByLabel('이 책의 주제나 작가에 대해 이미 알고 있는 것').fill('작가의 다른 책을 읽어 봤어요.');
    await page.getByRole('button', { name: '읽기 전 활동 제출' }).click();
    await expect(page).toHaveURL(/\/user\/activity\/readingBook\/\d+$/);
    await expect(page.getByText('읽기 전 활동을 마쳤어요. 이제 읽기를 시작해 보세요.')).toBeVisible();
    await expect(page.getByText('읽기 준비 완료').first()).toBeVisible();
  });
});

test.describe('activity page weight @js-only', () => {
  test('the demo student’s activity HTML is at most 14 KB gzip', async ({ page }) => {
    await signIn(page, 'student', /\/user\/activity$/);
    const response = await page.request.get('/user/activity');
    expect(response.status()).toBe(200);
    const html = await response.body();
    expect(html.toString()).toContain('지금 읽는 책');
    expect(gzipSync(html).length).toBeLessThanOrEqual(14 * 1024);
  });

  test('covers are generated SVGs with a long cache', async ({ request }) => {
    const response = await request.get('/resources/covers/1');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
    expect(response.headers()['cache-control']).toContain('max-age=2592000');
    expect(await response.text()).toContain('<svg');
  });
});
