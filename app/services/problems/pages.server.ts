import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { books, levelHistory, problemAnswers, problemAttempts, problems, problemSets, resultBooks } from '~/db/schema';
import { BookStatus, ProblemStep } from '~/domain/enums';
import { analysisStatusLabel, MARKED_STEPS, SOLVING_STEPS, asShownProblem, type Medal, type ProblemSetKind } from '~/domain/problems';
import { qualified } from '~/db/sql-helpers.server';
import type { AttemptPage, ReviewItem, TestListRow } from '~/domain/problem-pages';
import { AttemptTarget, isOffered, offeredSet, resolveTarget, shownVersion, versionProblems } from './attempts.server';
import { resultOf } from './marking.server';
import { getSelfAnalysis } from './book-report.server';

// What the student's problem pages show: an attempt at its step, the lists of tests and of books to analyse, the
// level history.

/** Everything an attempt page shows, for the step it is in. Correct answers appear only once it is marked. */
export async function getAttemptPage(userId: number, target: AttemptTarget): Promise<AttemptPage> {
  const { set, resultBook, attempt } = await resolveTarget(userId, target);
  // The attempt's own version (solving, marking and review never see another), or the one a new attempt would take.
  const versionId = shownVersion(set, attempt);
  const list = versionId ? await versionProblems(versionId) : [];
  const offered = isOffered(set);
  const answers = attempt ? await db().select().from(problemAnswers).where(eq(problemAnswers.attemptId, attempt.id)) : [];
  const answerOf = new Map(answers.map((a) => [a.problemId, a]));
  const marked = attempt !== null && MARKED_STEPS.includes(attempt.step);
  const solving = attempt !== null && SOLVING_STEPS.includes(attempt.step);
  const result = marked ? await resultOf(db(), attempt.id) : null;
  const selfAnalysis = resultBook ? await getSelfAnalysis(resultBook.id) : null;
  return {
    set: {
      id: set.id,
      kind: set.kind,
      title: set.title,
      description: set.description,
      passage: set.passage,
      subject: set.subject,
      count: list.length,
    },
    book: resultBook
      ? { resultBookId: resultBook.id, status: resultBook.status, statusLabel: analysisStatusLabel(resultBook.status), ...resultBook.book }
      : null,
    attempt: attempt ? { id: attempt.id, step: attempt.step, round: attempt.round } : null,
    canStart: offered && (resultBook ? resultBook.status === BookStatus.DIAGNOSIS && !attempt : true),
    canRestart: Boolean(offered && resultBook?.retakeAllowed && marked),
    problems: solving ? list.map((p) => asShownProblem(p, answerOf.get(p.id)?.answer ?? '')) : [],
    answeredCount: answers.filter((a) => a.answer !== '').length,
    result,
    review: marked
      ? list.map((p): ReviewItem => ({
          problemId: p.id,
          order: p.order,
          examMethod: p.examMethod,
          question: p.question,
          options: p.options,
          category: p.category,
          answer: answerOf.get(p.id)?.answer ?? '',
          isCorrect: answerOf.get(p.id)?.isCorrect === 1,
          correctAnswer: p.correctAnswer,
          acceptedAnswers: p.acceptedAnswers,
          explanation: p.explanation,
        }))
      : [],
    selfAnalysis,
  };
}

/** The sets of one kind with the student's latest attempt of each (two queries). */
export async function listTests(userId: number, kind: Exclude<ProblemSetKind, 'BOOK_ANALYSIS'>): Promise<TestListRow[]> {
  const sets = await db()
    .select({
      id: problemSets.id,
      title: problemSets.title,
      description: problemSets.description,
      subject: problemSets.subject,
      count: sql<number>`(select count(*)::int from ${problems} where ${problems.versionId} = ${qualified(problemSets.currentVersionId)})`,
    })
    .from(problemSets)
    .where(and(eq(problemSets.kind, kind), offeredSet()))
    .orderBy(asc(problemSets.id));
  const attempts = sets.length
    ? await db()
        .select()
        .from(problemAttempts)
        .where(
          and(
            eq(problemAttempts.userId, userId),
            inArray(
              problemAttempts.setId,
              sets.map((s) => s.id),
            ),
            isNull(problemAttempts.resultBookId),
          ),
        )
        .orderBy(desc(problemAttempts.round))
    : [];
  return sets.map((s) => {
    const mine = attempts.filter((a) => a.setId === s.id);
    const lastMarked = mine.find((a) => MARKED_STEPS.includes(a.step));
    return {
      ...s,
      step: mine[0]?.step ?? null,
      rounds: mine.length,
      lastScore: lastMarked?.score ?? null,
      lastMedal: lastMarked?.medal ?? null,
      lastPlacedLevel: lastMarked?.placedLevel ?? null,
      lastMarkedAt: lastMarked?.markedAt?.toISOString() ?? null,
    };
  });
}

export async function levelHistoryOf(userId: number) {
  return db()
    .select({ level: levelHistory.level, recordedAt: levelHistory.recordedAt, attemptId: levelHistory.attemptId })
    .from(levelHistory)
    .where(eq(levelHistory.userId, userId))
    .orderBy(asc(levelHistory.recordedAt));
}

/** The student's books waiting for their analysis (DIAGNOSIS) and those already analysed, with the latest result. */
export async function listAnalysisBooks(userId: number) {
  const rows = await db()
    .select({
      resultBookId: resultBooks.id,
      status: resultBooks.status,
      statusChangedAt: resultBooks.statusChangedAt,
      title: books.title,
      author: books.author,
      level: books.level,
      coverColor: books.coverColor,
      score: sql<
        number | null
      >`(select ${problemAttempts.score} from ${problemAttempts} where ${problemAttempts.resultBookId} = ${qualified(resultBooks.id)} and ${problemAttempts.step} >= ${ProblemStep.MARK} order by ${problemAttempts.round} desc limit 1)`,
      medal: sql<Medal | null>`(select ${problemAttempts.medal} from ${problemAttempts} where ${problemAttempts.resultBookId} = ${qualified(resultBooks.id)} and ${problemAttempts.step} >= ${ProblemStep.MARK} order by ${problemAttempts.round} desc limit 1)`,
    })
    .from(resultBooks)
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .where(and(eq(resultBooks.userId, userId), inArray(resultBooks.status, [BookStatus.DIAGNOSIS, BookStatus.NOTE, BookStatus.COMPLETE])))
    .orderBy(asc(resultBooks.status), desc(resultBooks.statusChangedAt));
  const rowsOut = rows.map((r) => ({ ...r, statusChangedAt: r.statusChangedAt.toISOString(), statusLabel: analysisStatusLabel(r.status) }));
  return {
    waiting: rowsOut.filter((r) => r.status === BookStatus.DIAGNOSIS),
    done: rowsOut.filter((r) => r.status !== BookStatus.DIAGNOSIS),
  };
}
