import { studyTime } from './times';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { BookStatus, ProblemStep } from '~/domain/enums';
import { SELF_ANALYSIS_ITEMS, joinPositions, markAnswers, parsePositions } from '~/domain/problems';
import type { Tx } from '~/db/client.server';
type ProblemRow = typeof problems.$inferSelect;
import {
  books,
  levelHistory,
  problemAnswers,
  problemAttempts,
  problemCategoryResults,
  problems,
  problemSetVersions,
  problemSets,
  resultBooks,
  selfAnalyses,
  users,
} from '~/db/schema';
import { DEMO_BOOKS } from './data/books';
import { bookProblemSet, type BankSet } from './data/problem-bank';
import { COURSE_TEST, SUBJECT_TESTS } from './data/test-bank';

const DAY = 24 * 60 * 60 * 1000;

async function insertSet(tx: Tx, set: BankSet, meta: { kind: 'BOOK_ANALYSIS' | 'COURSE_TEST' | 'SUBJECT_TEST'; bookId?: number }) {
  const [row] = await tx
    .insert(problemSets)
    .values({
      kind: meta.kind,
      bookId: meta.bookId ?? null,
      title: set.title,
      description: set.description,
      subject: set.subject ?? null,
      passage: set.passage ?? null,
      level: set.level ?? null,
    })
    .returning({ id: problemSets.id });
  const [version] = await tx
    .insert(problemSetVersions)
    .values({ setId: row.id, version: 1, publishedAt: new Date() })
    .returning({ id: problemSetVersions.id });
  await tx.update(problemSets).set({ currentVersionId: version.id }).where(eq(problemSets.id, row.id));
  await tx.insert(problems).values(
    set.problems.map((p, i) => ({
      setId: row.id,
      versionId: version.id,
      order: i + 1,
      examMethod: p.examMethod,
      question: p.question,
      options: p.options,
      correctAnswer: p.correctAnswer,
      acceptedAnswers: p.acceptedAnswers,
      explanation: p.explanation,
      category: p.category,
      points: p.points,
      level: p.level ?? null,
    })),
  );
  return row.id;
}

/** A wrong answer of the same kind: the option after the right one, or a misspelt text. */
function wrongAnswer(p: { examMethod: 'm' | 's'; options: string[]; correctAnswer: string }) {
  if (p.examMethod === 's') return '모르겠어요';
  const right = parsePositions(p.correctAnswer) ?? [1];
  return String((right[0] % p.options.length) + 1);
}

/**
 * Which problems (by position in the set) each seeded attempt gets wrong, in turn: a spread over gold, silver, bronze
 * and no medal. In a six-problem set the first is worth 15 points and the others 10: missing the last gives silver,
 * missing the first bronze.
 */
const WRONG_PATTERN: number[][] = [[], [5], [0], [4, 5], [1, 2, 3, 5], [5], [0, 3], [0]];

/**
 * A marked analysis of a book with its answers, category results and the student's self-analysis, at `markedAt`;
 * `turn` picks the problems it gets wrong from WRONG_PATTERN.
 */
