import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { db } from '~/db/client.server';
import { resultBooks } from '~/db/schema';
import { BookStatus } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { notifyParentsBookFinished } from './parents/talk.server';

// The one way a result book's status changes (product.md §2): forward, one step at a time (the one step back is a note
// sent back for rewriting, reopenForRewrite), as a guarded
// `UPDATE … WHERE status = <expected>` so that two racing requests cannot both move it (architecture.md §6).

/** The next status of each step of the journey. */
export const NEXT_STATUS: Partial<Record<BookStatus, BookStatus>> = {
  [BookStatus.WAITING]: BookStatus.PRE_ACTIVITY_COMPLETE,
  [BookStatus.PRE_ACTIVITY_COMPLETE]: BookStatus.ACTIVITY,
  [BookStatus.ACTIVITY]: BookStatus.DIAGNOSIS,
  [BookStatus.DIAGNOSIS]: BookStatus.NOTE,
  [BookStatus.NOTE]: BookStatus.COMPLETE,
};

export class BookStatusConflict extends Error {
  constructor(
    readonly resultBookId: number,
    readonly expected: BookStatus,
  ) {
    super(`result book ${resultBookId} is not in status ${expected}`);
    this.name = 'BookStatusConflict';
  }
}

/**
 * Moves a result book from `from` to the next status. Returns true when this call moved it, false when it was not in
 * `from` any more (another request moved it first): callers decide whether that is an error.
 */
export async function advanceStatus(resultBookId: number, from: BookStatus, executor: Executor = db()): Promise<boolean> {
  const to = NEXT_STATUS[from];
  if (to === undefined) throw new Error(`no step after status ${from}`);
  const at = now();
  const moved = await executor
    .update(resultBooks)
    .set({ status: to, statusChangedAt: at, ...(to === BookStatus.COMPLETE ? { completedAt: at, isCurrent: false } : {}) })
    .where(and(eq(resultBooks.id, resultBookId), eq(resultBooks.status, from)))
    .returning({ id: resultBooks.id });
  // A finished book tells the parents, in the same transaction (once per book).
  if (moved.length === 1 && to === BookStatus.COMPLETE) await notifyParentsBookFinished(executor, resultBookId);
  return moved.length === 1;
}

/**
 * The one step back of the journey: a note the teacher sent back for rewriting (HOLD) makes its book incomplete again,
 * COMPLETE → NOTE (decision 016). Resubmitting the note moves it forward again with advanceStatus.
 */
export async function reopenForRewrite(resultBookId: number, executor: Executor = db()): Promise<boolean> {
  const moved = await executor
    .update(resultBooks)
    .set({ status: BookStatus.NOTE, statusChangedAt: now(), completedAt: null })
    .where(and(eq(resultBooks.id, resultBookId), eq(resultBooks.status, BookStatus.COMPLETE)))
    .returning({ id: resultBooks.id });
  return moved.length === 1;
}

/** Like advanceStatus, but a lost race is an error. */
export async function advanceStatusOrThrow(resultBookId: number, from: BookStatus, executor: Executor = db()) {
  if (!(await advanceStatus(resultBookId, from, executor))) throw new BookStatusConflict(resultBookId, from);
}

/** A teacher excludes a book, from any status. */
export async function excludeBook(resultBookId: number, executor: Executor = db()) {
  await executor
    .update(resultBooks)
    .set({ status: BookStatus.EXCLUDE, isCurrent: false, statusChangedAt: now() })
    .where(eq(resultBooks.id, resultBookId));
}
