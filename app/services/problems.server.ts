import { readingTotalsColumns } from '~/services/reading.server';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { db, executeRows } from '~/db/client.server';
import {
  books,
  levelHistory,
  problemAnswers,
  problemAttempts,
  problemCategoryResults,
  problems,
  problemSets,
  resultBooks,
  selfAnalyses,
  users,
  type ProblemAttempt,
} from '~/db/schema';
import { BookStatus, ItemStatus, ProblemStep } from '~/domain/enums';
import {
  BOOK_STATUS_LABELS,
  MARKED_STEPS,
  PROBLEM_MESSAGES as MSG,
  SOLVING_STEPS,
  levelForCourseScore,
  levelMessage,
  markAnswers,
  parsePositions,
  type CategoryResult,
  type Medal,
  type ProblemSetKind,
  type SelfAnalysisScores,
} from '~/domain/problems';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { advanceStatus } from './book-status.server';

// Problem analysis, course tests and subject tests: one engine (product.md §2). An attempt walks
// START → CONFIRM → SOLVE → MARK → CHECK → COMPLETE; a retake (RESTART) is a new attempt, allowed only where the
// teacher set `result_books.retake_allowed`. Every step change is a guarded UPDATE on step and version; marking is
// done here, once: a second submit returns the stored result.

export const ProblemErrors = {
  NOT_FOUND: 'PROBLEM_NOT_FOUND',
  SET_MISSING: 'PROBLEM_SET_MISSING',
  NOT_READY: 'PROBLEM_NOT_READY',
  STEP_CONFLICT: 'PROBLEM_STEP_CONFLICT',
  STEP_SKIP: 'PROBLEM_STEP_SKIP',
  ALREADY_MARKED: 'PROBLEM_ALREADY_MARKED',
  INVALID_ANSWER: 'INVALID_ANSWER',
  RETAKE_NOT_ALLOWED: 'RETAKE_NOT_ALLOWED',
  NOT_MARKED: 'PROBLEM_NOT_MARKED',
  SELF_ANALYSIS_NOT_READY: 'SELF_ANALYSIS_NOT_READY',
  SELF_ANALYSIS_RANGE: 'SELF_ANALYSIS_RANGE',
} as const;

const S = ProblemStep;

/** The one forward move allowed out of each step (marking has its own path). */
const NEXT_STEP: Partial<Record<number, ProblemStep>> = {
  [S.START]: S.CONFIRM,
  [S.CONFIRM]: S.SOLVE,
  [S.MARK]: S.CHECK,
  [S.CHECK]: S.COMPLETE,
};

/** Order of the steps along the path (RESTART solves like SOLVE). */
const rank = (step: number) => (step === S.RESTART ? S.SOLVE : step);

export type AttemptTarget = { kind: 'book'; resultBookId: number } | { kind: 'test'; setId: number; setKind: Exclude<ProblemSetKind, 'BOOK_ANALYSIS'> };

const notFound = () => new DomainError(ProblemErrors.NOT_FOUND, MSG.notFound, 404);

// ───────────────────────────── loading ─────────────────────────────

async function ownResultBook(userId: number, resultBookId: number, ex: Executor = db()) {
  const [row] = await ex
    .select({
      id: resultBooks.id,
      status: resultBooks.status,
      retakeAllowed: resultBooks.retakeAllowed,
      assignedAt: resultBooks.assignedAt,
      statusChangedAt: resultBooks.statusChangedAt,
      completedAt: resultBooks.completedAt,
      readMethod: resultBooks.readMethod,
      book: {
        id: books.id,
        title: books.title,
        author: books.author,
        publisher: books.publisher,
        totalPages: books.totalPages,
        level: books.level,
        genre: books.genre,
        coverColor: books.coverColor,
      },
      setId: problemSets.id,
    })
    .from(resultBooks)
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .leftJoin(
      problemSets,
      and(eq(problemSets.bookId, books.id), eq(problemSets.kind, 'BOOK_ANALYSIS'), eq(problemSets.status, ItemStatus.ACTIVE)),
    )
    .where(and(eq(resultBooks.id, resultBookId), eq(resultBooks.userId, userId)))
    .limit(1);
  if (!row || row.status === BookStatus.EXCLUDE) throw new DomainError(ProblemErrors.NOT_FOUND, MSG.bookNotFound, 404);
  return row;
}

