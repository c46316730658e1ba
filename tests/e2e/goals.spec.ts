import { expect, test, type Page } from '@playwright/test';
import { gotoReady, perProject, signIn } from './support';

// Class goals, the teacher's report comment and the reading portfolio (issue 32). Each project changes its own class:
// with JavaScript 햇살반 (teacher, student 김하늘, comment for 박지우), without it 달빛반 (teacher4, reader13/14).

const A4 = { width: 794, height: 1123 };

const who = () =>
  perProject(
    { teacher: 'teacher', className: '햇살반', student: 'student', commentFor: '박지우' },
    { teacher: 'teacher4', className: '달빛반', student: 'reader13', commentFor: '오윤서' },
  );

async function openClass(page: Page, className: string) {
  await gotoReady(page, '/admin/classes');
  await page.getByRole('link', { name: className, exact: true }).first().click();
  await expect(page.getByRole('heading', { name: className })).toBeVisible();
}

async function setGoal(page: Page, goal: { books: string; minutes: string; days: string }) {
  const section = page.getByTestId('class-goal');
  await section.getByLabel('완독한 책(권)').fill(goal.books);
  await section.getByLabel('독서 시간(분)').fill(goal.minutes);
  await section.getByLabel('읽은 날(일)').fill(goal.days);
  await section.getByRole('button', { name: '목표 저장' }).click();
  await expect(page.getByText('이번 달 반 목표를 저장했습니다.')).toBeVisible();
}

test('a teacher sets the class goal; the student sees their own progress, and the message once it is reached', async ({ browser }) => {
  const w = who();
  const teacher = await browser.newPage();
  await signIn(teacher, w.teacher, /\/admin\/dashboard$/);
  await openClass(teacher, w.className);
  // Out of reach first.
  await setGoal(teacher, { books: '', minutes: '6000', days: '' });
  await expect(teacher.getByTestId('goal-attainment')).toContainText('목표: 독서 시간 6000분 · 달성 학생 0명');

  const student = await browser.newPage();
  await signIn(student, w.student);
  await gotoReady(student, '/user/dashboard');
  const goal = student.getByTestId('my-goal');
  await expect(goal.getByRole('heading', { name: /월 우리 반 목표$/ })).toBeVisible();
  await expect(goal).toContainText('/ 6000분');
  await expect(goal.getByText('이번 달 목표를 달성했어요! 정말 잘했어요.')).toHaveCount(0);
  await expect(student.getByTestId('milestones')).toContainText('첫 완독');

  // A goal of one reading day: every student who read this month has reached it.
  // The saved message is still on the page from the first save: the new goal shown is what says this one landed.
  await setGoal(teacher, { books: '', minutes: '', days: '1' });
  await expect(teacher.getByTestId('goal-attainment')).toContainText('목표: 읽은 날 1일');
  await gotoReady(student, '/user/dashboard');
  await expect(goal.getByText('이번 달 목표를 달성했어요! 정말 잘했어요.')).toBeVisible();
  await expect(goal).toContainText('/ 1일');
});

test('the teacher writes and publishes the month’s comment on the class report; the student’s report shows it', async ({ page }) => {
  const w = who();
  await signIn(page, w.teacher, /\/admin\/dashboard$/);
  await page.getByRole('link', { name: `${w.className} 월간 리포트` }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`^${w.className} \\d{4}년 \\d{1,2}월 독서 리포트$`) })).toBeVisible();
  await gotoReady(page, new URL(page.url()).pathname + new URL(page.url()).search);
  const text = `${w.className} 의견: 이번 달에는 매일 조금씩 읽었어요.`;
  // Each student's comment is a folded row: the student's name opens their form.
  await page.getByTestId('report-comments').locator('summary').filter({ hasText: w.commentFor }).click();
  const box = page.getByRole('textbox', { name: `${w.commentFor} 학생 리포트 의견` });
  const form = page.locator('form').filter({ has: box });
  // Empty is refused in place.
  await box.fill('');
  await form.getByRole('button', { name: '저장', exact: true }).click();
  await expect(page.getByText('리포트에 실을 선생님 의견을 입력해 주세요.')).toBeVisible();
  // Refused, the row stays open with what was typed and the message beside it.
  await expect(box).toBeVisible();
  await page.getByRole('textbox', { name: `${w.commentFor} 학생 리포트 의견` }).fill(text);
  await page
    .locator('form')
    .filter({ has: page.getByRole('textbox', { name: `${w.commentFor} 학생 리포트 의견` }) })
    .getByRole('button', { name: '저장하고 공개' })
    .click();
  await expect(page.getByText(`${w.commentFor} 학생의 리포트를 공개했습니다. 보호자에게 보입니다.`)).toBeVisible();
  await page.getByTestId('class-rows').getByRole('link', { name: w.commentFor, exact: true }).click();
  const report = page.getByTestId('parent-report');
  await expect(report.getByTestId('teacher-comment')).toContainText(text);
  await expect(report.getByText('보호자 공개')).toBeVisible();
  await expect(report.getByTestId('area-results').or(report.getByText('이 달과 지난 3개월에 푼 문제 분석이 없습니다.'))).toBeVisible();
  await expect(report.getByRole('heading', { name: '다음 달 읽을 책' })).toBeVisible();
});

test('the reading portfolio prints as a document and its CSV (UTF-8 BOM) has the same rows', async ({ page }) => {
  const w = who();
  await signIn(page, w.student);
  const to = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
  const from = `${Number(to.slice(0, 4)) - 1}-01-01`;
  await gotoReady(page, `/user/portfolio?from=${from}&to=${to}`);
  const sheet = page.getByTestId('portfolio');
  await expect(sheet.getByRole('heading', { name: '독서 포트폴리오' })).toBeVisible();
  const rows = sheet.getByTestId('portfolio-rows').locator('tbody tr');
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  const pageRows = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));

  const csv = await page.request.get(`/user/portfolio.csv?from=${from}&to=${to}`);
  expect(csv.status()).toBe(200);
  const bytes = await csv.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe('번호,읽기 시작,다 읽은 날,도서명(저자),독서 시간(분),읽은 쪽수');
  expect(lines.slice(1).map((l) => l.replace(/"/g, '').split(','))).toEqual(pageRows.map((r) => r.map((c) => c.replace(/"/g, ''))));

  await page.setViewportSize(A4);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('button:visible, nav:visible, a.button:visible, .site-header:visible, form:visible')).toHaveCount(0);
  await expect(sheet).toBeVisible();
  const width = await sheet.evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(A4.width);
});
