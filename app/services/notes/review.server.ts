import { and, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { books, noteHistory, notes, resultBooks } from '~/db/schema';
import type { Note } from '~/db/schema';
import { NoteState } from '~/domain/enums';
import {
  NOTE_LIMITS,
  NOTE_MESSAGES,
  NOTES_PAGE_SIZE,
  REVIEW_TRANSITIONS,
  assignedElsewhere,
  overseesCoaches,
  reviewerRole,
  type NoteViewer,
  type ReviewAction,
} from '~/domain/notes';
import { now } from '~/lib/clock.server';
import { reopenForRewrite } from '../book-status.server';
import { addNoteCommentItem } from '../inbox.server';
import { DomainError } from '~/lib/errors';
import { studentIdsInScope } from '../academy/scope.server';
import { leastLoadedCoach } from './coach-assignment.server';
import { talkForNoteReview } from '../talk/events.server';
import { notifyParentsNoteReviewed } from '../parents/talk.server';
import {
  addHistory,
  assertCanOpen,
  assertNoteInScope,
  forbidden,
  getNoteForViewer,
  guardedUpdate,
  noteConflict,
  noteListRows,
  noteRow,
  withStudentAndBook,
  pageOf,
  refused,
  student,
} from './access.server';
import { pageCount } from '../paged-list.server';

// The teachers' and coaches' side of reading notes: the academy's notes, the coach queue, recent corrections, and
// each review action, guarded on state and version (NOTE_CONFLICT when someone acted first).

/** A note for the academy's note page: 404 outside the staff member's scope, then the usual access rules. */
export async function getNoteForStaff(viewer: NoteViewer, noteId: number) {
  await assertNoteInScope(viewer, noteId);
  return getNoteForViewer(viewer, noteId);
}

/** Notes of the students the staff member may see, by the ids of the students in scope (notes_user_idx). */
const notesInScope = (viewer: NoteViewer) => sql`${notes.userId} in (${studentIdsInScope(viewer)})`;

/**
 * Notes of the teacher's students (submitted ones: drafts stay private), optionally of one state, 10 per page. A HEAD
 * sees the academy's, a TEACHER their classes' students' (scope.server).
 */
export async function listAcademyNotes(viewer: NoteViewer, options: { state?: NoteState; page?: number } = {}) {
  if (reviewerRole(viewer) !== 'TEACHER' || viewer.organisationId === null) throw forbidden();
  const p = pageOf(options.page ?? 1);
  const academy = and(notesInScope(viewer), ne(notes.state, NoteState.NONE));
  const where = options.state !== undefined ? and(academy, eq(notes.state, options.state)) : academy;
  const [counts, items] = await Promise.all([
    db().select({ state: notes.state, n: count() }).from(notes).where(academy).groupBy(notes.state),
    withStudentAndBook(
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
        .$dynamic(),
    )
      // The page's ids first, then their students and books: 10 rows joined, not the academy's every note (an academy
      // of 300 students has some 2,400 by the end of a year; 10–14 ms → 3 ms at factor 1).
      .where(
        inArray(
          notes.id,
          db()
            .select({ id: notes.id })
            .from(notes)
            .where(where)
            .orderBy(desc(notes.stateChangedAt), desc(notes.id))
            .limit(NOTES_PAGE_SIZE)
            .offset((p - 1) * NOTES_PAGE_SIZE),
        ),
      )
      .orderBy(desc(notes.stateChangedAt), desc(notes.id)),
  ]);
  const byState = Object.fromEntries(counts.map((c) => [c.state, c.n])) as Partial<Record<NoteState, number>>;
  const all = counts.reduce((sum, c) => sum + c.n, 0);
  const total = options.state !== undefined ? (byState[options.state] ?? 0) : all;
  return { items, byState, all, total, page: p, pages: pageCount(total, NOTES_PAGE_SIZE) };
}

/**
 * The next note the staff member's review page offers (다음 노트): the submitted note (WRITE, as the dashboard counts
 * them) that has waited longest in their scope, other than `noteId`; null when none waits.
 */
export async function nextNoteToReview(viewer: NoteViewer, noteId: number): Promise<number | null> {
  if (reviewerRole(viewer) !== 'TEACHER' || viewer.organisationId === null) return null;
  const [next] = await db()
    .select({ id: notes.id })
    .from(notes)
    .where(and(notesInScope(viewer), eq(notes.state, NoteState.WRITE), ne(notes.id, noteId)))
    .orderBy(notes.stateChangedAt, notes.id)
    .limit(1);
  return next?.id ?? null;
}

/**
 * The coach queue, the longest waiting first, 10 per page. A coach sees the notes assigned to them, then the unassigned
 * ones (any coach may take those); ADMIN1 and ADMIN2 see every waiting note with its coach.
 */
export async function listCoachQueue(viewer: NoteViewer, page = 1) {
  if (reviewerRole(viewer) !== 'COACH') throw forbidden();
  const p = pageOf(page);
  const everything = overseesCoaches(viewer);
  const waiting = eq(notes.state, NoteState.WAITING_CORRECT);
  const where = everything ? waiting : and(waiting, or(eq(notes.coachId, viewer.id), isNull(notes.coachId)));
  const [[counts], items] = await Promise.all([
    db()
      .select({
        total: count(),
        mine: sql<number>`count(*) filter (where ${notes.coachId} = ${viewer.id})::int`,
        unassigned: sql<number>`count(*) filter (where ${notes.coachId} is null)::int`,
      })
      .from(notes)
      .where(where),
    noteListRows(where, everything ? [] : [sql`${notes.coachId} is null`])
      .limit(NOTES_PAGE_SIZE)
      .offset((p - 1) * NOTES_PAGE_SIZE),
  ]);
  const total = counts.total;
  return {
    items: items.map((i) => ({ ...i, assignedToMe: i.coachId === viewer.id })),
    total,
    mine: Number(counts.mine),
    unassigned: Number(counts.unassigned),
    everything,
    page: p,
    pages: pageCount(total, NOTES_PAGE_SIZE),
  };
}

/** The coach's own recently completed corrections (ADMIN1 and ADMIN2: everyone's), shown under the queue. */
export async function recentCorrections(viewer: NoteViewer, limit = 5) {
  if (reviewerRole(viewer) !== 'COACH') throw forbidden();
  const corrected = eq(noteHistory.action, 'correct');
  return db()
    .select({ id: notes.id, studentName: student.name, bookTitle: books.title, at: noteHistory.createdAt })
    .from(noteHistory)
    .innerJoin(notes, eq(notes.id, noteHistory.noteId))
    .innerJoin(student, eq(student.id, notes.userId))
    .innerJoin(resultBooks, eq(resultBooks.id, notes.resultBookId))
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .where(overseesCoaches(viewer) ? corrected : and(corrected, eq(noteHistory.actorId, viewer.id)))
    .orderBy(desc(noteHistory.createdAt), desc(noteHistory.id))
    .limit(limit);
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
  await assertNoteInScope(viewer, input.noteId);
  const row = await noteRow(input.noteId);
  assertCanOpen(viewer, row && { userId: row.note.userId, organisationId: row.organisationId, state: row.note.state });
  const current = row!.note;
  // Another coach's note: said before a stale version, since reloading would not let this coach correct it either.
  const waitingForCoach = current.state === NoteState.WAITING_CORRECT;
  if (input.action === 'correct' && waitingForCoach && role === 'COACH' && assignedElsewhere(viewer, current.coachId))
    throw new DomainError('NOTE_ASSIGNED_ELSEWHERE', NOTE_MESSAGES.assignedElsewhere, 409);
  if (input.version !== current.version) throw noteConflict();
  const to = REVIEW_TRANSITIONS[role][input.action]?.[current.state];
  if (to === undefined) throw refused();

  const comment = input.comment?.trim() || null;
  const correction = input.correction?.trim() || null;
  if (input.action === 'comment' && !comment) throw new DomainError('NOTE_COMMENT_REQUIRED', NOTE_MESSAGES.commentRequired, 400);
  if (input.action === 'hold' && !comment) throw new DomainError('NOTE_HOLD_REASON_REQUIRED', NOTE_MESSAGES.holdReasonRequired, 400);
  if (input.action === 'correct' && !correction) throw new DomainError('NOTE_CORRECTION_REQUIRED', NOTE_MESSAGES.correctionRequired, 400);
  if (comment && comment.length > NOTE_LIMITS.commentMax) throw new DomainError('NOTE_COMMENT_TOO_LONG', NOTE_MESSAGES.commentTooLong, 400);
  if (correction && correction.length > NOTE_LIMITS.correctionMax)
    throw new DomainError('NOTE_CORRECTION_TOO_LONG', NOTE_MESSAGES.correctionTooLong, 400);

  const tellStudent = Boolean(comment || correction);
  return db().transaction(async (tx) => {
    const at = now();
    // Sent to the coaches: assigned to the least-loaded active coach in this same transaction.
    const assigned = to === NoteState.WAITING_CORRECT && current.state !== to ? { coachId: await leastLoadedCoach(tx) } : {};
    const note = await guardedUpdate(tx, current, {
      state: to,
      ...assigned,
      ...(comment ? { noteInput: comment } : {}),
      ...(correction ? { correction } : {}),
      ...(tellStudent ? { hasUnreadComment: true, commentedAt: at } : {}),
    });
    if (to === NoteState.HOLD) await reopenForRewrite(current.resultBookId, tx);
    // The student's inbox item commits with the comment (and the comment with it).
    if (tellStudent)
      await addNoteCommentItem(tx, {
        studentId: current.userId,
        resultBookId: current.resultBookId,
        action: input.action,
        by: role,
        text: (correction ?? comment)!,
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
    // 알림톡 to the student and the parent (a comment, a correction, a hold), written with the review or not at all.
    await talkForNoteReview(tx, { noteId: current.id, action: input.action, version: note.version, comment });
    // The parents' own 알림톡 (with the note's link) when the teacher's review is done: a comment or a completion.
    if (role === 'TEACHER' && (input.action === 'comment' || input.action === 'complete'))
      await notifyParentsNoteReviewed(tx, { noteId: current.id, version: note.version });
    return note;
  });
}
