import { aliasedTable, and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { db } from '~/db/client.server';
import { books, noteHistory, notes, organisations, resultBooks, users } from '~/db/schema';
import type { Note, NoteAction, NoteActorRole } from '~/db/schema';
import type { Authority, UserRole } from '~/domain/enums';
import { BookStatus, NoteState } from '~/domain/enums';
import { NOTE_LIMITS, NOTE_MESSAGES, NOTES_PAGE_SIZE, studentCanEdit } from '~/domain/notes';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { advanceStatus } from './book-status.server';
import { noteImageKey, type ProcessedImage } from './note-images.server';
import { storage } from './storage.server';

// Reading notes (product.md §2 "Reading notes"; docs/decisions/007-reading-note-states.md).
//
//   student: (none) / NONE ──save──▶ NONE         NONE ──submit──▶ WRITE (book NOTE → COMPLETE, same transaction)
//            WRITE (not yet opened) ──save/submit──▶ WRITE          HOLD ──save──▶ HOLD, ──submit──▶ WRITE
//   teacher: WRITE ──open──▶ TEACHER_SHOW; WRITE | TEACHER_SHOW ──hold (reason)──▶ HOLD, ──send──▶ WAITING_CORRECT,
//            ──complete──▶ COMMENT_COMPLETE; comment: WRITE → TEACHER_SHOW, in any later state it stays
//   coach:   WAITING_CORRECT ──correct (첨삭)──▶ COMMENT_COMPLETE; comment in WAITING_CORRECT | COMMENT_COMPLETE
//
// Every change is `UPDATE notes … WHERE id = ? AND state = ? AND version = ?` and bumps the version: of two people
// acting on the same version, one wins and the other gets NOTE_CONFLICT (409) with nothing changed.

const S = NoteState;

export type NoteViewer = { id: number; role: UserRole; authorities: Authority[]; organisationId: number | null };

export const noteConflict = () => new DomainError('NOTE_CONFLICT', NOTE_MESSAGES.conflict, 409);
const notFound = () => new DomainError('NOTE_NOT_FOUND', NOTE_MESSAGES.notFound, 404);
const forbidden = () => new DomainError('NOTE_FORBIDDEN', NOTE_MESSAGES.forbidden, 403);
const refused = () => new DomainError('NOTE_TRANSITION_REFUSED', NOTE_MESSAGES.transitionRefused, 409);

/** The part a viewer plays in the review: the academy's teacher (HEAD or TEACHER), or a coach (COACH, ADMIN1, ADMIN2). */
export function reviewerRole(viewer: Pick<NoteViewer, 'role' | 'authorities'>): 'TEACHER' | 'COACH' | null {
  if (viewer.role === 'ADMIN' && viewer.authorities.some((a) => a === 'HEAD' || a === 'TEACHER')) return 'TEACHER';
  if (viewer.role === 'SUPER' && viewer.authorities.some((a) => a === 'COACH' || a === 'ADMIN1' || a === 'ADMIN2')) return 'COACH';
  return null;
}

export type ReviewAction = 'open' | 'comment' | 'hold' | 'send' | 'complete' | 'correct';

/** Allowed review transitions: action → from-state → to-state, per reviewer role. */
export const REVIEW_TRANSITIONS: Record<'TEACHER' | 'COACH', Partial<Record<ReviewAction, Partial<Record<NoteState, NoteState>>>>> = {
  TEACHER: {
    open: { [S.WRITE]: S.TEACHER_SHOW },
    comment: {
      [S.WRITE]: S.TEACHER_SHOW,
      [S.TEACHER_SHOW]: S.TEACHER_SHOW,
      [S.HOLD]: S.HOLD,
      [S.WAITING_CORRECT]: S.WAITING_CORRECT,
      [S.COMMENT_COMPLETE]: S.COMMENT_COMPLETE,
    },
    hold: { [S.WRITE]: S.HOLD, [S.TEACHER_SHOW]: S.HOLD },
    send: { [S.WRITE]: S.WAITING_CORRECT, [S.TEACHER_SHOW]: S.WAITING_CORRECT },
    complete: { [S.WRITE]: S.COMMENT_COMPLETE, [S.TEACHER_SHOW]: S.COMMENT_COMPLETE },
  },
  COACH: {
    correct: { [S.WAITING_CORRECT]: S.COMMENT_COMPLETE },
    comment: { [S.WAITING_CORRECT]: S.WAITING_CORRECT, [S.COMMENT_COMPLETE]: S.COMMENT_COMPLETE },
  },
};

/** The review actions a viewer may take on a note in `state` (pages show only these forms). */
export function allowedReviewActions(viewer: Pick<NoteViewer, 'role' | 'authorities'>, state: NoteState): ReviewAction[] {
  const role = reviewerRole(viewer);
  if (!role) return [];
  return (Object.entries(REVIEW_TRANSITIONS[role]) as [ReviewAction, Partial<Record<NoteState, NoteState>>][])
    .filter(([, from]) => from[state] !== undefined)
    .map(([action]) => action);
}

// ───────────────────────────── reading ─────────────────────────────

const student = aliasedTable(users, 'student');

async function noteRow(noteId: number, executor: Executor = db()) {
  const [row] = await executor
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
    })
    .from(notes)
    .innerJoin(student, eq(student.id, notes.userId))
    .innerJoin(resultBooks, eq(resultBooks.id, notes.resultBookId))
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .leftJoin(organisations, eq(organisations.id, student.organisationId))
    .where(eq(notes.id, noteId));
  return row ?? null;
}

