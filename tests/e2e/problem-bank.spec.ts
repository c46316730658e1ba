import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { gotoReady, perProject, signIn } from './support';

// The problem bank, end to end: PRODUCT adds a book with a cover and a book analysis of three problems (one with two
// right answers), checks the student preview and publishes it; `teacher` assigns the book; the student reads it to the
// end, takes the analysis and is marked against the new set; PRODUCT then changes a problem's answer (to the one the
// student chose) and publishes v2, and the student's result stays as it was marked: score, medal, answers, review.
//
// The student is a reader of 햇살반 (the teacher's class) that no other spec uses, one per project: the issue names
// `student2`, but other specs pick student2's first DIAGNOSIS book (problems.spec), last NOTE book (notes.spec) and
// current book (reading.spec), which a book read here would change. Each project has its own book title.

const run = () =>
  perProject(
    { title: '은하수 우체국의 편지', setTitle: '은하수 우체국의 편지 문제 분석', loginId: 'reader11', name: '한예준' },
    { title: '구름 정원의 작은 열쇠', setTitle: '구름 정원의 작은 열쇠 문제 분석', loginId: 'reader12', name: '송지유' },
  );

type Problem = {
  method: '객관식' | '주관식';
  question: string;
  options?: string[];
  answer: string;
  accepted?: string[];
  explanation: string;
  category: string;
  points: string;
};

const PROBLEMS: Problem[] = [
  {
    method: '객관식',
    question: '주인공이 편지를 처음 받은 곳은 어디인가요?',
    options: ['바닷가', '우체국', '학교', '기차역'],
    answer: '2',
    explanation: '첫 장에서 주인공은 우체국 창구에서 편지를 받습니다.',
    category: '사실적 이해',
    points: '30',
  },
  {
    method: '객관식',
    question: '주인공을 도와준 인물을 모두 고르세요.',
    options: ['우체부 아저씨', '옆집 고양이', '할머니', '선생님'],
    answer: '3, 1',
    explanation: '우체부 아저씨와 할머니가 길을 알려 줍니다.',
    category: '추론적 이해',
    points: '40',
  },
  {
    method: '주관식',
    question: '편지 봉투 안에 들어 있던 물건은 무엇인가요?',
    answer: '열쇠',
    accepted: ['작은 열쇠'],
    explanation: '봉투를 흔들자 작은 열쇠가 떨어집니다.',
    category: '어휘',
    points: '30',
  },
];

async function switchTo(page: Page, loginId: string, landing?: RegExp) {
  await page.context().clearCookies();
  await signIn(page, loginId, landing);
}

async function fillProblem(page: Page, p: Problem) {
  await page.getByRole('radio', { name: p.method, exact: true }).check();
  await page.getByLabel('문제', { exact: true }).fill(p.question);
  if (p.options) await page.getByLabel('보기 (객관식)').fill(p.options.join('\n'));
  await page.getByLabel('정답', { exact: true }).fill(p.answer);
  if (p.accepted) await page.getByLabel('인정 답 (주관식, 선택)').fill(p.accepted.join('\n'));
  await page.getByLabel('해설', { exact: true }).fill(p.explanation);
  await page.getByLabel('영역').selectOption({ label: p.category });
  await page.getByLabel('배점').fill(p.points);
}

