import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import {
  levelHistory,
  problemAnswers,
  problemAttempts,
  problemCategoryResults,
  problems,
  problemSets,
  resultBooks,
  selfAnalyses,
  users,
} from '~/db/schema';
import { BookStatus, ProblemStep } from '~/domain/enums';
import { medalFor } from '~/domain/problems';
import { advanceAttempt, beginAttempt, restartAttempt } from '~/services/problems/attempts.server';
import { getAttemptPage, listTests } from '~/services/problems/pages.server';
import { getBookReport, saveSelfAnalysis } from '~/services/problems/book-report.server';
import { markAttempt, saveAnswers } from '~/services/problems/marking.server';
import { useTestDatabase } from '../support/db';

useTestDatabase();

async function userId(loginId: string) {
  return (await db().select({ id: users.id }).from(users).where(eq(users.loginId, loginId)))[0].id;
}

async function diagnosisBooks(loginId: string) {
  const uid = await userId(loginId);
  const rows = await db()
    .select({ id: resultBooks.id })
    .from(resultBooks)
    .where(and(eq(resultBooks.userId, uid), eq(resultBooks.status, BookStatus.DIAGNOSIS)))
    .orderBy(asc(resultBooks.id));
  return { uid, ids: rows.map((r) => r.id) };
}

async function problemsOf(resultBookId: number) {
  const [rb] = await db().select().from(resultBooks).where(eq(resultBooks.id, resultBookId));
  const [set] = await db().select().from(problemSets).where(eq(problemSets.bookId, rb.bookId));
  return db().select().from(problems).where(eq(problems.setId, set.id)).orderBy(asc(problems.order));
}

/** Right answers for all but `wrong` problems (the first ones), as the spec's submission format. */
function answersFor(list: Awaited<ReturnType<typeof problemsOf>>, wrong = 0) {
  return list.map((p, i) => ({
    problemId: p.id,
    answer:
      i < wrong
        ? p.examMethod === 'm'
          ? String((Number(p.correctAnswer.split(',')[0]) % p.options.length) + 1)
          : '틀린 답'
        : p.correctAnswer,
  }));
}

const statusOf = async (id: number) => (await db().select().from(resultBooks).where(eq(resultBooks.id, id)))[0].status;