async function loadSet(setId: number, ex: Executor = db()) {
  const [set] = await ex.select().from(problemSets).where(eq(problemSets.id, setId));
  if (!set || set.status !== ItemStatus.ACTIVE) throw notFound();
  return set;
}

async function latestAttempt(userId: number, setId: number, resultBookId: number | null, ex: Executor = db()) {
  const [attempt] = await ex
    .select()
    .from(problemAttempts)
    .where(
      and(
        eq(problemAttempts.userId, userId),
        eq(problemAttempts.setId, setId),
        resultBookId === null ? isNull(problemAttempts.resultBookId) : eq(problemAttempts.resultBookId, resultBookId),
      ),
    )
    .orderBy(desc(problemAttempts.round))
    .limit(1);
  return attempt ?? null;
}

async function ownAttempt(userId: number, attemptId: number, ex: Executor = db()) {
  const [attempt] = await ex
    .select()
    .from(problemAttempts)
    .where(and(eq(problemAttempts.id, attemptId), eq(problemAttempts.userId, userId)));
  if (!attempt) throw notFound();
  return attempt;
}

async function setProblems(setId: number, ex: Executor = db()) {
  return ex.select().from(problems).where(eq(problems.setId, setId)).orderBy(asc(problems.order));
}

/** Resolves a target to its set and the student's latest attempt. */
async function resolveTarget(userId: number, target: AttemptTarget, ex: Executor = db()) {
  if (target.kind === 'book') {
    const rb = await ownResultBook(userId, target.resultBookId, ex);
    if (!rb.setId) throw new DomainError(ProblemErrors.SET_MISSING, MSG.setMissing, 404);
    const set = await loadSet(rb.setId, ex);
    return { set, resultBook: rb, resultBookId: rb.id as number | null, attempt: await latestAttempt(userId, set.id, rb.id, ex) };
  }
  const set = await loadSet(target.setId, ex);
  if (set.kind !== target.setKind) throw notFound();
  return { set, resultBook: null, resultBookId: null as number | null, attempt: await latestAttempt(userId, set.id, null, ex) };
}

// ───────────────────────────── steps ─────────────────────────────

/** Guarded step change: only from the step and version that were read. */
async function moveStep(ex: Executor, attempt: ProblemAttempt, to: ProblemStep, extra: Partial<ProblemAttempt> = {}) {
  const moved = await ex
    .update(problemAttempts)
    .set({ ...extra, step: to, version: sql`${problemAttempts.version} + 1`, updatedAt: now() })
    .where(and(eq(problemAttempts.id, attempt.id), eq(problemAttempts.step, attempt.step), eq(problemAttempts.version, attempt.version)))
    .returning({ id: problemAttempts.id });
  return moved.length === 1;
}

/**
 * Moves an attempt one step forward, from `from` to the next step. Asking again for a step already passed is a
 * harmless repeat (a double click); asking to skip a step is an error.
 */
export async function advanceAttempt(userId: number, attemptId: number, from: ProblemStep): Promise<ProblemAttempt> {
  const to = NEXT_STEP[from];
  if (to === undefined) throw new DomainError(ProblemErrors.STEP_SKIP, MSG.stepSkip, 409);
  return db().transaction(async (tx) => {
    const attempt = await ownAttempt(userId, attemptId, tx);
    if (attempt.step === to || rank(attempt.step) > rank(to)) return attempt; // already there: a repeat
    if (attempt.step !== from) throw new DomainError(ProblemErrors.STEP_SKIP, MSG.stepSkip, 409);
    if (!(await moveStep(tx, attempt, to, to === S.COMPLETE ? { completedAt: now() } : {}))) {
      throw new DomainError(ProblemErrors.STEP_CONFLICT, MSG.stepConflict, 409);
    }
    return ownAttempt(userId, attemptId, tx);
  });
}

