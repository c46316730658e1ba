import { eq } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { db } from '~/db/client.server';
import { beforeReadingAnswers } from '~/db/schema';
import { BookStatus } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { advanceStatusOrThrow } from '../book-status.server';
import { z } from 'zod';
import { bookStatus, isoDate } from '~/domain/api-schemas.server';
import { getReadingBook, lockBook, readingBookAnswer, readingError } from './books.server';

// Before reading (product.md §2): the student's prediction and what they already know; WAITING → PRE_ACTIVITY_COMPLETE.

export type BeforeAnswer = { prediction: string; whatIKnow: string };

/** The JSON API's shape of the saved answers (a `beforeReadingAnswers` row). */
export const beforeAnswerAnswer = z.object({
  id: z.number().int(),
  resultBookId: z.number().int(),
  prediction: z.string(),
  whatIKnow: z.string(),
  createdAt: isoDate,
});
export const beforeSubmitAnswer = z.object({ answer: beforeAnswerAnswer, duplicate: z.boolean(), status: bookStatus });
export const beforePageAnswer = z.object({ book: readingBookAnswer, answer: beforeAnswerAnswer.nullable() });

export async function getBeforeAnswer(resultBookId: number, executor: Executor = db()) {
  const [row] = await executor.select().from(beforeReadingAnswers).where(eq(beforeReadingAnswers.resultBookId, resultBookId));
  return row ?? null;
}

/** Saves the before-reading answers and moves the book WAITING → PRE_ACTIVITY_COMPLETE. A repeat is harmless. */
export async function submitBeforeReading(
  userId: number,
  resultBookId: number,
  answer: BeforeAnswer,
): Promise<z.infer<typeof beforeSubmitAnswer>> {
  const prediction = answer.prediction.trim();
  const whatIKnow = answer.whatIKnow.trim();
  if (!prediction || !whatIKnow) throw readingError('READ_SAVE_FAILED');
  return db().transaction(async (tx) => {
    const book = await lockBook(tx, userId, resultBookId);
    const existing = await getBeforeAnswer(resultBookId, tx);
    if (existing) return { answer: existing, duplicate: true, status: book.status };
    if (book.status !== BookStatus.WAITING) throw readingError('INVALID_BOOK_STATUS');
    const [saved] = await tx
      .insert(beforeReadingAnswers)
      .values({ resultBookId, prediction: prediction.slice(0, 2000), whatIKnow: whatIKnow.slice(0, 2000), createdAt: now() })
      .onConflictDoNothing()
      .returning();
    await advanceStatusOrThrow(resultBookId, BookStatus.WAITING, tx);
    return { answer: saved, duplicate: false, status: BookStatus.PRE_ACTIVITY_COMPLETE as BookStatus };
  });
}

/** The before-reading page: the book and the answers already given. */
export async function getBeforePage(userId: number, resultBookId: number): Promise<z.infer<typeof beforePageAnswer>> {
  const book = await getReadingBook(userId, resultBookId);
  return { book, answer: await getBeforeAnswer(resultBookId) };
}