describe('problem analysis step machine', () => {
  it('walks START → CONFIRM → SOLVE → MARK → CHECK → COMPLETE without skipping, and moves the book to NOTE', async () => {
    const { uid, ids } = await diagnosisBooks('student4');
    const rb = ids[0];
    const before = await getAttemptPage(uid, { kind: 'book', resultBookId: rb });
    expect(before.attempt).toBeNull();
    expect(before.canStart).toBe(true);
    const started = await beginAttempt(uid, { kind: 'book', resultBookId: rb });
    expect(started.step).toBe(ProblemStep.CONFIRM);
    expect((await beginAttempt(uid, { kind: 'book', resultBookId: rb })).id).toBe(started.id); // repeat: same attempt
    // No skipping: cannot mark, check or save before SOLVE.
    await expect(markAttempt(uid, started.id)).toBeDomainError('PROBLEM_STEP_SKIP');
    await expect(advanceAttempt(uid, started.id, ProblemStep.MARK)).toBeDomainError('PROBLEM_STEP_SKIP');
    await expect(saveAnswers(uid, started.id, [])).toBeDomainError('PROBLEM_STEP_SKIP');
    const solving = await advanceAttempt(uid, started.id, ProblemStep.CONFIRM);
    expect(solving.step).toBe(ProblemStep.SOLVE);
    await expect(advanceAttempt(uid, started.id, ProblemStep.CHECK)).toBeDomainError('PROBLEM_STEP_SKIP');

    const list = await problemsOf(rb);
    const multi = list.find((p) => p.examMethod === 'm' && p.correctAnswer.includes(','))!;
    const shortOne = list.find((p) => p.examMethod === 's')!;
    // Answers survive a "reload": saved, then loaded again by a fresh page load.
    const reversed = multi.correctAnswer.split(',').reverse().join(',');
    await saveAnswers(uid, started.id, [
      { problemId: multi.id, answer: reversed },
      { problemId: shortOne.id, answer: `  ${shortOne.correctAnswer.toUpperCase()} ` },
    ]);
    await saveAnswers(uid, started.id, [{ problemId: multi.id, answer: reversed }]); // upsert, no duplicate
    const reloaded = await getAttemptPage(uid, { kind: 'book', resultBookId: rb });
    expect(reloaded.problems.find((p) => p.id === multi.id)!.answer).toBe(reversed);
    expect(reloaded.problems.find((p) => p.id === multi.id)!.multiple).toBe(true);
    expect(reloaded.problems.find((p) => p.id === shortOne.id)!.answer).toBe(shortOne.correctAnswer.toUpperCase());
    expect(JSON.stringify(reloaded.problems)).not.toContain('correctAnswer');
    expect(reloaded.review).toEqual([]);
    expect(await db().select().from(problemAnswers).where(eq(problemAnswers.attemptId, started.id))).toHaveLength(2);
    await expect(saveAnswers(uid, started.id, [{ problemId: multi.id, answer: '9' }])).toBeDomainError('INVALID_ANSWER');
    await expect(saveAnswers(uid, started.id, [{ problemId: 999999, answer: '1' }])).toBeDomainError('INVALID_ANSWER');

    // Mark with everything else right except two wrong problems → hand count.
    const final = answersFor(list, 2).filter((a) => a.problemId !== multi.id && a.problemId !== shortOne.id);
    const wrongIds = new Set(
      answersFor(list, 2)
        .slice(0, 2)
        .map((a) => a.problemId),
    );
    wrongIds.delete(multi.id);
    wrongIds.delete(shortOne.id);
    const total = list.reduce((s, p) => s + p.points, 0);
    const lost = list.filter((p) => wrongIds.has(p.id)).reduce((s, p) => s + p.points, 0);
    const expected = Math.round(((total - lost) * 100) / total);
    const result = await markAttempt(uid, started.id, final);
    expect(result.score).toBe(expected);
    expect(result.medal).toBe(medalFor(expected));
    expect(result.correctCount).toBe(list.length - wrongIds.size);
    expect(result.categories.map((c) => c.category).sort()).toEqual(['CREATIVE', 'CRITICAL', 'FACT', 'INFERENCE', 'VOCABULARY']);
    expect(await statusOf(rb)).toBe(BookStatus.NOTE);
    const stored = await db().select().from(problemAnswers).where(eq(problemAnswers.attemptId, started.id));
    expect(stored).toHaveLength(list.length);
    expect(stored.find((a) => a.problemId === multi.id)).toMatchObject({ answer: reversed, isCorrect: 1 });
    expect(stored.find((a) => a.problemId === shortOne.id)!.isCorrect).toBe(1);

    // Sequential second submit: same result, nothing changes.
    const again = await markAttempt(uid, started.id, answersFor(list, list.length));
    expect(again).toEqual(result);
    expect(await db().select().from(problemCategoryResults).where(eq(problemCategoryResults.attemptId, started.id))).toHaveLength(5);
    await expect(saveAnswers(uid, started.id, [{ problemId: multi.id, answer: '1' }])).toBeDomainError('PROBLEM_ALREADY_MARKED');

    const page = await getAttemptPage(uid, { kind: 'book', resultBookId: rb });
    expect(page.review.filter((r) => !r.isCorrect)).toHaveLength(wrongIds.size);
    expect(page.canRestart).toBe(false);
    await expect(restartAttempt(uid, rb)).toBeDomainError('RETAKE_NOT_ALLOWED');
    expect((await advanceAttempt(uid, started.id, ProblemStep.MARK)).step).toBe(ProblemStep.CHECK);
    expect((await advanceAttempt(uid, started.id, ProblemStep.CHECK)).step).toBe(ProblemStep.COMPLETE);
    expect((await advanceAttempt(uid, started.id, ProblemStep.CHECK)).step).toBe(ProblemStep.COMPLETE); // repeat

    const report = await getBookReport(uid, rb);
    expect(report.status).toBe(BookStatus.NOTE);
    expect(report.records).toHaveLength(1);
    expect(report.result!.score).toBe(expected);
  });

  it('allows RESTART only where the teacher allows a retake, once per allowance', async () => {
    const { uid, ids } = await diagnosisBooks('student');
    const rb = ids[1];
    const a = await beginAttempt(uid, { kind: 'book', resultBookId: rb });
    await advanceAttempt(uid, a.id, ProblemStep.CONFIRM);
    const list = await problemsOf(rb);
    await markAttempt(uid, a.id, answersFor(list, 5));
    await expect(restartAttempt(uid, rb)).toBeDomainError('RETAKE_NOT_ALLOWED');
    await db().update(resultBooks).set({ retakeAllowed: true }).where(eq(resultBooks.id, rb));
    const retake = await restartAttempt(uid, rb);
    expect(retake.step).toBe(ProblemStep.RESTART);
    expect(retake.round).toBe(2);
    const [flag] = await db().select({ r: resultBooks.retakeAllowed }).from(resultBooks).where(eq(resultBooks.id, rb));
    expect(flag.r).toBe(false);
    await saveAnswers(uid, retake.id, answersFor(list, 0).slice(0, 3));
    const result = await markAttempt(uid, retake.id, answersFor(list, 0));
    expect(result.score).toBe(100);
    expect(result.medal).toBe('GOLD');
    expect(await statusOf(rb)).toBe(BookStatus.NOTE);
    await expect(restartAttempt(uid, rb)).toBeDomainError('RETAKE_NOT_ALLOWED');
    const report = await getBookReport(uid, rb);
    expect(report.records.map((r) => r.round)).toEqual([1, 2]);
  });

  // A real race on PostgreSQL; on PGlite the same calls are serialised and still must mark once.
  it('marks once when the same attempt is submitted concurrently', async () => {
    const { uid, ids } = await diagnosisBooks('student2');
    const rb = ids[0];
    const a = await beginAttempt(uid, { kind: 'book', resultBookId: rb });
    await advanceAttempt(uid, a.id, ProblemStep.CONFIRM);
    const list = await problemsOf(rb);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => markAttempt(uid, a.id, answersFor(list, i))));
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(await db().select().from(problemCategoryResults).where(eq(problemCategoryResults.attemptId, a.id))).toHaveLength(5);
    expect(await statusOf(rb)).toBe(BookStatus.NOTE);
    const [row] = await db().select().from(problemAttempts).where(eq(problemAttempts.id, a.id));
    expect(row.step).toBe(ProblemStep.MARK);
  });

  it('sets the level by a course test and appends the level history', async () => {
    const uid = await userId('student3');
    const [course] = await db().select().from(problemSets).where(eq(problemSets.kind, 'COURSE_TEST'));
    const target = { kind: 'test' as const, setId: course.id, setKind: 'COURSE_TEST' as const };
    const a = await beginAttempt(uid, target);
    await advanceAttempt(uid, a.id, ProblemStep.CONFIRM);
    const list = await db().select().from(problems).where(eq(problems.setId, course.id)).orderBy(asc(problems.order));
    // Right on the first half only.
    const answers = list.map((p, i) => ({ problemId: p.id, answer: i < 6 ? p.correctAnswer : '' }));
    const total = list.reduce((s, p) => s + p.points, 0);
    const got = list.slice(0, 6).reduce((s, p) => s + p.points, 0);
    const score = Math.round((got * 100) / total);
    const result = await markAttempt(uid, a.id, answers);
    expect(result.score).toBe(score);
    const level = Math.min(10, Math.max(1, Math.ceil(score / 10)));
    expect(result.placedLevel).toBe(level);
    expect(result.levelMessage).toMatch(new RegExp(`^읽기 수준이 L${level}(으로|로) 정해졌습니다\\.$`));
    const [u] = await db().select({ level: users.level }).from(users).where(eq(users.id, uid));
    expect(u.level).toBe(level);
    const history = await db().select().from(levelHistory).where(eq(levelHistory.userId, uid));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ level, source: 'COURSE_TEST', attemptId: a.id });
    // Taking it again starts a new round; the history keeps both.
    await advanceAttempt(uid, a.id, ProblemStep.MARK);
    await advanceAttempt(uid, a.id, ProblemStep.CHECK);
    const b = await beginAttempt(uid, target);
    expect(b.round).toBe(2);
    await advanceAttempt(uid, b.id, ProblemStep.CONFIRM);
    await markAttempt(
      uid,
      b.id,
      list.map((p) => ({ problemId: p.id, answer: p.correctAnswer })),
    );
    const [u2] = await db().select({ level: users.level }).from(users).where(eq(users.id, uid));
    expect(u2.level).toBe(10);
    expect(await db().select().from(levelHistory).where(eq(levelHistory.userId, uid))).toHaveLength(2);
  });

  it('saves the self-analysis (1–5 each), replacing it on a second save', async () => {
    const { uid } = await diagnosisBooks('student');
    const [rb] = await db()
      .select({ id: resultBooks.id, status: resultBooks.status })
      .from(resultBooks)
      .where(and(eq(resultBooks.userId, uid), eq(resultBooks.status, BookStatus.WAITING)));
    const scores = { interest: 5, difficulty: 2, understanding: 4, usefulness: 3, recommend: 5 };
    await expect(saveSelfAnalysis(uid, rb.id, scores)).toBeDomainError('SELF_ANALYSIS_NOT_READY');
    const { ids } = await diagnosisBooks('student');
    const target = ids[0];
    await expect(saveSelfAnalysis(uid, target, { ...scores, interest: 6 })).toBeDomainError('SELF_ANALYSIS_RANGE');
    await saveSelfAnalysis(uid, target, scores);
    const saved = await saveSelfAnalysis(uid, target, { ...scores, interest: 1 });
    expect(saved.interest).toBe(1);
    expect(await db().select().from(selfAnalyses).where(eq(selfAnalyses.resultBookId, target))).toHaveLength(1);
    const other = await userId('student2');
    await expect(saveSelfAnalysis(other, target, scores)).toBeDomainError('PROBLEM_NOT_FOUND');
  });
});

