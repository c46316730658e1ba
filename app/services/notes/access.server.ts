import { aliasedTable, and, asc, eq, not, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '~/db/client.server';
import { db } from '~/db/client.server';
import { books, noteHistory, notes, organisations, resultBooks, users } from '~/db/schema';
import type { Note, NoteAction, NoteActorRole } from '~/db/schema';
import { NoteState } from '~/domain/enums';
import { NOTE_MESSAGES, allowedReviewActions, assignedElsewhere, canViewNote, reviewerRole, type NoteViewer } from '~/domain/notes';
import { studentsInScope } from '../academy/scope.server';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { storage } from '../storage.server';

// Reading notes (product.md §2 "Reading notes"; the review rules in app/domain/notes.ts): who may open a note, its
// image and its history, and the guarded update every change goes through.

export const noteConflict = () => new DomainError('NOTE_CONFLICT', NOTE_MESSAGES.conflict, 409);

export const notFound = () => new DomainError('NOTE_NOT_FOUND', NOTE_MESSAGES.notFound, 404);

export const forbidden = () => new DomainError('NOTE_FORBIDDEN', NOTE_MESSAGES.forbidden, 403);

export const refused = () => new DomainError('NOTE_TRANSITION_REFUSED', NOTE_MESSAGES.transitionRefused, 409);

export const student = aliasedTable(users, 'student');

/** The coach a waiting note is assigned to. */
export const coach = alias(users, 'coach');

/** A query of notes (`select … from notes`, made `$dynamic()`) joined to their student (`student`) and book (`books`). */
export function withStudentAndBook<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(student, eq(student.id, notes.userId))
    .innerJoin(resultBooks, eq(resultBooks.id, notes.resultBookId))
    .innerJoin(books, eq(books.id, resultBooks.bookId));
}

/** The same, also joined to the student's academy (`organisations`) and the note's coach (`coach`); either may be none. */
function withEverything<Query extends PgSelect>(query: Query) {
  return withStudentAndBook(query)
    .leftJoin(organisations, eq(organisations.id, student.organisationId))
    .leftJoin(coach, eq(coach.id, notes.coachId));
}

export async function noteRow(noteId: number, executor: Executor = db()) {
  const [row] = await withEverything(
    executor
      .select({
        note: notes,
        studentName: student.name,
        studentLoginId: student.loginId,
        organisationId: student.organisationId,
        academyName: organisations.name,
        bookId: books.id,
        bookTitle: books.title,
        bookAuthor: books.author,
        bookStatus: resultBooks.status,
        coachName: coach.name,
      })
      .from(notes)
      .$dynamic(),
  ).where(eq(notes.id, noteId));
  return row ?? null;
}

/**
 * Notes with their student, academy, book and coach, the longest in their state first (after `first`, when given):
 * the lists of notes waiting for a coach. The caller pages it.
 */
export function noteListRows(where: SQL | undefined, first: SQL[] = []) {
  return withEverything(
    db()
      .select({
        id: notes.id,
        version: notes.version,
        studentName: student.name,
        academyName: organisations.name,
        bookTitle: books.title,
        waitingSince: notes.stateChangedAt,
        noteInput: notes.noteInput,
        coachId: notes.coachId,
        coachName: coach.name,
      })
      .from(notes)
      .$dynamic(),
  )
    .where(where)
    .orderBy(...first, asc(notes.stateChangedAt), asc(notes.id));
}

type NoteAccess = { userId: number; organisationId: number | null; state: NoteState };

/**
 * Opening a note (or its image, or acting on it): a missing note, or another student's note for a student, is "not
 * found" (no hint that it exists); staff outside what canViewNote allows get 403.
 */
export function assertCanOpen(viewer: NoteViewer, note: NoteAccess | null): asserts note is NoteAccess {
  if (!note || (viewer.role === 'USER' && note.userId !== viewer.id)) throw notFound();
  if (!canViewNote(viewer, note)) throw forbidden();
}

export async function historyOf(noteId: number) {
  return db()
    .select({
      id: noteHistory.id,
      actorName: users.name,
      actorRole: noteHistory.actorRole,
      action: noteHistory.action,
      fromState: noteHistory.fromState,
      toState: noteHistory.toState,
      comment: noteHistory.comment,
      createdAt: noteHistory.createdAt,
    })
    .from(noteHistory)
    .innerJoin(users, eq(users.id, noteHistory.actorId))
    .where(eq(noteHistory.noteId, noteId))
    .orderBy(asc(noteHistory.createdAt), asc(noteHistory.id));
}