/**
 * Starts (START) and opens the confirmation (CONFIRM) of the target's attempt. A book must be in DIAGNOSIS; a test
 * whose last attempt is finished starts a new round. Repeating the call changes nothing.
 */
export async function beginAttempt(userId: number, target: AttemptTarget): Promise<ProblemAttempt> {
  const attemptId = await db().transaction(async (tx) => {
    const { set, resultBook, resultBookId, attempt } = await resolveTarget(userId, target, tx);
    if (attempt && !(target.kind === 'test' && attempt.step === S.COMPLETE)) return attempt.id;
    if (resultBook && resultBook.status !== BookStatus.DIAGNOSIS) {
      throw new DomainError(ProblemErrors.NOT_READY, MSG.notReady, 409);
    }
    const [created] = await tx
      .insert(problemAttempts)
      .values({ userId, setId: set.id, resultBookId, round: (attempt?.round ?? 0) + 1, step: S.START, startedAt: now() })
      .onConflictDoNothing()
      .returning({ id: problemAttempts.id });
    if (created) return created.id;
    return (await latestAttempt(userId, set.id, resultBookId, tx))!.id;
  });
  return advanceAttempt(userId, attemptId, S.START);
}

/** A retake of a marked book analysis, where the teacher allows it: a new attempt in RESTART; the allowance is used up. */
export async function restartAttempt(userId: number, resultBookId: number): Promise<ProblemAttempt> {
  return db().transaction(async (tx) => {
    const { set, attempt } = await resolveTarget(userId, { kind: 'book', resultBookId }, tx);
    if (attempt && SOLVING_STEPS.includes(attempt.step) && attempt.round > 1) return attempt; // repeat
    if (!attempt || !MARKED_STEPS.includes(attempt.step)) throw new DomainError(ProblemErrors.STEP_SKIP, MSG.stepSkip, 409);
    const used = await tx
      .update(resultBooks)
      .set({ retakeAllowed: false })
      .where(and(eq(resultBooks.id, resultBookId), eq(resultBooks.retakeAllowed, true)))
      .returning({ id: resultBooks.id });
    if (used.length === 0) throw new DomainError(ProblemErrors.RETAKE_NOT_ALLOWED, MSG.retakeNotAllowed, 403);
    const [created] = await tx
      .insert(problemAttempts)
      .values({ userId, setId: set.id, resultBookId, round: attempt.round + 1, step: S.RESTART, startedAt: now() })
      .returning();
    return created;
  });
}

// ───────────────────────────── answers ─────────────────────────────

export type AnswerInput = { problemId: number; answer: string };

type ProblemRow = Awaited<ReturnType<typeof setProblems>>[number];

/** Checks answers against the set's problems: known problems, positions within the options, texts of sane length. */
function validateAnswers(list: ProblemRow[], answers: AnswerInput[]): AnswerInput[] {
  const byId = new Map(list.map((p) => [p.id, p]));
  const seen = new Map<number, string>();
  for (const { problemId, answer } of answers) {
    const problem = byId.get(problemId);
    if (!problem || typeof answer !== 'string' || answer.length > 200) {
      throw new DomainError(ProblemErrors.INVALID_ANSWER, MSG.invalidAnswer, 400);
    }
    if (problem.examMethod === 'm') {
      const positions = parsePositions(answer);
      if (!positions || positions.some((p) => p < 1 || p > problem.options.length)) {
        throw new DomainError(ProblemErrors.INVALID_ANSWER, MSG.invalidAnswer, 400);
      }
      seen.set(problemId, answer.trim());
    } else {
      seen.set(problemId, answer.trim());
    }
  }
  return [...seen].map(([problemId, answer]) => ({ problemId, answer }));
}

async function upsertAnswers(ex: Executor, attemptId: number, answers: AnswerInput[]) {
  if (answers.length === 0) return;
  await ex
    .insert(problemAnswers)
    .values(answers.map((a) => ({ attemptId, problemId: a.problemId, answer: a.answer, savedAt: now() })))
    .onConflictDoUpdate({
      target: [problemAnswers.attemptId, problemAnswers.problemId],
      set: { answer: sql`excluded.answer`, savedAt: sql`excluded.saved_at` },
    });
}

