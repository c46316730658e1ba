import { expect, test } from '@playwright/test';
import { gotoReady, perProject, signIn } from './support';

// Assigning a book to chosen students in three steps, the class progress table and the teacher's scope. The head
// assigns a level-10 book (no demo reader reads at that level) to two readers of 햇살반, different ones per project,
// so the other specs and the other project are not disturbed.

/** A day `days` after today in Seoul, 'YYYY-MM-DD'. */
const seoulDayAfter = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date(Date.now() + days * 86_400_000));

test('the head assigns a book with a read method and a due date to chosen students, then sorts the progress table', async ({ page }) => {
  const readers = perProject(['reader01', 'reader02'], ['reader03', 'reader04']);
  await signIn(page, 'head', /\/admin\/dashboard$/);

  // Step 1: books at level 10.
  await gotoReady(page, '/admin/assign');
  await expect(page.getByRole('heading', { name: '도서 배정', level: 1 })).toBeVisible();
  await page.getByLabel('레벨').selectOption('10');
  await page.getByRole('button', { name: '검색' }).click();
  await expect(page).toHaveURL(/level=10/);
  const first = page.locator('table input[name="book"]').first();
  const title = (await page.locator(`label[for="${await first.getAttribute('id')}"]`).textContent())!;
  await first.check();
  await page.getByRole('button', { name: '다음: 대상 선택' }).click();

  // Step 2: two chosen students, free reading, a due date in a week.
  await expect(page).toHaveURL(/step=target/);
  await expect(page.getByText(`『${title}』`)).toBeVisible();
  await page.getByLabel('고른 학생').check();
  for (const loginId of readers) await page.getByLabel(new RegExp(`\\(${loginId}\\)`)).check();
  await page.getByLabel('읽기 방식').selectOption({ label: '자유 읽기' });
  const due = seoulDayAfter(7);
  await page.getByLabel('마감일 (선택)').fill(due);
  await page.getByRole('button', { name: '다음: 미리 보기' }).click();

  // Step 3: the preview, then the confirm.
  await expect(page).toHaveURL(/step=preview/);
  await expect(page.getByText('새로 배정 2건')).toBeVisible();
  const rows = page.locator('table.assign-preview-table tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '배정' })).toHaveCount(2);
  const studentId = await page.locator('form input[name="student"]').first().inputValue();
  await page.getByRole('button', { name: '2건 배정하기' }).click();
  await expect(page.getByText('2명에게 2건을 배정했습니다.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/assign$/);

  // The student's books page shows the new book waiting, with its due date.
  await gotoReady(page, `/admin/students/${studentId}`);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('읽기 전 활동 대기')).toBeVisible();
  await expect(row.getByText(`마감 ${Number(due.slice(0, 4))}년 ${Number(due.slice(5, 7))}월 ${Number(due.slice(8))}일`)).toBeVisible();
  await expect(row.getByText('자유 읽기').first()).toBeAttached();

  // The progress table of the first class, sorted by minutes.
  await gotoReady(page, '/admin/progress');
  await expect(page.getByRole('heading', { name: '학습 현황' })).toBeVisible();
  const table = page.locator('table.progress-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await table.getByRole('link', { name: /^독서 시간\(분\)/ }).click();
  await expect(page).toHaveURL(/sort=minutes&dir=desc/);
  await expect(table.locator('th[aria-sort="descending"]')).toHaveText(/독서 시간/);
  const minutes = await table.locator('tbody tr td:nth-child(3)').allTextContents();
  const values = minutes.map((m) => Number(m.replace('분', '')));
  expect(values).toEqual([...values].sort((a, b) => b - a));
  await expect(table.getByText(/7일 이상 미독서/).first()).toBeVisible();
});

test('a teacher sees only their class in the progress and a 달빛반 student is not found', async ({ page }) => {
  // The id of a 달빛반 reader, from the head's student list.
  await signIn(page, 'head', /\/admin\/dashboard$/);
  await gotoReady(page, '/admin/assign?step=target&book=1&target=students');
  const moonId = await page.getByLabel(/\(reader13\)/).getAttribute('value');
  await page.context().clearCookies();

  await signIn(page, 'teacher', /\/admin\/dashboard$/);
  await gotoReady(page, '/admin/progress');
  await expect(page.locator('#classId option')).toHaveText(['햇살반']);
  await expect(page.locator('table.progress-table tbody tr')).not.toHaveCount(0);
  const response = await page.goto(`/admin/students/${moonId}/overview`);
  expect(response?.status()).toBe(404);
  const own = page.locator('table.progress-table');
  await gotoReady(page, '/admin/progress');
  await own.locator('tbody tr th a').first().click();
  await expect(page).toHaveURL(/\/admin\/students\/\d+\/overview$/);
  await expect(page.getByRole('heading', { name: /학생 한눈에 보기/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: '문제 분석 결과' })).toBeVisible();
});

test('the books chosen on one page of 도서 배정 stay chosen on the next page, after a search and at the next step', async ({ page }) => {
  await signIn(page, 'head', /\/admin\/dashboard$/);
  await gotoReady(page, '/admin/assign');
  await expect(page.getByText('다른 쪽으로 넘어가거나 검색하기 전에 고른 도서는 그대로 유지됩니다.')).toBeVisible();
  const boxes = page.locator('table input[name="book"]');
  const titleOf = async (n: number) => (await page.locator(`label[for="${await boxes.nth(n).getAttribute('id')}"]`).textContent())!;

  // One book on page 1, one on page 2.
  const first = await titleOf(0);
  await boxes.nth(0).check();
  await page.getByRole('button', { name: '2쪽' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(`고른 도서 1권: 『${first}』`)).toBeVisible();
  const second = await titleOf(1);
  await boxes.nth(1).check();
  await page.getByRole('button', { name: '‹ 이전' }).click();
  await expect(page.getByText(`고른 도서 2권: 『${first}』, 『${second}』`)).toBeVisible();
  await expect(boxes.nth(0)).toBeChecked();

  // A search (level 10) keeps both, though neither is in its results.
  await page.getByLabel('레벨').selectOption('10');
  await page.getByRole('button', { name: '검색' }).click();
  await expect(page).toHaveURL(/level=10/);
  await expect(page.getByText(`고른 도서 2권: 『${first}』, 『${second}』`)).toBeVisible();

  // And the next step has both.
  await page.getByRole('button', { name: '다음: 대상 선택' }).click();
  await expect(page).toHaveURL(/step=target/);
  await expect(page.getByText(`고른 도서 2권: 『${first}』, 『${second}』`)).toBeVisible();
});