export async function insertMarkedAnalysis(
  tx: Tx,
  a: { userId: number; resultBookId: number; setId: number; list: ProblemRow[]; turn: number; markedAt: Date },
) {
  const { list, markedAt } = a;
  const wrong = new Set(WRONG_PATTERN[a.turn % WRONG_PATTERN.length]);
  const answers = new Map(
    list.map((p, k) => [
      p.id,
      wrong.has(k) ? wrongAnswer(p) : p.examMethod === 'm' ? joinPositions(parsePositions(p.correctAnswer)!) : p.correctAnswer,
    ]),
  );
  const marking = markAnswers(list, answers);
  const [attempt] = await tx
    .insert(problemAttempts)
    .values({
      userId: a.userId,
      setId: a.setId,
      versionId: list[0].versionId,
      resultBookId: a.resultBookId,
      round: 1,
      step: ProblemStep.COMPLETE,
      score: marking.score,
      medal: marking.medal,
      correctCount: marking.correctCount,
      total: marking.total,
      startedAt: new Date(markedAt.getTime() - 20 * 60 * 1000),
      markedAt,
      completedAt: new Date(markedAt.getTime() + 5 * 60 * 1000),
      updatedAt: markedAt,
      version: 5,
    })
    .returning({ id: problemAttempts.id });
  await tx.insert(problemAnswers).values(
    list.map((p) => ({
      attemptId: attempt.id,
      problemId: p.id,
      answer: answers.get(p.id)!,
      isCorrect: (marking.perProblem.get(p.id) ? 1 : 0) as 0 | 1,
      savedAt: markedAt,
    })),
  );
  await tx.insert(problemCategoryResults).values(marking.categories.map((c) => ({ attemptId: attempt.id, ...c })));
  const score = (k: number) => 1 + ((a.resultBookId * 7 + k * 3 + a.turn) % 5);
  await tx.insert(selfAnalyses).values({
    resultBookId: a.resultBookId,
    ...(Object.fromEntries(SELF_ANALYSIS_ITEMS.map((item, k) => [item.key, score(k)])) as Record<
      (typeof SELF_ANALYSIS_ITEMS)[number]['key'],
      number
    >),
    createdAt: markedAt,
    updatedAt: markedAt,
  });
}

/**
 * Problem sets for every catalogue book, the course test and two subject tests; marked analyses and self-analyses for
 * every NOTE and COMPLETE book of the demo students; level history for `student` and `student2` over several months.
 */
export async function seedProblems(tx: Tx) {
  const catalogue = await tx.select({ id: books.id, title: books.title }).from(books).orderBy(asc(books.id));
  const setOfBook = new Map<number, number>();
  for (const b of catalogue) {
    const data = DEMO_BOOKS.find((d) => d.title === b.title);
    if (!data) continue;
    setOfBook.set(b.id, await insertSet(tx, bookProblemSet(data), { kind: 'BOOK_ANALYSIS', bookId: b.id }));
  }
  await insertSet(tx, COURSE_TEST, { kind: 'COURSE_TEST' });
  for (const t of SUBJECT_TESTS) await insertSet(tx, t, { kind: 'SUBJECT_TEST' });

  const done = await tx
    .select({
      id: resultBooks.id,
      userId: resultBooks.userId,
      bookId: resultBooks.bookId,
      statusChangedAt: resultBooks.statusChangedAt,
      assignedAt: resultBooks.assignedAt,
    })
    .from(resultBooks)
    .where(inArray(resultBooks.status, [BookStatus.NOTE, BookStatus.COMPLETE]))
    .orderBy(asc(resultBooks.id));
  const setIds = [...new Set(done.map((r) => setOfBook.get(r.bookId)).filter((x): x is number => x !== undefined))];
  const allProblems = setIds.length ? await tx.select().from(problems).where(inArray(problems.setId, setIds)) : [];

  for (const [i, rb] of done.entries()) {
    const setId = setOfBook.get(rb.bookId);
    if (!setId) continue;
    const list = allProblems.filter((p) => p.setId === setId).sort((a, b) => a.order - b.order);
    await insertMarkedAnalysis(tx, {
      userId: rb.userId,
      resultBookId: rb.id,
      setId,
      list,
      turn: i,
      markedAt: new Date(rb.statusChangedAt.getTime() + 2 * DAY),
    });
  }

  // Level history over the last months, ending at the student's current level.
  const students = await tx
    .select({ id: users.id, loginId: users.loginId, level: users.level })
    .from(users)
    .where(and(inArray(users.loginId, ['student', 'student2']), eq(users.role, 'USER')));
  const base = Date.now();
  for (const s of students) {
    const current = s.level ?? 5;
    const path = [current - 2, current - 1, current - 1, current, current].map((l) => Math.max(1, l));
    await tx.insert(levelHistory).values(
      path.map((level, k) => ({
        userId: s.id,
        level,
        source: 'COURSE_TEST' as const,
        recordedAt: studyTime(base - (5 - k) * 30 * DAY, s.id * 7 + k, base),
      })),
    );
  }
}