/**
 * Saves answers as the student goes: each save is an upsert per problem, so a reload or a repeated request loses and
 * duplicates nothing. Only while solving.
 */
export async function saveAnswers(userId: number, attemptId: number, answers: AnswerInput[]): Promise<void> {
  await db().transaction(async (tx) => {
    const attempt = await ownAttempt(userId, attemptId, tx);
    const valid = validateAnswers(await setProblems(attempt.setId, tx), answers);
    // Locks the attempt and checks that it is still being solved: a racing submit waits or wins.
    const open = await tx
      .update(problemAttempts)
      .set({ updatedAt: now(), version: sql`${problemAttempts.version} + 1` })
      .where(and(eq(problemAttempts.id, attemptId), inArray(problemAttempts.step, SOLVING_STEPS as ProblemStep[])))
      .returning({ id: problemAttempts.id });
    if (open.length === 0) {
      const current = await ownAttempt(userId, attemptId, tx);
      if (MARKED_STEPS.includes(current.step)) throw new DomainError(ProblemErrors.ALREADY_MARKED, MSG.alreadyMarked, 409);
      throw new DomainError(ProblemErrors.STEP_SKIP, MSG.stepSkip, 409);
    }
    await upsertAnswers(tx, attemptId, valid);
  });
}

// ───────────────────────────── marking ─────────────────────────────

export type AttemptResult = {
  attemptId: number;
  round: number;
  step: ProblemStep;
  score: number;
  medal: Medal | null;
  correctCount: number;
  total: number;
  markedAt: string;
  categories: CategoryResult[];
  placedLevel: number | null;
  levelMessage: string | null;
};

async function resultOf(ex: Executor, attemptId: number): Promise<AttemptResult> {
  const [attempt] = await ex.select().from(problemAttempts).where(eq(problemAttempts.id, attemptId));
  const categories = await ex
    .select({
      category: problemCategoryResults.category,
      correct: problemCategoryResults.correct,
      total: problemCategoryResults.total,
      score: problemCategoryResults.score,
    })
    .from(problemCategoryResults)
    .where(eq(problemCategoryResults.attemptId, attemptId));
  const order = ['FACT', 'INFERENCE', 'CRITICAL', 'VOCABULARY', 'CREATIVE'];
  categories.sort((a, b) => order.indexOf(a.category) - order.indexOf(b.category));
  return {
    attemptId,
    round: attempt.round,
    step: attempt.step,
    score: attempt.score ?? 0,
    medal: attempt.medal ?? null,
    correctCount: attempt.correctCount ?? 0,
    total: attempt.total ?? 0,
    markedAt: (attempt.markedAt ?? attempt.updatedAt).toISOString(),
    categories,
    placedLevel: attempt.placedLevel ?? null,
    levelMessage: attempt.placedLevel ? levelMessage(attempt.placedLevel) : null,
  };
}

/**
 * Marks an attempt on the server (MARK), with the last answers if given. Idempotent: a marked attempt is returned
 * as it is, whether the repeat comes after (sequential) or during (concurrent) the first submit. Marking a book
 * analysis moves the book DIAGNOSIS → NOTE, and a course test sets the student's level, in the same transaction.
 */
