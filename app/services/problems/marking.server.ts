import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { db } from '~/db/client.server';
import {
  levelHistory,
  problemAnswers,
  problemAttempts,
  problemCategoryResults,
  problemSets,
  users,
  type ProblemAttempt,
} from '~/db/schema';
import { BookStatus, ProblemStep } from '~/domain/enums';
import {
  MARKED_STEPS,
  PROBLEM_MESSAGES as MSG,
  SOLVING_STEPS,
  levelForCourseScore,
  levelMessage,
  markAnswers,
  parsePositions,
} from '~/domain/problems';
import type { AttemptResult } from '~/domain/problem-pages';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { advanceStatus } from '../book-status.server';
import { ProblemErrors, type ProblemRow, moveStep, ownAttempt, versionProblems } from './attempts.server';
import { z } from 'zod';
import { medal, problemCategory, problemStep } from '~/domain/api-schemas.server';

// Answers and marking: answers are checked against the set's problems and saved as the student goes; marking is
// done here, once (a second submit returns the stored result), with the score per category and the level it earns.

export type AnswerInput = { problemId: number; answer: string };

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
    const valid = validateAnswers(await versionProblems(attempt.versionId, tx), answers);
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

/** The JSON API's shape of an AttemptResult. */
export const attemptResultAnswer = z.object({
  attemptId: z.number().int(),
  round: z.number().int(),
  step: problemStep,
  score: z.number(),
  medal: medal.nullable(),
  correctCount: z.number().int(),
  total: z.number().int(),
  markedAt: z.string().datetime(),
  categories: z.array(z.object({ category: problemCategory, correct: z.number().int(), total: z.number().int(), score: z.number() })),
  /** The reading level a level test placed the student at. */
  placedLevel: z.number().nullable(),
  levelMessage: z.string().nullable(),
}) satisfies z.ZodType<AttemptResult, z.ZodTypeDef, unknown>;

/** A marked attempt's figures as results and records show them (none is missing once it is marked). */
export const markedFigures = (attempt: ProblemAttempt) => ({
  score: attempt.score ?? 0,
  medal: attempt.medal ?? null,
  correctCount: attempt.correctCount ?? 0,
  total: attempt.total ?? 0,
  markedAt: (attempt.markedAt ?? attempt.updatedAt).toISOString(),
});

export async function resultOf(ex: Executor, attemptId: number): Promise<AttemptResult> {
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
    ...markedFigures(attempt),
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
    const list = await versionProblems(attempt.versionId, tx);
    const valid = answers ? validateAnswers(list, answers) : [];
    const markedAt = now();
    // Claim the marking: of two racing submits exactly one moves the attempt; the other then reads its result.
    if (!(await moveStep(tx, attempt, ProblemStep.MARK, { markedAt }))) {
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
      await tx
        .insert(levelHistory)
        .values({ userId, level: placedLevel, source: 'COURSE_TEST', attemptId: attempt.id, recordedAt: markedAt });
    }
    return resultOf(tx, attempt.id);
  });
}
