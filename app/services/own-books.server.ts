import { and, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '~/db/client.server';
import { db } from '~/db/client.server';
import { organisations, resultBooks, users } from '~/db/schema';
import { bookStatus, readMethod as readMethodSchema } from '~/domain/api-schemas.server';
import { BookStatus, ReadMethod } from '~/domain/enums';
import { READ_METHOD_LABELS } from '~/domain/reading';
import { now } from '~/lib/clock.server';
import { DomainError, type ApiFailure } from '~/lib/errors';
import {
  activeBook,
  ASSIGNABLE_READ_METHODS,
  ASSIGNMENT_MESSAGES as M,
  hasOpenResultBook,
  parseReadMethod,
  studentNotFound,
  waitingBook,
} from './assignments.server';

// A member's own choice (addReadinBookResult, docs/decisions/010): an individual member has no teacher, so they put a
// book on their own list with the read method they choose; an academy student may ask for a book too, and their teacher
// sets its read method (assignments.server.ts).

/** How many not-yet-started books a member may put on their own list at once. */
export const OWN_WAITING_LIMIT = 10;

/**
 * A member puts a catalogue book on their own reading list (a WAITING result book they assigned themselves). An
 * individual member (no academy) chooses the read method (FREE when none is given; "decide later" is not offered, as
 * nobody else would decide); an academy student's book waits with NONE for the teacher's choice, whatever is sent.
 * A book already on the list is refused; so is an eleventh waiting book of their own. The member's row is locked
 * while checking, so a double submit adds one book.
 */
/** The JSON API's answer to a book put on the member's own list (POST /api/user/activity/addReadinBookResult/{id}). */
export const ownBookAnswer = z.object({
  resultBookId: z.number().int(),
  bookId: z.number().int(),
  status: bookStatus,
  readMethod: readMethodSchema,
  /** The sentence the page shows ('…을 내 도서에 담았습니다.'). */
  message: z.string(),
});

/** What addOwnBook refuses, for the API's description. */
export const OWN_BOOK_FAILURES: ApiFailure[] = [
  { code: 'INVALID_READ_METHOD', message: M.invalidReadMethod, status: 400 },
  { code: 'ALREADY_ASSIGNED', message: M.alreadyMine, status: 409 },
  { code: 'OWN_BOOK_LIMIT', message: M.ownLimit, status: 409 },
  { code: 'STUDENT_NOT_FOUND', message: M.studentNotFound, status: 404 },
];

export async function addOwnBook(userId: number, bookId: number, readMethodInput?: unknown) {
  return db().transaction(async (tx) => {
    const member = await memberOf(tx, userId, true);
    const inAcademy = member.kind === 'academy';
    let readMethod: ReadMethod = ReadMethod.NONE;
    if (!inAcademy) {
      readMethod =
        readMethodInput === undefined || readMethodInput === null || readMethodInput === ''
          ? ReadMethod.FREE
          : parseReadMethod(readMethodInput);
      if (readMethod === ReadMethod.NONE) throw new DomainError('INVALID_READ_METHOD', M.invalidReadMethod, 400);
    }
    const book = await activeBook(tx, bookId);
    if (await hasOpenResultBook(tx, member.id, book.id)) throw new DomainError('ALREADY_ASSIGNED', M.alreadyMine, 409);
    const [{ waiting }] = await tx
      .select({ waiting: count() })
      .from(resultBooks)
      .where(and(eq(resultBooks.userId, member.id), eq(resultBooks.assignedBy, member.id), eq(resultBooks.status, BookStatus.WAITING)));
    if (Number(waiting) >= OWN_WAITING_LIMIT) throw new DomainError('OWN_BOOK_LIMIT', M.ownLimit, 409);
    const [created] = await tx
      .insert(resultBooks)
      .values(waitingBook(member.id, book.id, readMethod, member.id, now()))
      .returning({ id: resultBooks.id });
    return {
      resultBookId: created.id,
      bookId: book.id,
      title: book.title,
      status: BookStatus.WAITING as BookStatus,
      readMethod,
      message: inAcademy ? M.ownAddedWaitTeacher(book.title) : M.ownAdded(book.title),
    };
  });
}

/** A member (role USER) and the kind of their organisation, optionally locked for the rest of the transaction. */
async function memberOf(ex: Executor, userId: number, lock = false) {
  const query = ex
    .select({ id: users.id, kind: organisations.kind })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(users.id, userId), eq(users.role, 'USER')));
  const [member] = lock ? await query.for('update', { of: users }) : await query;
  if (!member) throw studentNotFound();
  return member;
}

/**
 * The read methods a member may pick when putting a book on their own list: every assignable one but "decide later"
 * for an individual member; null for an academy student, whose teacher decides.
 */
export async function ownReadMethodChoices(userId: number): Promise<{ value: ReadMethod; label: string }[] | null> {
  const member = await memberOf(db(), userId);
  if (member.kind === 'academy') return null;
  return ASSIGNABLE_READ_METHODS.filter((m) => m !== ReadMethod.NONE).map((m) => ({ value: m, label: READ_METHOD_LABELS[m] }));
}
