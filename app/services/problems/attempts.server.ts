import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { db } from '~/db/client.server';
import { books, problemAttempts, problems, problemSets, resultBooks, type ProblemAttempt, type ProblemSet } from '~/db/schema';
import { qualified } from '~/db/sql-helpers.server';
import { BookStatus, ItemStatus, ProblemStep } from '~/domain/enums';
import { MARKED_STEPS, PROBLEM_MESSAGES as MSG, SOLVING_STEPS, type ProblemSetKind } from '~/domain/problems';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { bookCatalogueColumns } from '../library.server';

// Problem analysis, course tests and subject tests: one engine (product.md §2). An attempt walks
// START → CONFIRM → SOLVE → MARK → CHECK → COMPLETE; a retake (RESTART) is a new attempt, allowed only where the
// teacher set `result_books.retake_allowed`. Every step change is a guarded UPDATE on step and version.
//
// Versions: operators edit a set as drafts and publish versions (services/operators/problem-*.server.ts). A new attempt
// takes the set's current published version; from then on everything about the attempt (solving, marking, review,
// results) reads that version's problems, whatever the set becomes. A set is *offered* (new attempts, lists) only while
// it is ACTIVE and has a published version; an attempt already made stays readable either way.

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

/** The one forward move allowed out of each step (marking has its own path). */
const NEXT_STEP: Partial<Record<number, ProblemStep>> = {
  [ProblemStep.START]: ProblemStep.CONFIRM,
  [ProblemStep.CONFIRM]: ProblemStep.SOLVE,
  [ProblemStep.MARK]: ProblemStep.CHECK,
  [ProblemStep.CHECK]: ProblemStep.COMPLETE,
};

/** Order of the steps along the path (RESTART solves like SOLVE). */
const rank = (step: number) => (step === ProblemStep.RESTART ? ProblemStep.SOLVE : step);

export type AttemptTarget =
  { kind: 'book'; resultBookId: number } | { kind: 'test'; setId: number; setKind: Exclude<ProblemSetKind, 'BOOK_ANALYSIS'> };

export const notFound = () => new DomainError(ProblemErrors.NOT_FOUND, MSG.notFound, 404);

export async function ownResultBook(userId: number, resultBookId: number, ex: Executor = db()) {
  const [row] = await ex
    .select({
      id: resultBooks.id,
      status: resultBooks.status,
      retakeAllowed: resultBooks.retakeAllowed,
      assignedAt: resultBooks.assignedAt,
      statusChangedAt: resultBooks.statusChangedAt,
      completedAt: resultBooks.completedAt,
      readMethod: resultBooks.readMethod,
      book: { id: books.id, ...bookCatalogueColumns, coverColor: books.coverColor },
      // The set of the book's last attempt (kept whatever the set became), else the set offered for the book now.
      setId: sql<number | null>`coalesce(
        (select ${problemAttempts.setId} from ${problemAttempts}
          where ${problemAttempts.resultBookId} = ${qualified(resultBooks.id)} order by ${problemAttempts.round} desc limit 1),
        (select ${problemSets.id} from ${problemSets}
          where ${problemSets.bookId} = ${qualified(books.id)} and ${problemSets.kind} = 'BOOK_ANALYSIS'
            and ${problemSets.status} = ${ItemStatus.ACTIVE} and ${problemSets.currentVersionId} is not null
          order by ${problemSets.id} limit 1))`,
    })
    .from(resultBooks)
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .where(and(eq(resultBooks.id, resultBookId), eq(resultBooks.userId, userId)))
    .limit(1);
  if (!row || row.status === BookStatus.EXCLUDE) throw new DomainError(ProblemErrors.NOT_FOUND, MSG.bookNotFound, 404);
  return row;
}

/** Students may start a set (and see it listed) while it is ACTIVE and has a published version. */
export const isOffered = (set: Pick<ProblemSet, 'status' | 'currentVersionId'>) =>
  set.status === ItemStatus.ACTIVE && set.currentVersionId !== null;

/** The condition of `isOffered` for queries. */
export const offeredSet = () => and(eq(problemSets.status, ItemStatus.ACTIVE), isNotNull(problemSets.currentVersionId));

