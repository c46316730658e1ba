import { expect, test, type Page } from '@playwright/test';
import { gotoReady, signIn } from './support';

// The academy's dashboard, payment page and printable monthly reports. Read-only: nothing here changes demo data.
// reader05 (장시우) is one of the demo readers who stopped reading 9–12 days ago; 초록숲 (head4) has not paid this month (its 무통장입금 has not arrived).

const A4 = { width: 794, height: 1123 }; // 210 × 297 mm at 96 CSS px per inch

async function printedPages(page: Page) {
  const pdf = (await page.pdf({ format: 'A4', printBackground: true })).toString('latin1');
  return (pdf.match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;
}

test("a teacher's dashboard names a reader of their class who stopped, and the name opens the student", async ({ page }) => {
  // The teacher's view: 햇살반 only. (The head's list also shows the students other specs add and who have not read
  // yet, at most 30 names, so a given reader is not certain to be among them.)
  await signIn(page, 'teacher', /\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: /월 학원 현황$/ })).toBeVisible();
  const stopped = page.getByTestId('stopped-students');
  await expect(stopped.getByRole('link', { name: '장시우', exact: true })).toBeVisible();
  // A reader who read in the last days is not listed, nor one of another class.
  await expect(stopped.getByRole('link', { name: '정건우', exact: true })).toHaveCount(0);
  await expect(stopped.getByRole('link', { name: '신은서', exact: true })).toHaveCount(0);
  await stopped.getByRole('link', { name: '장시우', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/students\/\d+$/);
  await expect(page.getByRole('heading', { name: '장시우 학생의 도서' })).toBeVisible();
});

test("a student's monthly report prints on one A4 page without buttons or menus", async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await signIn(page, 'head', /\/admin\/dashboard$/);
  await page.getByRole('link', { name: '햇살반 월간 리포트' }).click();
  await expect(page.getByRole('heading', { name: /^햇살반 \d{4}년 \d{1,2}월 독서 리포트$/ })).toBeVisible();
  await expect(page.getByTestId('class-rows').getByRole('row')).toHaveCount(20); // 19 students and the header
  await page.getByTestId('class-rows').getByRole('link', { name: '김하늘', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/reports\/students\/\d+\?month=\d{4}-\d{2}$/);
  const report = page.getByTestId('parent-report');
  await expect(report.getByText('해오름 독서학원')).toBeVisible();
  await expect(report.getByRole('heading', { name: /^\d{4}년 \d{1,2}월 독서 리포트$/ })).toBeVisible();
  await expect(report.getByText(/김하늘 · 초4 · 햇살반/)).toBeVisible();
  await expect(page.getByText('브라우저의 인쇄 기능(Ctrl+P)을 사용하세요.')).toBeVisible();
  if (test.info().project.name === 'js') await expect(page.getByRole('button', { name: '인쇄하기' })).toBeVisible();

  await page.setViewportSize(A4);
  await page.emulateMedia({ media: 'print' });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThanOrEqual(A4.height);
  await expect(page.locator('button:visible, nav:visible, a.button:visible, .site-header:visible')).toHaveCount(0);
  await expect(report).toBeVisible();
  await expect(page.getByText('브라우저의 인쇄 기능(Ctrl+P)을 사용하세요.')).toBeHidden();
  expect(await printedPages(page)).toBe(1);
  // The pages hydrate without an error (JavaScript on).
  expect(errors).toEqual([]);
});

test('a report of another month is chosen with the month form', async ({ page }) => {
  await signIn(page, 'teacher', /\/admin\/dashboard$/);
  await page.getByRole('link', { name: '햇살반 월간 리포트' }).click();
  await expect(page).toHaveURL(/\/admin\/reports\/classes\/\d+$/);
  await gotoReady(page, new URL(page.url()).pathname);
  await page.getByLabel('월', { exact: true }).fill('2026-01');
  await page.getByRole('button', { name: '보기' }).click();
  await expect(page).toHaveURL(/\?month=2026-01$/);
  await expect(page.getByRole('heading', { name: '햇살반 2026년 1월 독서 리포트' })).toBeVisible();
  await expect(page.getByLabel('월', { exact: true })).toHaveValue('2026-01');
});

test('an academy that has not paid sees the notice on its dashboard and can open the payment page', async ({ page }) => {
  await signIn(page, 'head4', /\/admin\/dashboard$/);
  await expect(page.getByRole('alert').filter({ hasText: '이번 달 기본 결제를 해 주세요.' })).toBeVisible();
  // Its 무통장입금 for BASIC is announced and not yet confirmed: the month is being confirmed, ₩99,000 still to pay.
  await expect(page.getByTestId('billing-state')).toHaveText('결제 확인 중');
  await expect(page.getByTestId('billing-lines')).toHaveText('기본 이용료 ₩99,000 입금 대기');
  await expect(page.getByTestId('billing-due')).toHaveText('남은 금액 ₩99,000 (확인 중 ₩99,000)');
  await page.getByRole('alert').getByRole('link', { name: '결제하러 가기' }).click();
  await expect(page).toHaveURL(/\/admin\/payments$/);
  await expect(page.getByRole('heading', { name: '결제', exact: true })).toBeVisible();
  await expect(page.getByTestId('due-amount')).toHaveText('₩99,000');
  // Its 무통장입금 order of this month is waiting for the deposit.
  await expect(page.getByTestId('due-state')).toContainText('입금 대기');
  await expect(page.getByText('무통장입금', { exact: true }).first()).toBeVisible();
});