export async function markAttempt(userId: number, attemptId: number, answers?: AnswerInput[]): Promise<AttemptResult> {
  return db().transaction(async (tx) => {
    const attempt = await ownAttempt(userId, attemptId, tx);
    if (MARKED_STEPS.includes(attempt.step)) return resultOf(tx, attempt.id);
    if (!SOLVING_STEPS.includes(attempt.step)) throw new DomainError(ProblemErrors.STEP_SKIP, MSG.stepSkip, 409);
    const list = await setProblems(attempt.setId, tx);
    const valid = answers ? validateAnswers(list, answers) : [];
    const markedAt = now();
    // Claim the marking: of two racing submits exactly one moves the attempt; the other then reads its result.
    if (!(await moveStep(tx, attempt, S.MARK, { markedAt }))) {
      const current = await ownAttempt(userId, attemptId, tx);
      if (MARKED_STEPS.includes(current.step)) return resultOf(tx, current.id);
      throw new DomainError(ProblemErrors.STEP_CONFLICT, MSG.stepConflict, 409);
    }
    await upsertAnswers(tx, attempt.id, valid);
    // Unanswered problems get an empty answer, marked wrong, so the review lists them.
    await tx
      .insert(problemAnswers)
      .values(list.map((p) => ({ attemptId: attempt.id, problemId: p.id, answer: '', savedAt: markedAt })))
      .onConflictDoNothing();
    const stored = await tx.select().from(problemAnswers).where(eq(problemAnswers.attemptId, attempt.id));
    const marking = markAnswers(list, new Map(stored.map((a) => [a.problemId, a.answer])));
    const right = list.filter((p) => marking.perProblem.get(p.id)).map((p) => p.id);
    const wrong = list.filter((p) => !marking.perProblem.get(p.id)).map((p) => p.id);
    if (right.length) {
      await tx
        .update(problemAnswers)
        .set({ isCorrect: 1 })
        .where(and(eq(problemAnswers.attemptId, attempt.id), inArray(problemAnswers.problemId, right)));
    }
    if (wrong.length) {
      await tx
        .update(problemAnswers)
        .set({ isCorrect: 0 })
        .where(and(eq(problemAnswers.attemptId, attempt.id), inArray(problemAnswers.problemId, wrong)));
    }
    if (marking.categories.length) {
      await tx.insert(problemCategoryResults).values(marking.categories.map((c) => ({ attemptId: attempt.id, ...c })));
    }
    const [set] = await tx.select({ kind: problemSets.kind }).from(problemSets).where(eq(problemSets.id, attempt.setId));
    const placedLevel = set.kind === 'COURSE_TEST' ? levelForCourseScore(marking.score) : null;
    await tx
      .update(problemAttempts)
      .set({ score: marking.score, medal: marking.medal, correctCount: marking.correctCount, total: marking.total, placedLevel })
      .where(eq(problemAttempts.id, attempt.id));
    if (set.kind === 'BOOK_ANALYSIS' && attempt.resultBookId) {
      // A first marking moves the book on; a retake finds it already past DIAGNOSIS and leaves it.
      await advanceStatus(attempt.resultBookId, BookStatus.DIAGNOSIS, tx);
    }
    if (placedLevel !== null) {
      await tx.update(users).set({ level: placedLevel, updatedAt: markedAt }).where(eq(users.id, userId));
      await tx.insert(levelHistory).values({ userId, level: placedLevel, source: 'COURSE_TEST', attemptId: attempt.id, recordedAt: markedAt });
    }
    return resultOf(tx, attempt.id);
  });
}

// ───────────────────────────── pages ─────────────────────────────

export type ReviewItem = {
  problemId: number;
  order: number;
  examMethod: 'm' | 's';
  question: string;
  options: string[];
  category: string;
  answer: string;
  isCorrect: boolean;
  correctAnswer: string;
  acceptedAnswers: string[];
  explanation: string;
};

/** Everything an attempt page shows, for the step it is in. Correct answers appear only once it is marked. */
export async function getAttemptPage(userId: number, target: AttemptTarget) {
  const { set, resultBook, attempt } = await resolveTarget(userId, target);
  const list = await setProblems(set.id);
  const answers = attempt
    ? await db().select().from(problemAnswers).where(eq(problemAnswers.attemptId, attempt.id))
    : [];
  const answerOf = new Map(answers.map((a) => [a.problemId, a]));
  const marked = attempt !== null && MARKED_STEPS.includes(attempt.step);
  const solving = attempt !== null && SOLVING_STEPS.includes(attempt.step);
  const result = marked ? await resultOf(db(), attempt.id) : null;
  const selfAnalysis = resultBook ? await getSelfAnalysis(resultBook.id) : null;
  return {
    set: { id: set.id, kind: set.kind, title: set.title, description: set.description, passage: set.passage, subject: set.subject, count: list.length },
    book: resultBook
      ? { resultBookId: resultBook.id, status: resultBook.status, statusLabel: BOOK_STATUS_LABELS[resultBook.status], ...resultBook.book }
      : null,
    attempt: attempt ? { id: attempt.id, step: attempt.step, round: attempt.round } : null,
    canStart: resultBook ? resultBook.status === BookStatus.DIAGNOSIS && !attempt : true,
    canRestart: Boolean(resultBook?.retakeAllowed && marked),
    problems: solving
      ? list.map((p) => ({
          id: p.id,
          order: p.order,
          examMethod: p.examMethod,
          question: p.question,
          options: p.options,
          multiple: p.examMethod === 'm' && p.correctAnswer.includes(','),
          category: p.category,
          points: p.points,
          answer: answerOf.get(p.id)?.answer ?? '',
        }))
      : [],
    answeredCount: answers.filter((a) => a.answer !== '').length,
    result,
    review: marked
      ? list.map(
          (p): ReviewItem => ({
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
          }),
        )
      : [],
    selfAnalysis,
  };
}

