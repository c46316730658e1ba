import { expect, test, type Page } from '@playwright/test';
import { gotoReady, perProject, signIn } from './support';

// A teacher's side of a student's books: assign, allow a retake, exclude; the student sees each change.
// Accounts (academy 1, which has paid this month): project js → `teacher` with `student4`, project nojs → `head`
// with `student3`. Both students are otherwise used only for reading (student4 on the extend-login server,
// student3 reads its current ACTIVITY book in reading.spec), and this spec touches only the book it assigns and the
// retake allowance of their COMPLETE book, so the other specs are not disturbed.

async function openStudent(page: Page, name: string) {
  await gotoReady(page, `/admin/students?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/students\/\d+$/);
  await expect(page.getByRole('heading', { name: `${name} 학생의 도서` })).toBeVisible();
}

async function switchTo(page: Page, loginId: string, landing: RegExp) {
  await page.context().clearCookies();
  await signIn(page, loginId, landing);
}

test('a teacher assigns a book, allows a retake and excludes the book; the student sees each change', async ({ page }) => {
  const [staff, student, name] = perProject(['teacher', 'student4', '최서연'], ['head', 'student3', '박지우']);
  await signIn(page, staff, /\/admin\/dashboard$/);
  await openStudent(page, name);
  const url = page.url();

  // The student's page sends to 도서 배정 with the student chosen: the first level-9 book, read freely.
  await page.getByRole('link', { name: `${name} 학생에게 도서 배정하기` }).click();
  await expect(page).toHaveURL(/\/admin\/assign\?/);
  await page.getByLabel('레벨').selectOption('9');
  await page.getByRole('button', { name: '검색' }).click();
  await expect(page).toHaveURL(/level=9/);
  const first = page.locator('table input[name="book"]').first();
  const title = (await page.locator(`label[for="${await first.getAttribute('id')}"]`).textContent())!;
  await first.check();
  await page.getByRole('button', { name: '다음: 대상 선택' }).click();
  await expect(page.getByLabel(new RegExp(`\\(${student}\\)`))).toBeChecked();
  await page.getByLabel('읽기 방식').selectOption({ label: '자유 읽기' });
  await page.getByRole('button', { name: '다음: 미리 보기' }).click();
  await page.getByRole('button', { name: '1건 배정하기' }).click();
  await expect(page.getByText('1명에게 1건을 배정했습니다.')).toBeVisible();
  await gotoReady(page, url);
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }) });
  await expect(row.getByText('읽기 전 활동 대기')).toBeVisible();

  // Allow a retake of the marked analysis of the COMPLETE book.
  const retakeForm = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: /재응시 허용$/ }) })
    .first();
  const marked = await retakeForm.locator('input[name="resultBookId"]').inputValue();
  await retakeForm.getByRole('button').click();
  await expect(page.getByText('문제 분석 재응시를 허용했습니다.', { exact: false })).toBeVisible();
  await expect(page.getByText('재응시 허용됨').first()).toBeVisible();

  // The student sees the new book waiting, and may retake the analysis.
  await switchTo(page, student, /\/user\/activity$/);
  const waiting = page.locator('section.status-group').filter({ has: page.getByRole('heading', { name: /읽기 전 활동 대기/ }) });
  await expect(waiting.getByRole('link', { name: title, exact: true })).toBeVisible();
  await gotoReady(page, `/user/activity/readingBook/analysis/${marked}`);
  await expect(page.getByText('선생님이 다시 풀기를 허락했습니다.')).toBeVisible();
  await expect(page.getByRole('button', { name: '다시 풀기' })).toBeVisible();

  // The teacher excludes the book, after confirming.
  await switchTo(page, staff, /\/admin\/dashboard$/);
  await gotoReady(page, new URL(url).pathname);
  await page.getByRole('button', { name: `${title} 제외` }).click();
  const dialog = page.getByRole('alertdialog', { name: '도서 제외' });
  await expect(dialog).toContainText('정말 제외할까요?');
  await dialog.getByRole('link', { name: '취소' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.getByRole('button', { name: `${title} 제외` }).click();
  await page.getByRole('alertdialog', { name: '도서 제외' }).getByRole('button', { name: '제외', exact: true }).click();
  await expect(page.getByText(`'${title}' 도서를 제외했습니다.`)).toBeVisible();
  await expect(row.getByText('제외됨')).toBeVisible();

  // The student no longer sees it.
  await switchTo(page, student, /\/user\/activity$/);
  const myBooks = page.getByRole('region', { name: '내 도서' });
  await expect(myBooks).toBeVisible();
  await expect(myBooks.getByRole('link', { name: title, exact: true })).toHaveCount(0);
});

test('a student of another academy is not found', async ({ page }) => {
  await signIn(page, 'teacher', /\/admin\/dashboard$/);
  const response = await page.goto('/admin/students/999999');
  expect(response?.status()).toBe(404);
});