describe('problem demo data', () => {
  it('has a set for every book, the tests, marked analyses with a spread of medals, and level history', async () => {
    const sets = await db().select().from(problemSets);
    expect(sets.filter((s) => s.kind === 'BOOK_ANALYSIS')).toHaveLength(36);
    expect(sets.filter((s) => s.kind === 'COURSE_TEST')).toHaveLength(1);
    expect(sets.filter((s) => s.kind === 'SUBJECT_TEST')).toHaveLength(2);
    const attempts = await db().select().from(problemAttempts).where(eq(problemAttempts.step, ProblemStep.COMPLETE));
    const done = await db().select().from(resultBooks);
    const finished = done.filter((r) => r.status === BookStatus.NOTE || r.status === BookStatus.COMPLETE);
    const all = await db().select().from(problemAttempts);
    for (const rb of finished)
      expect(
        all.some((a) => a.resultBookId === rb.id),
        `result book ${rb.id}`,
      ).toBe(true);
    const medals = new Set(attempts.map((a) => a.medal));
    expect(medals).toEqual(new Set(['GOLD', 'SILVER', 'BRONZE', null]));
    for (const a of attempts) expect(a.medal).toBe(medalFor(a.score!));
    const analysed = new Set((await db().select().from(selfAnalyses)).map((x) => x.resultBookId));
    for (const a of attempts.filter((x) => x.resultBookId && x.version === 5)) expect(analysed.has(a.resultBookId!)).toBe(true);
    for (const login of ['student', 'student2']) {
      const uid = await userId(login);
      const history = await db().select().from(levelHistory).where(eq(levelHistory.userId, uid));
      expect(history.length).toBeGreaterThanOrEqual(4);
      const [u] = await db().select({ level: users.level }).from(users).where(eq(users.id, uid));
      expect(history.sort((x, y) => +x.recordedAt - +y.recordedAt).at(-1)!.level).toBe(u.level);
    }
  });
});

describe('the test lists', () => {
  it('count the problems of each set', async () => {
    const uid = await userId('student');
    for (const kind of ['COURSE_TEST', 'SUBJECT_TEST'] as const) {
      const listed = await listTests(uid, kind);
      expect(listed.length).toBeGreaterThan(0);
      for (const set of listed) {
        const rows = await db().select({ id: problems.id }).from(problems).where(eq(problems.setId, set.id));
        expect(rows.length).toBeGreaterThan(0);
        expect(set.count).toBe(rows.length);
      }
    }
  });
});