// A one-table select writes its columns unqualified ("id"), which inside this subquery would name problems.id: qualify.
const problemCountSql = sql<number>`(select count(*)::int from ${problems} pr where pr.set_id = ${problemSets}.id)`;

/** The sets of one kind with the student's latest attempt of each (two queries). */
export async function listTests(userId: number, kind: Exclude<ProblemSetKind, 'BOOK_ANALYSIS'>) {
  const sets = await db()
    .select({ id: problemSets.id, title: problemSets.title, description: problemSets.description, subject: problemSets.subject, count: problemCountSql })
    .from(problemSets)
    .where(and(eq(problemSets.kind, kind), eq(problemSets.status, ItemStatus.ACTIVE)))
    .orderBy(asc(problemSets.id));
  const attempts = sets.length
    ? await db()
        .select()
        .from(problemAttempts)
        .where(and(eq(problemAttempts.userId, userId), inArray(problemAttempts.setId, sets.map((s) => s.id)), isNull(problemAttempts.resultBookId)))
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

// ───────────────────────────── self-analysis ─────────────────────────────

export async function getSelfAnalysis(resultBookId: number, ex: Executor = db()): Promise<(SelfAnalysisScores & { updatedAt: string }) | null> {
  const [row] = await ex.select().from(selfAnalyses).where(eq(selfAnalyses.resultBookId, resultBookId));
  if (!row) return null;
  const { interest, difficulty, understanding, usefulness, recommend } = row;
  return { interest, difficulty, understanding, usefulness, recommend, updatedAt: row.updatedAt.toISOString() };
}

/** Saves the five ratings (1–5) of a book the student has finished reading; saving again replaces them. */
export async function saveSelfAnalysis(userId: number, resultBookId: number, scores: SelfAnalysisScores) {
  const values = [scores.interest, scores.difficulty, scores.understanding, scores.usefulness, scores.recommend];
  if (values.some((v) => !Number.isInteger(v) || v < 1 || v > 5)) {
    throw new DomainError(ProblemErrors.SELF_ANALYSIS_RANGE, MSG.selfAnalysisRange, 400);
  }
  const rb = await ownResultBook(userId, resultBookId);
  if (rb.status < BookStatus.DIAGNOSIS) throw new DomainError(ProblemErrors.SELF_ANALYSIS_NOT_READY, MSG.selfAnalysisNotReady, 409);
  const at = now();
  await db()
    .insert(selfAnalyses)
    .values({ resultBookId, ...scores, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: selfAnalyses.resultBookId, set: { ...scores, updatedAt: at } });
  return (await getSelfAnalysis(resultBookId))!;
}

// ───────────────────────────── per-book report ─────────────────────────────

/**
 * The reading part of the per-book report. Reading records (time, pages) arrive with the reading-journey capability:
 * when its table exists, this is the one place that sums them (total minutes, pages read, sessions); until then it
 * gives the result book's dates and status.
 */
export async function readingSummaryForReport(resultBookId: number, ex: Executor = db()) {
  const [rb] = await ex
    .select({
      status: resultBooks.status,
      assignedAt: resultBooks.assignedAt,
      statusChangedAt: resultBooks.statusChangedAt,
      completedAt: resultBooks.completedAt,
      readMethod: resultBooks.readMethod,
      totalPages: books.totalPages,
      startPage: resultBooks.startPage,
      ...readingTotalsColumns,
    })
    .from(resultBooks)
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .where(eq(resultBooks.id, resultBookId));
  const sessions = rb.records || rb.lastIndex;
  return {
    status: rb.status,
    statusLabel: BOOK_STATUS_LABELS[rb.status],
    readMethod: rb.readMethod,
    assignedAt: rb.assignedAt.toISOString(),
    statusChangedAt: rb.statusChangedAt.toISOString(),
    completedAt: rb.completedAt?.toISOString() ?? null,
    totalPages: rb.totalPages,
    /** Reading records of the book (null where nothing was recorded yet). */
    readingMinutes: rb.minutes > 0 ? rb.minutes : (null as number | null),
    pagesRead: rb.lastPage > 0 ? Math.max(0, rb.lastPage - (rb.startPage ?? 1) + 1) : (null as number | null),
    sessions: sessions > 0 ? sessions : (null as number | null),
  };
}

/** The per-book report (bookCommon/report/{id}): reading, analysis records, score by category, medal, self-analysis. */
export async function getBookReport(userId: number, resultBookId: number) {
  const rb = await ownResultBook(userId, resultBookId);
  const reading = await readingSummaryForReport(resultBookId);
  const attempts = rb.setId
    ? await db()
        .select()
        .from(problemAttempts)
        .where(and(eq(problemAttempts.resultBookId, resultBookId), eq(problemAttempts.setId, rb.setId)))
        .orderBy(asc(problemAttempts.round))
    : [];
  const marked = attempts.filter((a) => MARKED_STEPS.includes(a.step));
  const latest = marked.at(-1);
  const result = latest ? await resultOf(db(), latest.id) : null;
  return {
    resultBookId,
    book: rb.book,
    status: rb.status,
    statusLabel: BOOK_STATUS_LABELS[rb.status],
    reading,
    records: marked.map((a) => ({
      attemptId: a.id,
      round: a.round,
      score: a.score ?? 0,
      medal: a.medal ?? null,
      correctCount: a.correctCount ?? 0,
      total: a.total ?? 0,
      markedAt: (a.markedAt ?? a.updatedAt).toISOString(),
    })),
    result,
    selfAnalysis: await getSelfAnalysis(resultBookId),
  };
}

// ───────────────────────────── JSON API ─────────────────────────────

/** GET problemAnalysis/{resultBookId}: the problems with their options, never the correct answers. */
export async function problemAnalysisForApi(userId: number, resultBookId: number) {
  const { set, resultBook, attempt } = await resolveTarget(userId, { kind: 'book', resultBookId });
  const list = await setProblems(set.id);
  const saved = attempt ? await db().select().from(problemAnswers).where(eq(problemAnswers.attemptId, attempt.id)) : [];
  const savedOf = new Map(saved.map((a) => [a.problemId, a.answer]));
  return {
    resultBookId,
    bookId: resultBook!.book.id,
    title: set.title,
    status: resultBook!.status,
    step: attempt?.step ?? S.START,
    attemptId: attempt?.id ?? null,
    problems: list.map((p) => toApiProblem(p, savedOf.get(p.id) ?? null)),
  };
}

function toApiProblem(p: ProblemRow, saved: string | null = null) {
  return {
    problemId: p.id,
    order: p.order,
    question: p.question,
    examMethod: p.examMethod,
    /** The options (spec: "answer: a JSON list of options"); empty for short answer. */
    answer: p.options,
    multiple: p.examMethod === 'm' && p.correctAnswer.includes(','),
    category: p.category,
    points: p.points,
    saved,
  };
}

/** GET problemAnalysisItem/{problemId}: one problem of a set the student may take, without its correct answer. */
export async function problemItemForApi(userId: number, problemId: number) {
  const [row] = await db()
    .select({ problem: problems, kind: problemSets.kind, bookId: problemSets.bookId, status: problemSets.status })
    .from(problems)
    .innerJoin(problemSets, eq(problemSets.id, problems.setId))
    .where(eq(problems.id, problemId));
  if (!row || row.status !== ItemStatus.ACTIVE) throw notFound();
  if (row.kind === 'BOOK_ANALYSIS') {
    const [mine] = await db()
      .select({ id: resultBooks.id })
      .from(resultBooks)
      .where(and(eq(resultBooks.userId, userId), eq(resultBooks.bookId, row.bookId!), sql`${resultBooks.status} <> ${BookStatus.EXCLUDE}`))
      .limit(1);
    if (!mine) throw notFound();
  }
  return toApiProblem(row.problem);
}

/**
 * POST problemAnalysisResult/{resultBookId}: saves the answers and, unless `final` is false, marks them. An API
 * client need not walk the pages: the attempt is started and confirmed on the way (each step still guarded).
 */
export async function submitForApi(userId: number, resultBookId: number, answers: AnswerInput[], final = true) {
  let attempt = (await resolveTarget(userId, { kind: 'book', resultBookId })).attempt;
  if (!attempt || attempt.step === S.START) attempt = await beginAttempt(userId, { kind: 'book', resultBookId });
  if (attempt.step === S.CONFIRM) attempt = await advanceAttempt(userId, attempt.id, S.CONFIRM);
  if (!final) {
    await saveAnswers(userId, attempt.id, answers);
    return { saved: true, result: null };
  }
  return { saved: true, result: await markAttempt(userId, attempt.id, answers) };
}

/** GET problemAnalysisInfo/{resultBookId}: the marked result with every answer, the right one and the explanation. */
export async function resultInfoForApi(userId: number, resultBookId: number) {
  const page = await getAttemptPage(userId, { kind: 'book', resultBookId });
  if (!page.result) throw new DomainError(ProblemErrors.NOT_MARKED, MSG.notMarked, 409);
  return { resultBookId, ...page.result, answers: page.review, selfAnalysis: page.selfAnalysis };
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
      score: sql<number | null>`(select ${problemAttempts.score} from ${problemAttempts} where ${problemAttempts.resultBookId} = ${resultBooks.id} and ${problemAttempts.step} >= ${S.MARK} order by ${problemAttempts.round} desc limit 1)`,
      medal: sql<Medal | null>`(select ${problemAttempts.medal} from ${problemAttempts} where ${problemAttempts.resultBookId} = ${resultBooks.id} and ${problemAttempts.step} >= ${S.MARK} order by ${problemAttempts.round} desc limit 1)`,
    })
    .from(resultBooks)
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .where(and(eq(resultBooks.userId, userId), inArray(resultBooks.status, [BookStatus.DIAGNOSIS, BookStatus.NOTE, BookStatus.COMPLETE])))
    .orderBy(asc(resultBooks.status), desc(resultBooks.statusChangedAt));
  const rowsOut = rows.map((r) => ({ ...r, statusChangedAt: r.statusChangedAt.toISOString(), statusLabel: BOOK_STATUS_LABELS[r.status] }));
  return {
    waiting: rowsOut.filter((r) => r.status === BookStatus.DIAGNOSIS),
    done: rowsOut.filter((r) => r.status !== BookStatus.DIAGNOSIS),
  };
}

/**
 * The book indicator's analysis figures: this student's latest marked score on the book and the average of every
 * reader's latest marked score on it (one query).
 */
export async function analysisScoreIndicator(userId: number, resultBookId: number) {
  const [row] = await executeRows<{ takers: number; average: number | null; mine: number | null }>(
    db(),
    sql`
    with latest as (
      select distinct on (a.result_book_id) a.result_book_id, a.user_id, a.score
        from problem_attempts a
        join result_books rb on rb.id = a.result_book_id
       where rb.book_id = (select book_id from result_books where id = ${resultBookId})
         and a.step in (${sql.join(MARKED_STEPS.map((s) => sql`${s}`), sql`, `)}) and a.score is not null
       order by a.result_book_id, a.round desc, a.id desc
    )
    select count(*)::int as takers, round(avg(score))::int as average,
           (select score from latest where result_book_id = ${resultBookId} and user_id = ${userId})::int as mine
      from latest`,
  );
  return { takers: Number(row?.takers ?? 0), average: row?.average ?? null, mine: row?.mine ?? null };
}
