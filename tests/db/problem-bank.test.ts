import { and, asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { auditEvents, problems, problemSets, problemSetVersions, resultBooks, users } from '~/db/schema';
import { BookStatus, ItemStatus, ProblemStep } from '~/domain/enums';
import { PROBLEM_BANK_MESSAGES as MSG, positionsRangeMessage, type ProblemInput } from '~/domain/problem-bank';
import * as setPage from '~/routes/super+/problems.$setId._index';
import * as editProblemPage from '~/routes/super+/problems.$setId.problem.$problemId';
import * as newProblemPage from '~/routes/super+/problems.$setId.problem.new';
import * as previewPage from '~/routes/super+/problems.$setId.preview';
import * as listPage from '~/routes/super+/problems._index';
import * as newSetPage from '~/routes/super+/problems.new';
import {
  addProblem,
  deleteProblem,
  moveProblem,
  publishDraft,
  startDraft,
  updateProblem,
} from '~/services/operators/problem-drafts.server';
import { createProblemSet, setProblemSetStatus, updateProblemSet } from '~/services/operators/problem-sets.server';
import { problemItemForApi, problemAnalysisForApi, resultInfoForApi } from '~/services/problems/api.server';
import { advanceAttempt, beginAttempt, restartAttempt } from '~/services/problems/attempts.server';
import { getBookReport } from '~/services/problems/book-report.server';
import { markAttempt, saveAnswers } from '~/services/problems/marking.server';
import { getAttemptPage, listTests } from '~/services/problems/pages.server';
import { makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { replyErrors, replyValues } from '../support/form-reply';
import { assignBook, createBook } from '../support/factories';

useTestDatabase();

const ORIGIN = { address: '203.0.113.7', origin: 'http://localhost' };

async function operator(loginId = 'product') {
  const [row] = await db().select({ id: users.id, authorities: users.authorities }).from(users).where(eq(users.loginId, loginId));
  return row;
}

const THREE: ProblemInput[] = [
  {
    examMethod: 'm',
    question: '주인공이 처음 간 곳은?',
    options: ['바다', '숲', '학교', '시장'],
    correctAnswer: '2',
    acceptedAnswers: [],
    explanation: '첫 장에서 숲으로 갑니다.',
    category: 'FACT',
    points: 30,
  },
  {
    examMethod: 'm',
    question: '주인공의 친구를 모두 고르세요.',
    options: ['토끼', '여우', '다람쥐', '곰'],
    correctAnswer: '3, 1',
    acceptedAnswers: [],
    explanation: '토끼와 다람쥐가 함께합니다.',
    category: 'INFERENCE',
    points: 40,
  },
  {
    examMethod: 's',
    question: '주인공이 찾은 물건은?',
    options: ['무시되는 보기'],
    correctAnswer: '열쇠',
    acceptedAnswers: ['황금 열쇠'],
    explanation: '마지막 장면에서 열쇠를 찾습니다.',
    category: 'VOCABULARY',
    points: 30,
  },
];

/** A published book analysis of THREE for a new book, and a student whose copy of the book is in DIAGNOSIS. */
async function publishedBookSet() {
  const product = await operator();
  const book = await createBook();
  const set = await createProblemSet(
    product,
    { kind: 'BOOK_ANALYSIS', bookId: book.id, title: `${book.title} 문제`, description: '', subject: null, passage: null, level: null },
    ORIGIN,
  );
  for (const [i, p] of THREE.entries()) await addProblem(product, set.id, i + 1, p, ORIGIN);
  await publishDraft(product, set.id, 1, ORIGIN);
  const rb = await assignBook({ book, status: BookStatus.DIAGNOSIS });
  return { product, book, setId: set.id, rb };
}

async function versionRow(setId: number, version: number) {
  const [row] = await db()
    .select()
    .from(problemSetVersions)
    .where(and(eq(problemSetVersions.setId, setId), eq(problemSetVersions.version, version)));
  return row;
}

const problemsOfVersion = (versionId: number) =>
  db().select().from(problems).where(eq(problems.versionId, versionId)).orderBy(asc(problems.order));

/** Starts, confirms and marks the book's analysis with these answers (by position in the version). */
async function takeBook(userId: number, resultBookId: number, answers: string[]) {
  const attempt = await beginAttempt(userId, { kind: 'book', resultBookId });
  await advanceAttempt(userId, attempt.id, ProblemStep.CONFIRM);
  const list = await problemsOfVersion(attempt.versionId);
  const result = await markAttempt(
    userId,
    attempt.id,
    list.map((p, i) => ({ problemId: p.id, answer: answers[i] })),
  );
  return { attempt, result, list };
}

describe('problem bank: versions keep what students were marked on', () => {
  it('an attempt marked on v1 keeps its score, answers and explanation after v2 changes an answer; a new attempt takes v2', async () => {
    const { product, setId, rb } = await publishedBookSet();
    const student = rb.userId;
    const v1 = await versionRow(setId, 1);
    const { attempt, result, list: v1Problems } = await takeBook(student, rb.id, ['2', '1,3', ' 황금  열쇠 ']);
    expect(attempt.versionId).toBe(v1.id);
    expect(result).toMatchObject({ score: 100, medal: 'GOLD', correctCount: 3, total: 3 });

    // A second student is in the middle of v1 when v2 is published.
    const other = await assignBook({ book: { id: rb.bookId }, status: BookStatus.DIAGNOSIS });
    const solving = await beginAttempt(other.userId, { kind: 'book', resultBookId: other.id });
    await advanceAttempt(other.userId, solving.id, ProblemStep.CONFIRM);

    // v2: problem 1's answer becomes ③ with another explanation.
    expect((await startDraft(product, setId, ORIGIN)).version).toBe(2);
    const v2 = await versionRow(setId, 2);
    const draftFirst = (await problemsOfVersion(v2.id))[0];
    await updateProblem(product, setId, draftFirst.id, { ...THREE[0], correctAnswer: '3', explanation: '다시 읽으면 학교입니다.' }, ORIGIN);
    expect(await publishDraft(product, setId, 2, ORIGIN)).toEqual({ version: 2, changed: true });
    const [set] = await db().select().from(problemSets).where(eq(problemSets.id, setId));
    expect(set.currentVersionId).toBe(v2.id);
    // v1's rows did not change.
    expect((await problemsOfVersion(v1.id)).map((p) => [p.correctAnswer, p.explanation])).toEqual(
      v1Problems.map((p) => [p.correctAnswer, p.explanation]),
    );

    // The marked attempt: same score, medal, answers, right answers and explanations, on v1's problems.
    const page = await getAttemptPage(student, { kind: 'book', resultBookId: rb.id });
    expect(page.result).toMatchObject({ attemptId: attempt.id, score: 100, medal: 'GOLD', correctCount: 3 });
    expect(page.review.map((r) => [r.problemId, r.answer, r.isCorrect, r.correctAnswer, r.explanation])).toEqual([
      [v1Problems[0].id, '2', true, '2', '첫 장에서 숲으로 갑니다.'],
      [v1Problems[1].id, '1,3', true, '1,3', '토끼와 다람쥐가 함께합니다.'],
      [v1Problems[2].id, '황금  열쇠', true, '열쇠', '마지막 장면에서 열쇠를 찾습니다.'],
    ]);
    const info = await resultInfoForApi(student, rb.id);
    expect(info.score).toBe(100);
    expect(info.answers[0]).toMatchObject({ problemId: v1Problems[0].id, correctAnswer: '2', explanation: '첫 장에서 숲으로 갑니다.' });
    expect((await problemAnalysisForApi(student, rb.id)).problems.map((p) => p.problemId)).toEqual(v1Problems.map((p) => p.id));
    const report = await getBookReport(student, rb.id);
    expect(report.records).toEqual([expect.objectContaining({ attemptId: attempt.id, score: 100, medal: 'GOLD' })]);

    // The one in the middle finishes on v1: its answers are checked and marked against v1.
    await saveAnswers(other.userId, solving.id, [{ problemId: v1Problems[0].id, answer: '2' }]);
    const otherResult = await markAttempt(other.userId, solving.id);
    expect(otherResult).toMatchObject({ correctCount: 1, score: 30 });

    // A retake is a new attempt on v2: v1's right answer to problem 1 is now wrong.
    await db().update(resultBooks).set({ retakeAllowed: true }).where(eq(resultBooks.id, rb.id));
    const retake = await restartAttempt(student, rb.id);
    expect(retake.versionId).toBe(v2.id);
    const v2Problems = await problemsOfVersion(v2.id);
    const retakePage = await getAttemptPage(student, { kind: 'book', resultBookId: rb.id });
    expect(retakePage.problems.map((p) => p.id)).toEqual(v2Problems.map((p) => p.id));
    // An answer to a v1 problem is not an answer of this attempt.
    await expect(saveAnswers(student, retake.id, [{ problemId: v1Problems[0].id, answer: '2' }])).toBeDomainError('INVALID_ANSWER');
    const second = await markAttempt(
      student,
      retake.id,
      v2Problems.map((p, i) => ({ problemId: p.id, answer: ['2', '1,3', '열쇠'][i] })),
    );
    expect(second).toMatchObject({ round: 2, score: 70, correctCount: 2 });
    expect((await getBookReport(student, rb.id)).records.map((r) => [r.round, r.score])).toEqual([
      [1, 100],
      [2, 70],
    ]);
    // A new student starts on v2.
    const third = await assignBook({ book: { id: set.bookId! }, status: BookStatus.DIAGNOSIS });
    expect((await beginAttempt(third.userId, { kind: 'book', resultBookId: third.id })).versionId).toBe(v2.id);
  });

  it('the API shows a problem of the current version or of a version the student took, never a draft', async () => {
    const { product, setId, rb } = await publishedBookSet();
    const { list: v1Problems } = await takeBook(rb.userId, rb.id, ['1', '2', '']);
    await startDraft(product, setId, ORIGIN);
    await publishDraft(product, setId, 2, ORIGIN);
    await startDraft(product, setId, ORIGIN);
    const v2Problems = await problemsOfVersion((await versionRow(setId, 2)).id);
    const draftProblems = await problemsOfVersion((await versionRow(setId, 3)).id);
    expect((await problemItemForApi(rb.userId, v1Problems[1].id)).multiple).toBe(true);
    expect((await problemItemForApi(rb.userId, v2Problems[0].id)).problemId).toBe(v2Problems[0].id);
    await expect(problemItemForApi(rb.userId, draftProblems[0].id)).toBeDomainError('PROBLEM_NOT_FOUND');
    // Another reader of the book never took v1.
    const other = await assignBook({ book: { id: rb.bookId }, status: BookStatus.DIAGNOSIS });
    await expect(problemItemForApi(other.userId, v1Problems[0].id)).toBeDomainError('PROBLEM_NOT_FOUND');
    expect((await problemItemForApi(other.userId, v2Problems[0].id)).problemId).toBe(v2Problems[0].id);
  });

  it('a set never published or made inactive is not offered; attempts already marked stay readable', async () => {
    const product = await operator();
    const book = await createBook();
    const set = await createProblemSet(
      product,
      { kind: 'BOOK_ANALYSIS', bookId: book.id, title: '초안만 있는 세트', description: '', subject: null, passage: null, level: null },
      ORIGIN,
    );
    await addProblem(product, set.id, 1, THREE[0], ORIGIN);
    const waiting = await assignBook({ book, status: BookStatus.DIAGNOSIS });
    await expect(getAttemptPage(waiting.userId, { kind: 'book', resultBookId: waiting.id })).toBeDomainError(
      'PROBLEM_SET_MISSING',
      '이 책의 문제가 아직 준비되지 않았습니다.',
    );
    await expect(beginAttempt(waiting.userId, { kind: 'book', resultBookId: waiting.id })).toBeDomainError('PROBLEM_SET_MISSING');

    await publishDraft(product, set.id, 1, ORIGIN);
    const done = await assignBook({ book, status: BookStatus.DIAGNOSIS });
    await takeBook(done.userId, done.id, ['2']);
    await setProblemSetStatus(product, set.id, ItemStatus.INACTIVE, ORIGIN);
    await expect(beginAttempt(waiting.userId, { kind: 'book', resultBookId: waiting.id })).toBeDomainError('PROBLEM_SET_MISSING');
    const page = await getAttemptPage(done.userId, { kind: 'book', resultBookId: done.id });
    expect(page.result).toMatchObject({ score: 100 });
    await db().update(resultBooks).set({ retakeAllowed: true }).where(eq(resultBooks.id, done.id));
    expect((await getAttemptPage(done.userId, { kind: 'book', resultBookId: done.id })).canRestart).toBe(false);
    await expect(restartAttempt(done.userId, done.id)).toBeDomainError('PROBLEM_SET_MISSING');

    // A subject test is listed once published and leaves the list when inactive.
    const test = await createProblemSet(
      product,
      {
        kind: 'SUBJECT_TEST',
        bookId: null,
        title: '교과 지문 읽기 시험',
        description: '',
        subject: '과학',
        passage: '물은 끓는다.',
        level: 4,
      },
      ORIGIN,
    );
    const [row] = await db().select().from(problemSets).where(eq(problemSets.id, test.id));
    expect(row).toMatchObject({ subject: '과학', passage: '물은 끓는다.', level: null, bookId: null, currentVersionId: null });
    // Its details keep their subject: the set page's form is refused beside the field without one.
    const noSubject = { title: '교과 지문 읽기 시험', description: '', subject: '', passage: '', level: null };
    await expect(updateProblemSet(product, test.id, noSubject, ORIGIN)).toBeDomainError('PROBLEM_SET_SUBJECT_REQUIRED', MSG.subject);
    const titles = async () => (await listTests(done.userId, 'SUBJECT_TEST')).map((t) => t.title);
    expect(await titles()).not.toContain('교과 지문 읽기 시험');
    await addProblem(product, test.id, 1, THREE[2], ORIGIN);
    await publishDraft(product, test.id, 1, ORIGIN);
    expect((await listTests(done.userId, 'SUBJECT_TEST')).find((t) => t.id === test.id)).toMatchObject({ count: 1 });
    await setProblemSetStatus(product, test.id, ItemStatus.INACTIVE, ORIGIN);
    expect(await titles()).not.toContain('교과 지문 읽기 시험');
    await expect(beginAttempt(done.userId, { kind: 'test', setId: test.id, setKind: 'SUBJECT_TEST' })).toBeDomainError('PROBLEM_NOT_FOUND');
  });
});

describe('problem bank: the operators pages', () => {
  it('PRODUCT makes a set, adds three problems (one with two answers), previews and publishes it once; the trail has each change', async () => {
    const cookie = await sessionCookie('product');
    const book = await createBook({ title: '숲속의 작은 열쇠' });
    const post = (path: string, form: Record<string, string>, params: Record<string, string> = {}) => ({
      request: makeRequest(path, { cookie, form }),
      params,
      context: {},
    });

    // A set for the book; fields the form does not show are ignored.
    const created = await respond(() =>
      newSetPage.action(
        post('/super/problems/new', {
          kind: 'BOOK_ANALYSIS',
          bookId: String(book.id),
          title: '숲속의 작은 열쇠 문제 분석',
          subject: '무시되는 과목',
          status: String(ItemStatus.INACTIVE),
          currentVersionId: '1',
        }),
      ),
    );
    const [set] = await db().select().from(problemSets).where(eq(problemSets.bookId, book.id));
    expect(created).toHaveRedirect(`/super/problems/${set.id}`);
    await expect(created).toHaveFlash({
      message: "'숲속의 작은 열쇠 문제 분석' 문제 세트를 만들었습니다. 문제를 추가한 뒤 게시해 주세요.",
    });
    expect(set).toMatchObject({ kind: 'BOOK_ANALYSIS', status: ItemStatus.ACTIVE, currentVersionId: null, subject: null });
    expect(await db().select().from(problemSetVersions).where(eq(problemSetVersions.setId, set.id))).toEqual([
      expect.objectContaining({ version: 1, publishedAt: null, createdBy: (await operator()).id }),
    ]);
    // The same post again (a double click) finds the same set; another set for the book is refused beside the book.
    const again = await respond(() =>
      newSetPage.action(
        post('/super/problems/new', { kind: 'BOOK_ANALYSIS', bookId: String(book.id), title: '숲속의 작은 열쇠 문제 분석' }),
      ),
    );
    expect(again).toHaveRedirect(`/super/problems/${set.id}`);
    const second = await respond(() =>
      newSetPage.action(post('/super/problems/new', { kind: 'BOOK_ANALYSIS', bookId: String(book.id), title: '다른 세트' })),
    );
    expect(second.status).toBe(409);
    expect((await second.json()).error.bookId).toEqual([MSG.bookHasSet]);
    expect(await db().select().from(problemSets).where(eq(problemSets.bookId, book.id))).toHaveLength(1);
    const missing = await respond(() => newSetPage.action(post('/super/problems/new', { kind: 'BOOK_ANALYSIS', title: '도서 없음' })));
    expect((await missing.json()).error.bookId).toEqual([MSG.book]);

    const setPath = `/super/problems/${set.id}`;
    const params = { setId: String(set.id) };
    // Publishing an empty draft is refused with the reason.
    const empty = await respond(() => setPage.action(post(setPath, { intent: 'publish', version: '1' }, params)));
    expect(empty.status).toBe(409);
    const refusal = await empty.json();
    expect(replyValues(refusal).intent).toBe('publish');
    expect(replyErrors(refusal)).toEqual({ form: MSG.emptyDraft });

    // Problems: the messages beside their fields, then three problems; a repeated post adds once.
    const addPath = `${setPath}/problem/new`;
    const form = (p: ProblemInput, position: number) => ({
      position: String(position),
      examMethod: p.examMethod,
      question: p.question,
      options: p.options.join('\n'),
      correctAnswer: p.correctAnswer,
      acceptedAnswers: p.acceptedAnswers.join('\n'),
      explanation: p.explanation,
      category: p.category,
      points: String(p.points),
    });
    const bad = await respond(() =>
      newProblemPage.action(
        post(addPath, { ...form(THREE[0], 1), options: '바다\n\n숲\n학교', correctAnswer: '1,4', points: '0' }, params),
      ),
    );
    expect(bad.status).toBe(400);
    // Every field's message at once.
    expect((await bad.json()).error).toEqual({ correctAnswer: [positionsRangeMessage(3)], points: [MSG.points] });
    const noQuestion = await respond(() =>
      newProblemPage.action(post(addPath, { ...form(THREE[2], 1), question: ' ', correctAnswer: '', category: 'NOPE' }, params)),
    );
    expect((await noQuestion.json()).error).toEqual({
      question: [MSG.question],
      correctAnswer: [MSG.modelMissing],
      category: [MSG.category],
    });
    for (const [i, p] of THREE.entries()) {
      const added = await respond(() => newProblemPage.action(post(addPath, { ...form(p, i + 1), setId: '1', versionId: '1' }, params)));
      expect(added).toHaveRedirect(setPath);
      await expect(added).toHaveFlash({ message: `${i + 1}번 문제를 추가했습니다.` });
    }
    const repeated = await respond(() => newProblemPage.action(post(addPath, form(THREE[2], 3), params)));
    expect(repeated).toHaveRedirect(setPath);
    const v1 = await versionRow(set.id, 1);
    const stored = await problemsOfVersion(v1.id);
    expect(stored.map((p) => [p.order, p.examMethod, p.options, p.correctAnswer, p.acceptedAnswers])).toEqual([
      [1, 'm', ['바다', '숲', '학교', '시장'], '2', []],
      [2, 'm', ['토끼', '여우', '다람쥐', '곰'], '1,3', []],
      [3, 's', [], '열쇠', ['황금 열쇠']],
    ]);
    // A problem added from a stale form (position 2 again, other content) is refused and nothing is added.
    const stale = await respond(() => newProblemPage.action(post(addPath, form(THREE[0], 2), params)));
    expect((await stale.json()).error['']).toEqual([MSG.orderTaken]);

    // The preview draws the draft as the student's page does, with checkboxes only for the two-answer problem.
    const preview = await respond(() =>
      previewPage.loader({ request: makeRequest(`${setPath}/preview`, { cookie }), params, context: {} }),
    );
    const shown = await preview.json();
    expect(shown.version).toEqual({ version: 1, isDraft: true, isCurrent: false });
    expect(shown.problems.map((p: { multiple: boolean }) => p.multiple)).toEqual([false, true, false]);

    // Publish, twice: published once.
    const published = await respond(() => setPage.action(post(setPath, { intent: 'publish', version: '1' }, params)));
    await expect(published).toHaveFlash({ message: 'v1 게시를 마쳤습니다. 이제 새로 푸는 학생은 이 버전을 풉니다.' });
    const twice = await respond(() => setPage.action(post(setPath, { intent: 'publish', version: '1' }, params)));
    await expect(twice).toHaveFlash({ kind: 'info', message: 'v1: 이미 게시한 버전입니다.' });
    const [after] = await db().select().from(problemSets).where(eq(problemSets.id, set.id));
    expect(after.currentVersionId).toBe(v1.id);
    expect(await versionRow(set.id, 1)).toMatchObject({ publishedBy: (await operator()).id });

    // A published problem is not editable: its edit page is not found.
    const editPublished = await respond(() =>
      editProblemPage.loader({
        request: makeRequest(`${setPath}/problem/${stored[0].id}`, { cookie }),
        params: { ...params, problemId: String(stored[0].id) },
        context: {},
      }),
    );
    expect(editPublished.status).toBe(404);

    // The list finds it by the book's title, with its current version and no draft.
    const list = await respond(() =>
      listPage.loader({
        request: makeRequest(`/super/problems?q=${encodeURIComponent('작은 열쇠')}&kind=BOOK_ANALYSIS`, { cookie }),
        params: {},
        context: {},
      }),
    );
    const rows = (await list.json()).rows;
    expect(rows).toEqual([
      expect.objectContaining({
        id: set.id,
        bookTitle: '숲속의 작은 열쇠',
        currentVersion: 1,
        draftVersion: null,
        problemCount: 3,
        attempts: 0,
      }),
    ]);

    const trail = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, 'problem_set'), eq(auditEvents.targetId, set.id)))
      .orderBy(asc(auditEvents.id));
    expect(trail.map((t) => t.action)).toEqual([
      'problem_set.create',
      'problem_set.problem-add',
      'problem_set.problem-add',
      'problem_set.problem-add',
      'problem_set.publish',
    ]);
    expect(trail[0].after).toMatchObject({ kind: 'BOOK_ANALYSIS', bookId: book.id, subject: null, status: ItemStatus.ACTIVE });
    expect(trail[2].after).toMatchObject({ version: 1, order: 2, correctAnswer: '1,3' });
    expect(trail.at(-1)).toMatchObject({ before: { currentVersion: null }, after: { currentVersion: 1, problems: 3 } });
  });

  it('edits happen on the one draft: copy, edit, move, delete keep the order; the published version stays', async () => {
    const { product, setId } = await publishedBookSet();
    const v1 = await versionRow(setId, 1);
    const v1Problems = await problemsOfVersion(v1.id);
    // Without a draft nothing can change; a published problem is never a draft's.
    await expect(updateProblem(product, setId, v1Problems[0].id, THREE[0], ORIGIN)).toBeDomainError('PROBLEM_DRAFT_MISSING', MSG.noDraft);
    expect(await startDraft(product, setId, ORIGIN)).toEqual({ version: 2, created: true });
    expect(await startDraft(product, setId, ORIGIN)).toEqual({ version: 2, created: false });
    await expect(updateProblem(product, setId, v1Problems[0].id, THREE[0], ORIGIN)).toBeDomainError('PROBLEM_NOT_IN_DRAFT');
    const v2 = await versionRow(setId, 2);
    const draft = await problemsOfVersion(v2.id);
    expect(draft.map((p) => p.question)).toEqual(v1Problems.map((p) => p.question));
    expect(draft.map((p) => p.id)).not.toEqual(v1Problems.map((p) => p.id));

    // Move the last up (a repeated post moves nothing more), then delete the first.
    expect(await moveProblem(product, setId, draft[2].id, 3, 'up', ORIGIN)).toEqual({ changed: true, to: 2 });
    expect(await moveProblem(product, setId, draft[2].id, 3, 'up', ORIGIN)).toEqual({ changed: false });
    expect(await moveProblem(product, setId, draft[0].id, 1, 'up', ORIGIN)).toEqual({ changed: false });
    expect((await problemsOfVersion(v2.id)).map((p) => p.id)).toEqual([draft[0].id, draft[2].id, draft[1].id]);
    expect(await deleteProblem(product, setId, draft[0].id, ORIGIN)).toEqual({ order: 1, changed: true });
    expect(await deleteProblem(product, setId, draft[0].id, ORIGIN)).toEqual({ order: null, changed: false });
    expect((await problemsOfVersion(v2.id)).map((p) => [p.id, p.order])).toEqual([
      [draft[2].id, 1],
      [draft[1].id, 2],
    ]);
    // The published version is as it was.
    expect((await problemsOfVersion(v1.id)).map((p) => [p.id, p.order])).toEqual(v1Problems.map((p) => [p.id, p.order]));

    const trail = await db()
      .select({ action: auditEvents.action, before: auditEvents.before, after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, 'problem_set'), eq(auditEvents.targetId, setId)))
      .orderBy(desc(auditEvents.id))
      .limit(3);
    expect(trail.map((t) => t.action)).toEqual(['problem_set.problem-delete', 'problem_set.problem-move', 'problem_set.draft']);
    expect(trail[1]).toMatchObject({ before: { order: 3 }, after: { order: 2 } });
    expect(trail[2].after).toEqual({ version: 2, copiedFrom: 1, problems: 3 });
  });

  it('only ADMIN1, ADMIN2 and PRODUCT open the problem bank', async () => {
    const open = async (loginId: string) =>
      respond(async () =>
        listPage.loader({ request: makeRequest('/super/problems', { cookie: await sessionCookie(loginId) }), params: {}, context: {} }),
      );
    expect((await open('product')).status).toBe(200);
    expect((await open('super')).status).toBe(200);
    expect(await open('coach')).toHaveRedirect('/super/coach/sharpening');
    // A student's post to a set page changes nothing.
    const [set] = await db().select().from(problemSets).limit(1);
    const response = await respond(async () =>
      setPage.action({
        request: makeRequest(`/super/problems/${set.id}`, { cookie: await sessionCookie('student'), form: { intent: 'edit' } }),
        params: { setId: String(set.id) },
        context: {},
      }),
    );
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(await db().select().from(problemSetVersions).where(eq(problemSetVersions.setId, set.id))).toHaveLength(1);
  });
});