export type NoteHistoryEntry = Awaited<ReturnType<typeof historyOf>>[number];

/**
 * A note with its student, book and history, for a reviewer or its student. 404 when missing, 403 when not theirs.
 * Reviewers also see the coach it is assigned to; a coach does not get the correction form of another coach's note.
 */
export async function getNoteForViewer(viewer: NoteViewer, noteId: number) {
  const row = await noteRow(noteId);
  assertCanOpen(viewer, row && { userId: row.note.userId, organisationId: row.organisationId, state: row.note.state });
  const elsewhere = reviewerRole(viewer) === 'COACH' && assignedElsewhere(viewer, row.note.coachId);
  const actions = allowedReviewActions(viewer, row.note.state).filter((a) => !(a === 'correct' && elsewhere));
  const coachName = reviewerRole(viewer) ? row.coachName : null;
  return { ...row!, coachName, assignedElsewhere: elsewhere, history: await historyOf(noteId), actions };
}

export type NoteDetail = Awaited<ReturnType<typeof getNoteForViewer>>;

export function pageOf(page: number) {
  return Math.max(1, Math.floor(Number.isFinite(page) ? page : 1));
}

/** The guarded update: one row when `state` and `version` are still what the caller read, else NOTE_CONFLICT. */
export async function guardedUpdate(
  tx: Executor,
  current: Pick<Note, 'id' | 'state' | 'version'>,
  changes: Partial<typeof notes.$inferInsert>,
) {
  const at = now();
  const rows = await tx
    .update(notes)
    .set({
      ...changes,
      version: current.version + 1,
      updatedAt: at,
      ...(changes.state !== undefined && changes.state !== current.state ? { stateChangedAt: at } : {}),
    })
    .where(and(eq(notes.id, current.id), eq(notes.state, current.state), eq(notes.version, current.version)))
    .returning();
  if (rows.length !== 1) throw noteConflict();
  return rows[0];
}

export async function addHistory(
  tx: Executor,
  entry: {
    noteId: number;
    actorId: number;
    actorRole: NoteActorRole;
    action: NoteAction;
    fromState: NoteState;
    toState: NoteState;
    comment?: string | null;
  },
) {
  await tx.insert(noteHistory).values({ ...entry, comment: entry.comment ?? null, createdAt: now() });
}

/**
 * A note of the staff member's academy whose student is outside their scope (a TEACHER: not in their classes) is
 * "not found", like a note that does not exist. Another academy's note keeps the access rules' answer
 * (assertCanOpen); coaches are not narrowed.
 */
export async function assertNoteInScope(viewer: NoteViewer, noteId: number) {
  if (reviewerRole(viewer) !== 'TEACHER' || viewer.organisationId === null) return;
  const [row] = await db()
    .select({ id: notes.id })
    .from(notes)
    .innerJoin(student, eq(student.id, notes.userId))
    .where(and(eq(notes.id, noteId), eq(student.organisationId, viewer.organisationId), not(studentsInScope(viewer, student))));
  if (row) throw notFound();
}

/** The stored image of a note, for a viewer allowed to see the note (403 otherwise, 404 without image or out of scope). */
export async function getNoteImage(viewer: NoteViewer, noteId: number) {
  await assertNoteInScope(viewer, noteId);
  const [row] = await db()
    .select({ userId: notes.userId, state: notes.state, imageKey: notes.imageKey, organisationId: users.organisationId })
    .from(notes)
    .innerJoin(users, eq(users.id, notes.userId))
    .where(eq(notes.id, noteId));
  assertCanOpen(viewer, row ?? null);
  if (!row.imageKey) throw notFound();
  const object = await storage().get(row.imageKey);
  if (!object) throw notFound();
  return { ...object, key: row.imageKey };
}

/** The id of the note of a result book (of that student when userId is given), or null. */
export async function findNoteIdForBook(userId: number | null, resultBookId: number) {
  const [row] = await db()
    .select({ id: notes.id })
    .from(notes)
    .where(userId === null ? eq(notes.resultBookId, resultBookId) : and(eq(notes.resultBookId, resultBookId), eq(notes.userId, userId)));
  return row?.id ?? null;
}