async function loadSet(setId: number, ex: Executor = db()) {
  const [set] = await ex.select().from(problemSets).where(eq(problemSets.id, setId));
  if (!set) throw notFound();
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

export async function ownAttempt(userId: number, attemptId: number, ex: Executor = db()) {
  const [attempt] = await ex
    .select()
    .from(problemAttempts)
    .where(and(eq(problemAttempts.id, attemptId), eq(problemAttempts.userId, userId)));
  if (!attempt) throw notFound();
  return attempt;
}

/** The problems of one version of a set, in order. */
export async function versionProblems(versionId: number, ex: Executor = db()) {
  return ex.select().from(problems).where(eq(problems.versionId, versionId)).orderBy(asc(problems.order));
}

/**
 * The version a page shows: the attempt's own when there is one, else the version a new attempt would take (the
 * set's current one). Null for a set never published.
 */
export const shownVersion = (set: Pick<ProblemSet, 'currentVersionId'>, attempt: Pick<ProblemAttempt, 'versionId'> | null) =>
  attempt?.versionId ?? set.currentVersionId;

/**
 * Resolves a target to its set and the student's latest attempt. A set that is not offered (inactive, or never
 * published) answers as a missing set, unless the student has already attempted it: their attempts stay readable.
 */
export async function resolveTarget(userId: number, target: AttemptTarget, ex: Executor = db()) {
  if (target.kind === 'book') {
    const rb = await ownResultBook(userId, target.resultBookId, ex);
    if (!rb.setId) throw new DomainError(ProblemErrors.SET_MISSING, MSG.setMissing, 404);
    const set = await loadSet(rb.setId, ex);
    const attempt = await latestAttempt(userId, set.id, rb.id, ex);
    if (!attempt && !isOffered(set)) throw new DomainError(ProblemErrors.SET_MISSING, MSG.setMissing, 404);
    return { set, resultBook: rb, resultBookId: rb.id as number | null, attempt };
  }
  const set = await loadSet(target.setId, ex);
  if (set.kind !== target.setKind) throw notFound();
  const attempt = await latestAttempt(userId, set.id, null, ex);
  if (!attempt && !isOffered(set)) throw notFound();
  return { set, resultBook: null, resultBookId: null as number | null, attempt };
}

/** Guarded step change: only from the step and version that were read. */
export async function moveStep(ex: Executor, attempt: ProblemAttempt, to: ProblemStep, extra: Partial<ProblemAttempt> = {}) {
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
    if (!(await moveStep(tx, attempt, to, to === ProblemStep.COMPLETE ? { completedAt: now() } : {}))) {
      throw new DomainError(ProblemErrors.STEP_CONFLICT, MSG.stepConflict, 409);
    }
    return ownAttempt(userId, attemptId, tx);
  });
}

/**
 * The version a new attempt takes: the set's current published one. A set no longer offered (made inactive, or never
 * published) starts no new attempt: for a book it is as if it had no set.
 */
function publishedVersion(set: ProblemSet): number {
  if (!isOffered(set)) {
    throw set.kind === 'BOOK_ANALYSIS' ? new DomainError(ProblemErrors.SET_MISSING, MSG.setMissing, 404) : notFound();
  }
  return set.currentVersionId!;
}

/** A new attempt of the set's published version by the student (on the book, when it is a book's): `round`, begun now. */
function newAttempt(userId: number, set: ProblemSet, resultBookId: number | null, round: number, step: ProblemStep) {
  return { userId, setId: set.id, versionId: publishedVersion(set), resultBookId, round, step, startedAt: now() };
}

/**
 * Starts (START) and opens the confirmation (CONFIRM) of the target's attempt. A book must be in DIAGNOSIS; a test
 * whose last attempt is finished starts a new round. Repeating the call changes nothing.
 */
export async function beginAttempt(userId: number, target: AttemptTarget): Promise<ProblemAttempt> {
  const attemptId = await db().transaction(async (tx) => {
    const { set, resultBook, resultBookId, attempt } = await resolveTarget(userId, target, tx);
    if (attempt && !(target.kind === 'test' && attempt.step === ProblemStep.COMPLETE)) return attempt.id;
    if (resultBook && resultBook.status !== BookStatus.DIAGNOSIS) {
      throw new DomainError(ProblemErrors.NOT_READY, MSG.notReady, 409);
    }
    const [created] = await tx
      .insert(problemAttempts)
      .values(newAttempt(userId, set, resultBookId, (attempt?.round ?? 0) + 1, ProblemStep.START))
      .onConflictDoNothing()
      .returning({ id: problemAttempts.id });
    if (created) return created.id;
    return (await latestAttempt(userId, set.id, resultBookId, tx))!.id;
  });
  return advanceAttempt(userId, attemptId, ProblemStep.START);
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
      .values(newAttempt(userId, set, resultBookId, attempt.round + 1, ProblemStep.RESTART))
      .returning();
    return created;
  });
}

export type ProblemRow = Awaited<ReturnType<typeof versionProblems>>[number];