/**
 * Who may see a note: its student, the teachers of the student's academy, coaches and ADMIN1/ADMIN2; a draft (NONE)
 * only its student.
 */
export function canViewNote(viewer: NoteViewer, note: { userId: number; organisationId: number | null; state: NoteState }): boolean {
  if (viewer.role === 'USER') return viewer.id === note.userId;
  if (note.state === S.NONE) return false;
  const role = reviewerRole(viewer);
  if (role === 'TEACHER') return viewer.organisationId !== null && viewer.organisationId === note.organisationId;
  return role === 'COACH';
}

type NoteAccess = { userId: number; organisationId: number | null; state: NoteState };

/**
 * Opening a note (or its image, or acting on it): a missing note, or another student's note for a student, is "not
 * found" (no hint that it exists); staff outside what canViewNote allows get 403.
 */
function assertCanOpen(viewer: NoteViewer, note: NoteAccess | null): asserts note is NoteAccess {
  if (!note || (viewer.role === 'USER' && note.userId !== viewer.id)) throw notFound();
  if (!canViewNote(viewer, note)) throw forbidden();
}

async function historyOf(noteId: number) {
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

/** A note with its student, book and history, for a reviewer or its student. 404 when missing, 403 when not theirs. */
export async function getNoteForViewer(viewer: NoteViewer, noteId: number) {
  const row = await noteRow(noteId);
  assertCanOpen(viewer, row && { userId: row.note.userId, organisationId: row.organisationId, state: row.note.state });
  return { ...row!, history: await historyOf(noteId), actions: allowedReviewActions(viewer, row.note.state) };
}

export type NoteDetail = Awaited<ReturnType<typeof getNoteForViewer>>;

/** The student's page of one book: the result book, its note (or null) and the note's history. */
export async function getStudentNotePage(userId: number, resultBookId: number) {
  const [row] = await db()
    .select({ resultBook: resultBooks, bookTitle: books.title, bookAuthor: books.author, note: notes })
    .from(resultBooks)
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .leftJoin(notes, eq(notes.resultBookId, resultBooks.id))
    .where(and(eq(resultBooks.id, resultBookId), eq(resultBooks.userId, userId)));
  if (!row || row.resultBook.status === BookStatus.EXCLUDE) throw notFound();
  if (!row.note && row.resultBook.status !== BookStatus.NOTE) throw new DomainError('NOTE_BOOK_NOT_READY', NOTE_MESSAGES.bookNotReady, 409);
  return {
    resultBookId: row.resultBook.id,
    bookStatus: row.resultBook.status,
    bookTitle: row.bookTitle,
    bookAuthor: row.bookAuthor,
    note: row.note,
    history: row.note ? await historyOf(row.note.id) : [],
  };
}

/** Books in NOTE status and their draft, if any: what the student still has to write. */
export async function booksAwaitingNote(userId: number) {
  return db()
    .select({
      resultBookId: resultBooks.id,
      bookTitle: books.title,
      bookAuthor: books.author,
      statusChangedAt: resultBooks.statusChangedAt,
      noteState: notes.state,
    })
    .from(resultBooks)
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .leftJoin(notes, eq(notes.resultBookId, resultBooks.id))
    .where(and(eq(resultBooks.userId, userId), eq(resultBooks.status, BookStatus.NOTE)))
    .orderBy(asc(resultBooks.statusChangedAt), asc(resultBooks.id));
}

function pageOf(page: number) {
  return Math.max(1, Math.floor(Number.isFinite(page) ? page : 1));
}

/** All of a student's notes, newest change first, 10 per page (two queries whatever the page). */
export async function listStudentNotes(userId: number, page = 1) {
  const p = pageOf(page);
  const [[{ total }], items] = await Promise.all([
    db().select({ total: count() }).from(notes).where(eq(notes.userId, userId)),
    db()
      .select({
        id: notes.id,
        resultBookId: notes.resultBookId,
        state: notes.state,
        note: notes.note,
        noteInput: notes.noteInput,
        correction: notes.correction,
        hasUnreadComment: notes.hasUnreadComment,
        submittedAt: notes.submittedAt,
        updatedAt: notes.updatedAt,
        hasImage: sql<boolean>`${notes.imageKey} is not null`,
        bookTitle: books.title,
        bookAuthor: books.author,
      })
      .from(notes)
      .innerJoin(resultBooks, eq(resultBooks.id, notes.resultBookId))
      .innerJoin(books, eq(books.id, resultBooks.bookId))
      .where(eq(notes.userId, userId))
      .orderBy(desc(notes.updatedAt), desc(notes.id))
      .limit(NOTES_PAGE_SIZE)
      .offset((p - 1) * NOTES_PAGE_SIZE),
  ]);
  return { items, total, page: p, pages: Math.max(1, Math.ceil(total / NOTES_PAGE_SIZE)) };
}

/** How many of the student's notes carry a comment or correction not yet acknowledged (for the dashboard). */
export async function unreadCommentCount(userId: number): Promise<number> {
  const [{ n }] = await db()
    .select({ n: count() })
    .from(notes)
    .where(and(eq(notes.userId, userId), eq(notes.hasUnreadComment, true)));
  return n;
}

/** The student acknowledges the new comments of a note (not a review change: the version stays). */
export async function markCommentsRead(userId: number, noteId: number) {
  const rows = await db()
    .update(notes)
    .set({ hasUnreadComment: false })
    .where(and(eq(notes.id, noteId), eq(notes.userId, userId)))
    .returning({ id: notes.id });
  if (rows.length === 0) throw notFound();
}

/** Notes of the teacher's academy (submitted ones: drafts stay private), optionally of one state, 10 per page. */
export async function listAcademyNotes(viewer: NoteViewer, options: { state?: NoteState; page?: number } = {}) {
  if (reviewerRole(viewer) !== 'TEACHER' || viewer.organisationId === null) throw forbidden();
  const p = pageOf(options.page ?? 1);
  const academy = and(eq(student.organisationId, viewer.organisationId), ne(notes.state, S.NONE));
  const where = options.state !== undefined ? and(academy, eq(notes.state, options.state)) : academy;
  const [counts, items] = await Promise.all([
    db()
      .select({ state: notes.state, n: count() })
      .from(notes)
      .innerJoin(student, eq(student.id, notes.userId))
      .where(academy)
      .groupBy(notes.state),
    db()
      .select({
        id: notes.id,
        state: notes.state,
        studentName: student.name,
        bookTitle: books.title,
        submittedAt: notes.submittedAt,
        stateChangedAt: notes.stateChangedAt,
        noteInput: notes.noteInput,
      })
      .from(notes)
      .innerJoin(student, eq(student.id, notes.userId))
      .innerJoin(resultBooks, eq(resultBooks.id, notes.resultBookId))
      .innerJoin(books, eq(books.id, resultBooks.bookId))
      .where(where)
      .orderBy(desc(notes.stateChangedAt), desc(notes.id))
      .limit(NOTES_PAGE_SIZE)
      .offset((p - 1) * NOTES_PAGE_SIZE),
  ]);
  const byState = Object.fromEntries(counts.map((c) => [c.state, c.n])) as Partial<Record<NoteState, number>>;
  const all = counts.reduce((sum, c) => sum + c.n, 0);
  const total = options.state !== undefined ? byState[options.state] ?? 0 : all;
  return { items, byState, all, total, page: p, pages: Math.max(1, Math.ceil(total / NOTES_PAGE_SIZE)) };
}

/** The coach queue: WAITING_CORRECT notes of every academy, the longest waiting first, 10 per page. */
export async function listCoachQueue(viewer: NoteViewer, page = 1) {
  if (reviewerRole(viewer) !== 'COACH') throw forbidden();
  const p = pageOf(page);
  const waiting = eq(notes.state, S.WAITING_CORRECT);
  const [[{ total }], items] = await Promise.all([
    db().select({ total: count() }).from(notes).where(waiting),
    db()
      .select({
        id: notes.id,
        studentName: student.name,
        academyName: organisations.name,
        bookTitle: books.title,
        waitingSince: notes.stateChangedAt,
        noteInput: notes.noteInput,
      })
      .from(notes)
      .innerJoin(student, eq(student.id, notes.userId))
      .innerJoin(resultBooks, eq(resultBooks.id, notes.resultBookId))
      .innerJoin(books, eq(books.id, resultBooks.bookId))
      .leftJoin(organisations, eq(organisations.id, student.organisationId))
      .where(waiting)
      .orderBy(asc(notes.stateChangedAt), asc(notes.id))
      .limit(NOTES_PAGE_SIZE)
      .offset((p - 1) * NOTES_PAGE_SIZE),
  ]);
  return { items, total, page: p, pages: Math.max(1, Math.ceil(total / NOTES_PAGE_SIZE)) };
}

/** The coach's recently completed corrections (shown under the queue). */
export async function recentCorrections(viewer: NoteViewer, limit = 5) {
  if (reviewerRole(viewer) !== 'COACH') throw forbidden();
  return db()
    .select({ id: notes.id, studentName: student.name, bookTitle: books.title, at: noteHistory.createdAt })
    .from(noteHistory)
    .innerJoin(notes, eq(notes.id, noteHistory.noteId))
    .innerJoin(student, eq(student.id, notes.userId))
    .innerJoin(resultBooks, eq(resultBooks.id, notes.resultBookId))
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .where(eq(noteHistory.action, 'correct'))
    .orderBy(desc(noteHistory.createdAt), desc(noteHistory.id))
    .limit(limit);
}

// ───────────────────────────── changes ─────────────────────────────

/** The guarded update: one row when `state` and `version` are still what the caller read, else NOTE_CONFLICT. */
async function guardedUpdate(
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

async function addHistory(
  tx: Executor,
  entry: { noteId: number; actorId: number; actorRole: NoteActorRole; action: NoteAction; fromState: NoteState; toState: NoteState; comment?: string | null },
) {
  await tx.insert(noteHistory).values({ ...entry, comment: entry.comment ?? null, createdAt: now() });
}

function checkNoteText(text: string, submit: boolean) {
  const trimmed = text.trim();
  if (!trimmed) throw new DomainError('NOTE_REQUIRED', NOTE_MESSAGES.noteRequired, 400);
  if (trimmed.length > NOTE_LIMITS.noteMax) throw new DomainError('NOTE_TOO_LONG', NOTE_MESSAGES.noteTooLong, 400);
  if (submit && trimmed.length < NOTE_LIMITS.noteMin) throw new DomainError('NOTE_TOO_SHORT', NOTE_MESSAGES.noteTooShort, 400);
  return trimmed;
}

export type StudentNoteInput = {
  resultBookId: number;
  /** The version the student's form was built from; undefined for a note that did not exist then. */
  version?: number;
  text: string;
  /** A re-encoded image (processNoteImage) to store, replacing any earlier one. */
  image?: ProcessedImage | null;
  removeImage?: boolean;
  submit: boolean;
};

export type StudentNoteResult = { note: Note; outcome: 'saved' | 'submitted' | 'resubmitted' | 'updated' };

/**
 * The student saves a draft or submits. A first submit moves the book NOTE → COMPLETE in the same transaction.
 * Editable: a draft (NONE), a held note (HOLD) and a submitted note no teacher has opened (WRITE).
 */
export async function saveStudentNote(userId: number, input: StudentNoteInput): Promise<StudentNoteResult> {
  const text = checkNoteText(input.text, input.submit);
  const [book] = await db()
    .select({ id: resultBooks.id, status: resultBooks.status, note: notes })
    .from(resultBooks)
    .leftJoin(notes, eq(notes.resultBookId, resultBooks.id))
    .where(and(eq(resultBooks.id, input.resultBookId), eq(resultBooks.userId, userId)));
  if (!book || book.status === BookStatus.EXCLUDE) throw notFound();
  const existing = book.note;
  if (!existing && book.status !== BookStatus.NOTE) throw new DomainError('NOTE_BOOK_NOT_READY', NOTE_MESSAGES.bookNotReady, 409);
  if (existing && input.version !== undefined && input.version !== existing.version) throw noteConflict();
  if (existing && !studentCanEdit(existing.state)) throw new DomainError('NOTE_NOT_EDITABLE', NOTE_MESSAGES.notEditable, 409);

  // The image is stored first (under a fresh key); if the transaction then fails it is removed again.
  const newKey = input.image ? noteImageKey(userId, input.resultBookId, input.image.extension) : null;
  if (newKey && input.image) await storage().put(newKey, input.image.bytes, input.image.contentType);
  const imageChanges = input.image
    ? { imageKey: newKey, imageWidth: input.image.width, imageHeight: input.image.height, imageType: input.image.contentType }
    : input.removeImage
      ? { imageKey: null, imageWidth: null, imageHeight: null, imageType: null }
      : {};
  const from: NoteState = existing?.state ?? S.NONE;
  const to: NoteState = input.submit ? S.WRITE : from;
  const at = now();
  try {
    const result = await db().transaction(async (tx) => {
      let current = existing;
      if (!current) {
        const inserted = await tx
          .insert(notes)
          .values({ resultBookId: input.resultBookId, userId, note: '', state: S.NONE, createdAt: at, updatedAt: at, stateChangedAt: at })
          .onConflictDoNothing({ target: notes.resultBookId })
          .returning();
        if (inserted.length === 0) throw noteConflict(); // created a moment ago by another request (double submit)
        current = inserted[0];
      }
      const firstSubmit = input.submit && from === S.NONE;
      const note = await guardedUpdate(tx, current, {
        note: text,
        state: to,
        ...imageChanges,
        ...(input.submit ? { submittedAt: at } : {}),
      });
      if (firstSubmit && book.status === BookStatus.NOTE) {
        if (!(await advanceStatus(input.resultBookId, BookStatus.NOTE, tx))) throw noteConflict();
      }
      if (input.submit) {
        await addHistory(tx, { noteId: note.id, actorId: userId, actorRole: 'STUDENT', action: 'submit', fromState: from, toState: to });
      }
      const outcome: StudentNoteResult['outcome'] = !input.submit
        ? 'saved'
        : from === S.HOLD
          ? 'resubmitted'
          : from === S.WRITE
            ? 'updated'
            : 'submitted';
      return { note, outcome };
    });
    if (existing?.imageKey && (input.image || input.removeImage)) await storage().delete(existing.imageKey).catch(() => {});
    return result;
  } catch (error) {
    if (newKey) await storage().delete(newKey).catch(() => {});
    throw error;
  }
}

export type ReviewInput = {
  noteId: number;
  /** The version the reviewer's page showed. */
  version: number;
  action: ReviewAction;
  /** Comment (required for comment; the reason for hold; optional otherwise). */
  comment?: string | null;
  /** The coach's correction (required for correct). */
  correction?: string | null;
};

/** A teacher's or coach's review action, guarded on state and version. */
export async function reviewNote(viewer: NoteViewer, input: ReviewInput): Promise<Note> {
  const role = reviewerRole(viewer);
  if (!role) throw forbidden();
  const row = await noteRow(input.noteId);
  assertCanOpen(viewer, row && { userId: row.note.userId, organisationId: row.organisationId, state: row.note.state });
  const current = row!.note;
  if (input.version !== current.version) throw noteConflict();
  const to = REVIEW_TRANSITIONS[role][input.action]?.[current.state];
  if (to === undefined) throw refused();

  const comment = input.comment?.trim() || null;
  const correction = input.correction?.trim() || null;
  if (input.action === 'comment' && !comment) throw new DomainError('NOTE_COMMENT_REQUIRED', NOTE_MESSAGES.commentRequired, 400);
  if (input.action === 'hold' && !comment) throw new DomainError('NOTE_HOLD_REASON_REQUIRED', NOTE_MESSAGES.holdReasonRequired, 400);
  if (input.action === 'correct' && !correction) throw new DomainError('NOTE_CORRECTION_REQUIRED', NOTE_MESSAGES.correctionRequired, 400);
  if (comment && comment.length > NOTE_LIMITS.commentMax) throw new DomainError('NOTE_COMMENT_TOO_LONG', NOTE_MESSAGES.commentTooLong, 400);
  if (correction && correction.length > NOTE_LIMITS.correctionMax) throw new DomainError('NOTE_CORRECTION_TOO_LONG', NOTE_MESSAGES.correctionTooLong, 400);

  const tellStudent = Boolean(comment || correction);
  return db().transaction(async (tx) => {
    const at = now();
    const note = await guardedUpdate(tx, current, {
      state: to,
      ...(comment ? { noteInput: comment } : {}),
      ...(correction ? { correction } : {}),
      ...(tellStudent ? { hasUnreadComment: true, commentedAt: at } : {}),
    });
    await addHistory(tx, {
      noteId: current.id,
      actorId: viewer.id,
      actorRole: role,
      action: input.action,
      fromState: current.state,
      toState: to,
      comment: input.action === 'correct' ? [correction, comment].filter(Boolean).join('\n\n') : comment,
    });
    return note;
  });
}

/** The stored image of a note, for a viewer allowed to see the note (403 otherwise, 404 without image). */
export async function getNoteImage(viewer: NoteViewer, noteId: number) {
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