test('PRODUCT publishes a book analysis; the student is marked on it, and a later version leaves the result as it was', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const js = test.info().project.name === 'js';
  const RUN = run();

  // PRODUCT: a book with a cover (12 pages, so the student reads it in one record).
  const png = await sharp({ create: { width: 600, height: 840, channels: 3, background: '#35507a' } })
    .png()
    .toBuffer();
  await signIn(page, 'product', /\/super\/books$/);
  await page.getByRole('link', { name: '도서 등록' }).click();
  await page.getByLabel('제목').fill(RUN.title);
  await page.getByLabel('지은이').fill('윤달빛');
  await page.getByLabel('출판사').fill('리드인북스');
  await page.getByLabel('쪽수').fill('12');
  await page.getByLabel('읽기 수준').selectOption('4');
  await page.getByLabel('장르').selectOption('ADVENTURE');
  await page.getByLabel('표지 (선택)').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: '등록하기' }).click();
  await expect(page.getByText(`'${RUN.title}' 도서를 등록했습니다.`)).toBeVisible();
  await expect(page.getByRole('img', { name: `${RUN.title} 표지` })).toBeVisible();

  // Its problem set, from the book's page: the kind and the book are chosen already.
  await page.getByRole('link', { name: '새 문제 세트' }).click();
  await expect(page.getByLabel('종류')).toHaveValue('BOOK_ANALYSIS');
  await expect(page.getByLabel('도서 (도서 문제 분석)').locator('option:checked')).toHaveText(new RegExp(RUN.title));
  await page.getByLabel('제목').fill(RUN.setTitle);
  await page.getByRole('button', { name: '만들기' }).click();
  await expect(page.getByText(`'${RUN.setTitle}' 문제 세트를 만들었습니다. 문제를 추가한 뒤 게시해 주세요.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'v1 초안 (편집 중)' })).toBeVisible();
  const setUrl = new URL(page.url()).pathname;

  // Publishing an empty draft is refused with the reason.
  await page.getByRole('button', { name: 'v1 게시' }).click();
  await expect(page.getByText('문제가 없는 세트는 게시할 수 없습니다. 문제를 하나 이상 추가해 주세요.')).toBeVisible();

  // Three problems. A right answer beyond the options is refused beside the field, keeping what was typed.
  await gotoReady(page, `${setUrl}/problem/new`);
  await fillProblem(page, { ...PROBLEMS[0], answer: '5' });
  await page.getByRole('button', { name: '추가하기' }).click();
  await expect(page.getByText('정답 번호는 1부터 4까지의 보기 번호로, 여러 개면 쉼표로 구분해 입력해 주세요. (예: 1,3)')).toBeVisible();
  await expect(page.getByLabel('문제', { exact: true })).toHaveValue(PROBLEMS[0].question);
  await expect(page.getByLabel('정답', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('정답', { exact: true }).fill(PROBLEMS[0].answer);
  await page.getByRole('button', { name: '추가하기' }).click();
  await expect(page.getByText('1번 문제를 추가했습니다.')).toBeVisible();
  for (const [i, p] of PROBLEMS.slice(1).entries()) {
    await page.getByRole('link', { name: '문제 추가' }).click();
    await expect(page.getByRole('heading', { name: `문제 추가 (v1 초안, ${i + 2}번)` })).toBeVisible();
    if (js) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await fillProblem(page, p);
    await page.getByRole('button', { name: '추가하기' }).click();
    await expect(page.getByText(`${i + 2}번 문제를 추가했습니다.`)).toBeVisible();
  }
  await expect(page.getByRole('listitem', { name: '2번 문제' })).toContainText('객관식 (정답 여러 개)');
  await expect(page.getByRole('listitem', { name: '2번 문제' }).getByTestId('correct-answer')).toHaveText('① 우체부 아저씨, ③ 할머니');

  // The student preview: the student's own problem component, read-only, with the answers for the operator.
  await page.getByRole('link', { name: '학생 화면 미리보기', exact: true }).click();
  await expect(page.getByRole('heading', { name: '학생 화면 미리보기: v1 (초안)' })).toBeVisible();
  const preview = page.getByRole('region', { name: '학생 화면' });
  await expect(preview.getByRole('group', { name: /^1\./ }).getByRole('radio')).toHaveCount(4);
  await expect(preview.getByRole('group', { name: /^2\./ }).getByRole('checkbox')).toHaveCount(4);
  await expect(preview.getByRole('group', { name: /^2\./ })).toContainText('알맞은 것을 모두 고르세요');
  await expect(preview.getByRole('group', { name: /^3\./ }).getByLabel('답')).toBeDisabled();
  await expect(preview.getByRole('complementary', { name: '3번 정답과 해설' })).toContainText('작은 열쇠');
  await page.getByRole('link', { name: `‹ ${RUN.setTitle}` }).click();

  await page.getByRole('button', { name: 'v1 게시' }).click();
  await expect(page.getByText('v1 게시를 마쳤습니다. 이제 새로 푸는 학생은 이 버전을 풉니다.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'v1 문제 (학생에게 제공 중)' })).toBeVisible();

  // The teacher assigns the book to a student of their class.
  await switchTo(page, 'teacher', /\/admin\/dashboard$/);
  await gotoReady(page, `/admin/students?q=${encodeURIComponent(RUN.name)}`);
  await page.getByRole('link', { name: RUN.name, exact: true }).click();
  await expect(page.getByRole('heading', { name: `${RUN.name} 학생의 도서` })).toBeVisible();
  // The student's page sends to 도서 배정 with the student chosen; the book found by its title, read freely.
  await page.getByRole('link', { name: `${RUN.name} 학생에게 도서 배정하기` }).click();
  await expect(page).toHaveURL(/\/admin\/assign\?/);
  await page.getByLabel('제목·저자').fill(RUN.title);
  await page.getByRole('button', { name: '검색' }).click();
  await page.getByLabel(`${RUN.title} 선택`).check();
  await page.getByRole('button', { name: '다음: 대상 선택' }).click();
  await expect(page.getByLabel(new RegExp(`\\(${RUN.loginId}\\)`))).toBeChecked();
  await page.getByLabel('읽기 방식').selectOption({ label: '자유 읽기' });
  await page.getByRole('button', { name: '다음: 미리 보기' }).click();
  await page.getByRole('button', { name: '1건 배정하기' }).click();
  await expect(page.getByText('1명에게 1건을 배정했습니다.')).toBeVisible();

  // The student: before reading, one record to the last page (DIAGNOSIS), then the analysis.
  await switchTo(page, RUN.loginId, /\/user\/activity$/);
  await gotoReady(page, '/user/before');
  await page.getByRole('link', { name: `『${RUN.title}』 읽기 전 활동 하기` }).click();
  await page.getByLabel('표지와 제목을 보고, 어떤 이야기일지 예측해 보세요').fill('우체국에서 신기한 편지를 받는 이야기일 것 같아요.');
  await page.getByLabel('이 책의 주제나 작가에 대해 이미 알고 있는 것').fill('편지에 대한 이야기를 읽어 본 적이 있어요.');
  await page.getByRole('button', { name: '읽기 전 활동 제출' }).click();
  await expect(page).toHaveURL(/\/user\/activity\/readingBook\/\d+$/);
  const resultBookId = new URL(page.url()).pathname.split('/').at(-1)!;
  await page.getByRole('button', { name: '읽기 시작' }).click();
  await page.getByLabel('끝 페이지', { exact: true }).fill('12');
  await page.getByLabel('읽은 시간(분)').fill('20');
  await page.getByRole('button', { name: '기록 저장' }).click();
  await expect(page.getByText('축하해요! 책을 다 읽었어요. 이제 문제 분석을 할 차례예요.')).toBeVisible();

  const analysisUrl = `/user/activity/readingBook/analysis/${resultBookId}`;
  await gotoReady(page, analysisUrl);
  await expect(page.getByText('3문항').first()).toBeVisible();
  await page.getByRole('button', { name: '시작하기' }).click();
  await page.getByRole('button', { name: '문제 풀기' }).click();
  // Problem 1 wrong (③ where ② is right): the answer v2 is going to make right.
  await page.getByRole('group', { name: /^1\./ }).getByRole('radio').nth(2).check();
  const second = page.getByRole('group', { name: /^2\./ });
  await second.getByRole('checkbox').nth(0).check();
  await second.getByRole('checkbox').nth(2).check();
  await page.getByRole('group', { name: /^3\./ }).getByLabel('답').fill('작은 열쇠');
  await page.getByRole('button', { name: '제출', exact: true }).click();
  if (js) await page.getByRole('dialog').getByRole('button', { name: '제출하기' }).click();
  else await page.getByRole('button', { name: '제출하기' }).click();
  await expect(page.getByRole('status').first()).toHaveText('채점이 끝났습니다.');
  const result = async () => ({
    score: await page.getByTestId('score').textContent(),
    medal: await page.locator('.result-head .medal').textContent(),
    correct: await page.getByTestId('correct-count').textContent(),
    answers: await page.getByTestId('answers-table').locator('tbody tr').allInnerTexts(),
  });
  await expect(page.getByTestId('score')).toHaveText('70점');
  await expect(page.locator('.result-head .medal')).toHaveText('동메달');
  const marked = await result();
  expect(marked.correct).toBe('2');
  expect(marked.answers[0]).toContain('오답');
  expect(marked.answers[1]).toContain('1,3');

  // PRODUCT changes problem 1's answer to ③ and publishes v2.
  await switchTo(page, 'product', /\/super\/books$/);
  await gotoReady(page, setUrl);
  await expect(page.getByRole('row', { name: /^v1/ })).toContainText('1건');
  await page.getByRole('button', { name: '편집 시작' }).click();
  await expect(page.getByText('v2 초안을 만들었습니다. 게시하기 전까지 학생 화면은 바뀌지 않습니다.')).toBeVisible();
  await page.getByRole('link', { name: '1번 수정' }).click();
  await expect(page.getByLabel('정답', { exact: true })).toHaveValue('2');
  if (js) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await page.getByLabel('정답', { exact: true }).fill('3');
  await page.getByLabel('해설', { exact: true }).fill('다시 읽어 보면 편지는 학교에서 처음 받습니다.');
  await page.getByRole('button', { name: '저장하기' }).click();
  await expect(page.getByText('1번 문제를 고쳤습니다.')).toBeVisible();
  await page.getByRole('button', { name: 'v2 게시' }).click();
  await expect(page.getByText('v2 게시를 마쳤습니다. 이제 새로 푸는 학생은 이 버전을 풉니다.')).toBeVisible();
  await expect(page.getByRole('row', { name: /^v2/ })).toContainText('학생에게 제공 중');

  // The student's result is the one marked on v1: score, medal, answers, and problem 1 still wrong with v1's right
  // answer and explanation.
  await switchTo(page, RUN.loginId, /\/user\/activity$/);
  await gotoReady(page, analysisUrl);
  expect(await result()).toEqual(marked);
  await page.getByRole('button', { name: '오답 확인하기' }).click();
  const review = page.locator('.review');
  await expect(review).toHaveCount(1);
  await expect(review).toContainText('내 답: ③ 학교');
  await expect(review).toContainText('정답: ② 우체국');
  await expect(review.locator('.explanation')).toContainText(PROBLEMS[0].explanation);
});

test('the problem bank pages hydrate without errors, and the new-set form shows the fields of the chosen kind @js-only', async ({
  page,
}) => {
  await signIn(page, 'product', /\/super\/books$/);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && !m.text().includes('Failed to load resource') && errors.push(m.text()));
  await gotoReady(page, '/super/problems?kind=COURSE_TEST');
  await expect(page.getByText('문제 세트 1개')).toBeVisible();
  await page.getByRole('link', { name: '읽기 수준 진단' }).click();
  await expect(page.getByRole('heading', { name: /v1 문제 \(학생에게 제공 중\)/ })).toBeVisible();
  await gotoReady(page, new URL(page.url()).pathname + '/preview');
  await expect(page.getByRole('region', { name: '학생 화면' }).getByRole('group')).not.toHaveCount(0);
  await gotoReady(page, '/super/problems/new');
  await page.getByLabel('종류').selectOption('SUBJECT_TEST');
  await expect(page.getByLabel('과목 (교과 연계 독해)')).toBeVisible();
  await expect(page.getByLabel('도서 (도서 문제 분석)')).toBeHidden();
  expect(errors).toEqual([]);
});
