import { expect, test, type Page } from '@playwright/test';
import { DEMO_BOOKS } from '../../app/seed/data/books';
import { bookProblemSet, type BankProblem } from '../../app/seed/data/problem-bank';
import { signIn } from './support';

// Each project uses its own student, so that the two runs do not consume each other's books.
const analysisAccount = (project: string) => (project === 'js' ? 'student' : 'student2');
const courseAccount = (project: string) => (project === 'js' ? 'student8' : 'student9');

const positions = (p: BankProblem) => p.correctAnswer.split(',').map(Number);

async function answer(page: Page, p: BankProblem, order: number, value: number[] | string) {
  const group = page.getByRole('group', { name: new RegExp(`^${order}\\.`) });
  if (typeof value === 'string') {
    await group.getByLabel('답').fill(value);
    return;
  }
  for (const [i, option] of p.options.entries()) {
    const box = group.getByRole(correctCount(p) > 1 ? 'checkbox' : 'radio').nth(i);
    if (value.includes(i + 1)) await box.check();
    else if (correctCount(p) > 1) await box.uncheck();
    void option;
  }
}
const correctCount = (p: BankProblem) => positions(p).length;

test('a student takes a book analysis from START to COMPLETE; the book moves to NOTE and the report shows the chart', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await signIn(page, analysisAccount(info.project.name), /\/user\/activity$/);
  await page.goto('/user/activity/readingBook/analysis');
  const first = page.getByRole('link', { name: /문제 분석 하기$/ }).first();
  await first.click();
  await expect(page).toHaveURL(/\/user\/activity\/readingBook\/analysis\/\d+$/);
  const analysisUrl = page.url();
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  const book = DEMO_BOOKS.find((b) => b.title === title)!;
  expect(book, title).toBeDefined();
  const set = bookProblemSet(book);
  await expect(page.getByText(`${set.problems.length}문항`).first()).toBeVisible();
  await expect(page.getByTestId('book-status')).toHaveText('문제 분석 차례');

  // START → CONFIRM → SOLVE
  await page.getByRole('button', { name: '시작하기' }).click();
  await expect(page.getByRole('status')).toHaveText('문제 분석을 시작합니다. 안내를 확인해 주세요.');
  await page.getByRole('button', { name: '문제 풀기' }).click();
  await expect(page.getByRole('heading', { name: /문제 풀기/ })).toBeVisible();

  // Plan: all right, except the first single-choice problem (a wrong option); the multi-answer and the short answer right.
  const multiIndex = set.problems.findIndex((p) => p.examMethod === 'm' && p.correctAnswer.includes(','));
  const shortIndex = set.problems.findIndex((p) => p.examMethod === 's');
  const wrongIndex = set.problems.findIndex((p) => p.examMethod === 'm' && !p.correctAnswer.includes(','));
  const multi = set.problems[multiIndex];
  const shortOne = set.problems[shortIndex];
  const wrongOne = set.problems[wrongIndex];
  const wrongChoice = (positions(wrongOne)[0] % wrongOne.options.length) + 1;

  // Answer two problems, save, reload: the saved answers are still there.
  await answer(page, multi, multiIndex + 1, positions(multi));
  const spaced = ` ${shortOne.correctAnswer.split('').join(' ')} `;
  await answer(page, shortOne, shortIndex + 1, spaced);
  await page.getByRole('button', { name: '임시 저장' }).click();
  await expect(page.getByRole('status').first()).toHaveText('답안을 임시 저장했습니다.');
  await page.reload();
  const multiGroup = page.getByRole('group', { name: new RegExp(`^${multiIndex + 1}\\.`) });
  for (const pos of positions(multi)) await expect(multiGroup.getByRole('checkbox').nth(pos - 1)).toBeChecked();
  await expect(page.getByRole('group', { name: new RegExp(`^${shortIndex + 1}\\.`) }).getByLabel('답')).toHaveValue(spaced.trim());

  // The rest.
  for (const [i, p] of set.problems.entries()) {
    if (i === multiIndex || i === shortIndex) continue;
    if (i === wrongIndex) await answer(page, p, i + 1, [wrongChoice]);
    else await answer(page, p, i + 1, p.examMethod === 's' ? p.correctAnswer : positions(p));
  }
  const attemptId = await page.locator('#solve-form input[name="attemptId"]').inputValue();

  // Submit: a dialog with JavaScript, a confirmation page without.
  await page.getByRole('button', { name: '제출', exact: true }).click();
  if (info.project.name === 'js') {
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: '제출하기' }).click();
  } else {
    await expect(page).toHaveURL(/\?confirm=1$/);
    await expect(page.getByRole('heading', { name: '답안을 제출할까요?' })).toBeVisible();
    await page.getByRole('button', { name: '제출하기' }).click();
  }
  await expect(page.getByRole('status').first()).toHaveText('채점이 끝났습니다.');

  // Hand count from the seeded problems.
  const total = set.problems.reduce((s, p) => s + p.points, 0);
  const expectedScore = Math.round(((total - wrongOne.points) * 100) / total);
  const expectedMedal = expectedScore >= 90 ? '금메달' : expectedScore >= 80 ? '은메달' : expectedScore >= 70 ? '동메달' : '메달 없음';
  await expect(page.getByTestId('score')).toHaveText(`${expectedScore}점`);
  await expect(page.locator('.result-head .medal')).toHaveText(expectedMedal);
  await expect(page.getByTestId('correct-count')).toHaveText(String(set.problems.length - 1));
  // Stored answers in the spec's format: '1,3' style positions and the text as typed.
  const rows = page.getByTestId('answers-table');
  await expect(rows.locator(`tr[data-problem="${multiIndex + 1}"] code`)).toHaveText(positions(multi).join(','));
  await expect(rows.locator(`tr[data-problem="${shortIndex + 1}"] code`)).toHaveText(spaced.trim());
  await expect(rows.locator(`tr[data-problem="${wrongIndex + 1}"]`)).toContainText('오답');
  await expect(page.getByTestId('category-chart')).toBeVisible();
  await expect(page.getByTestId('book-status')).toHaveText('독서 노트 차례');
  await page.screenshot({ path: `test-results/analysis-result-${info.project.name}.png`, fullPage: true });

  // A second submit of the same attempt (with the page's form token, as the form would send it) marks nothing again.
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const again = await page.request.post(analysisUrl, { form: { csrf, intent: 'mark', attemptId }, maxRedirects: 0 });
  expect(again.status()).toBe(302);
  await page.reload();
  await expect(page.getByTestId('score')).toHaveText(`${expectedScore}점`);

  // CHECK: the wrong answer with the right one and the explanation; then COMPLETE.
  await page.getByRole('button', { name: '오답 확인하기' }).click();
  await expect(page.getByRole('heading', { name: '오답 확인' })).toBeVisible();
  await expect(page.locator('.review')).toHaveCount(1);
  await expect(page.locator('.review .explanation')).toContainText(wrongOne.explanation);
  await page.getByRole('button', { name: '완료' }).click();
  await expect(page.getByRole('status').first()).toHaveText('문제 분석을 마쳤습니다. 이제 독서 노트를 쓸 수 있습니다.');

  // Self-analysis on the same page.
  for (const [legend, value] of [
    ['흥미', '5'],
    ['난이도', '3'],
    ['이해도', '4'],
    ['유익함', '4'],
    ['추천', '5'],
  ] as const) {
    await page
      .getByRole('group', { name: new RegExp(`^${legend}`) })
      .locator(`input[value="${value}"]`)
      .check();
  }
  await page.getByRole('button', { name: '자기 분석 저장' }).click();
  await expect(page.getByRole('status').first()).toHaveText('자기 분석을 저장했습니다.');

  // The per-book report: status NOTE, one record, the chart and the table.
  await page.getByRole('link', { name: '책별 리포트 보기' }).click();
  await expect(page).toHaveURL(/\/user\/bookCommon\/report\/\d+$/);
  await expect(page.getByTestId('book-status')).toHaveText('독서 노트 차례');
  await expect(page.getByTestId('score')).toHaveText(`${expectedScore}점`);
  await expect(page.getByTestId('category-chart')).toBeVisible();
  await expect(page.getByRole('table').filter({ hasText: '회차' }).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByText('독서 노트를 쓸 차례입니다.')).toBeVisible();
  await page.screenshot({ path: `test-results/book-report-${info.project.name}.png`, fullPage: true });
});

test('the course test places the student at a level', async ({ page }, info) => {
  test.setTimeout(60_000);
  await signIn(page, courseAccount(info.project.name), /\/user\/activity$/);
  await page.goto('/user/activity/courseTest');
  await page.getByRole('link', { name: '응시하기' }).first().click();
  await page.getByRole('button', { name: '시작하기' }).click();
  await page.getByRole('button', { name: '문제 풀기' }).click();
  // Answer only the first problem (right): 10 of 130 points → 8 → L1.
  await page.getByRole('group', { name: /^1\./ }).getByRole('radio').nth(1).check();
  await page.getByRole('button', { name: '제출', exact: true }).click();
  if (info.project.name === 'js') await page.getByRole('dialog').getByRole('button', { name: '제출하기' }).click();
  else await page.getByRole('button', { name: '제출하기' }).click();
  await expect(page.getByRole('status').first()).toHaveText('읽기 수준이 L1로 정해졌습니다.');
  await page.goto('/user/activity/courseTest');
  await expect(page.getByTestId('current-level')).toContainText('L1');
});
