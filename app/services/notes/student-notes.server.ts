import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { books, notes, resultBooks } from '~/db/schema';
import type { Note } from '~/db/schema';
import { BookStatus, NoteState } from '~/domain/enums';
import { NOTE_LIMITS, NOTE_MESSAGES, NOTES_PAGE_SIZE, studentCanEdit } from '~/domain/notes';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { advanceStatus } from '../book-status.server';
import { noteImageKey, type ProcessedImage } from '../images.server';
import { discardStored, storage } from '../storage.server';
import { addHistory, guardedUpdate, historyOf, notFound, noteConflict, pageOf } from './access.server';
import { pageCount } from '../paged-list.server';

// The student's side of reading notes: the note page of a book, the books still waiting for a note, the list of
// notes, unread comments, and saving or submitting a note (with its image) in one transaction.

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

/** A note as the student's pages show it (the note list, the book's report): its state, text, comments and book. */
const studentNoteRows = () =>
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
    .innerJoin(books, eq(books.id, resultBooks.bookId));

export type StudentNoteRow = Awaited<ReturnType<typeof studentNoteOfBook>>;

/** All of a student's notes, newest change first, 10 per page (two queries whatever the page). */
export async function listStudentNotes(userId: number, page = 1) {
  const p = pageOf(page);
  const [[{ total }], items] = await Promise.all([
    db().select({ total: count() }).from(notes).where(eq(notes.userId, userId)),
    studentNoteRows()
      .where(eq(notes.userId, userId))
      .orderBy(desc(notes.updatedAt), desc(notes.id))
      .limit(NOTES_PAGE_SIZE)
      .offset((p - 1) * NOTES_PAGE_SIZE),
  ]);
  return { items, total, page: p, pages: pageCount(total, NOTES_PAGE_SIZE) };
}

/** The student's note of one of their books as the note list shows it, or null (none written yet). */
export async function studentNoteOfBook(userId: number, resultBookId: number) {
  const [row] = await studentNoteRows().where(and(eq(notes.userId, userId), eq(notes.resultBookId, resultBookId)));
  return row ?? null;
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
  const from: NoteState = existing?.state ?? NoteState.NONE;
  const to: NoteState = input.submit ? NoteState.WRITE : from;
  const at = now();
  try {
    const result = await db().transaction(async (tx) => {
      let current = existing;
      if (!current) {
        const inserted = await tx
          .insert(notes)
          .values({
            resultBookId: input.resultBookId,
            userId,
            note: '',
            state: NoteState.NONE,
            createdAt: at,
            updatedAt: at,
            stateChangedAt: at,
          })
          .onConflictDoNothing({ target: notes.resultBookId })
          .returning();
        if (inserted.length === 0) throw noteConflict(); // created a moment ago by another request (double submit)
        current = inserted[0];
      }
      // The first submit, and the submit of a rewrite (HOLD put the book back at NOTE), complete the book.
      const completesBook = input.submit && (from === NoteState.NONE || from === NoteState.HOLD);
      const note = await guardedUpdate(tx, current, {
        note: text,
        state: to,
        ...imageChanges,
        ...(input.submit ? { submittedAt: at } : {}),
      });
      if (completesBook && book.status === BookStatus.NOTE) {
        if (!(await advanceStatus(input.resultBookId, BookStatus.NOTE, tx))) throw noteConflict();
      }
      if (input.submit) {
        await addHistory(tx, { noteId: note.id, actorId: userId, actorRole: 'STUDENT', action: 'submit', fromState: from, toState: to });
      }
      const outcome: StudentNoteResult['outcome'] = !input.submit
        ? 'saved'
        : from === NoteState.HOLD
          ? 'resubmitted'
          : from === NoteState.WRITE
            ? 'updated'
            : 'submitted';
      return { note, outcome };
    });
    if (existing?.imageKey && (input.image || input.removeImage)) await discardStored(existing.imageKey);
    return result;
  } catch (error) {
    if (newKey) await discardStored(newKey);
    throw error;
  }
}
