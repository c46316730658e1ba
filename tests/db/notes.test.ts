import { and, count, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { noteHistory, notes } from '~/db/schema';
import { BookStatus, NoteState } from '~/domain/enums';
import { NOTE_MESSAGES } from '~/domain/notes';
import type { DomainError } from '~/lib/errors';
import { allowedReviewActions, type ReviewAction } from '~/domain/notes';
import { getNoteForViewer } from '~/services/notes/access.server';
import { listAcademyNotes, listCoachQueue, nextNoteToReview, reviewNote } from '~/services/notes/review.server';
import { dashboard } from '~/services/reports.server';
import { listStudentNotes, markCommentsRead, saveStudentNote, unreadCommentCount } from '~/services/notes/student-notes.server';
import { useTestDatabase, onPostgres } from '../support/db';
import { bookStatus, demoNote, LONG_NOTE, noteBook, noteById, noteOf, userByLogin } from '../support/notes';

useTestDatabase();

const S = NoteState;

async function rejection(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected a rejection');
}

/** A submitted note of `student` on a fresh book, brought to `state` through the service. */
async function noteIn(state: NoteState): Promise<number> {
  const student = await userByLogin('student');
  const teacher = await userByLogin('teacher');
  const rb = await noteBook('student');
  if (state === S.NONE) return (await saveStudentNote(student.id, { resultBookId: rb, text: '초안입니다', submit: false })).note.id;
  let note = (await saveStudentNote(student.id, { resultBookId: rb, text: LONG_NOTE, submit: true })).note;
  const go = async (viewer: typeof teacher, action: ReviewAction, extra: { comment?: string; correction?: string } = {}) => {
    note = await reviewNote(viewer, { noteId: note.id, version: note.version, action, ...extra });
  };
  if (state === S.TEACHER_SHOW) await go(teacher, 'open');
  if (state === S.HOLD) await go(teacher, 'hold', { comment: '다시 써 주세요.' });
  if (state === S.WAITING_CORRECT) {
    await go(teacher, 'send');
    // Sending assigns the least-loaded coach (coach or coach2); these tests act as `coach`, so the note is theirs.
    await db()
      .update(notes)
      .set({ coachId: (await userByLogin('coach')).id })
      .where(eq(notes.id, note.id));
  }
  if (state === S.COMMENT_COMPLETE) await go(teacher, 'complete');
  expect(note.state).toBe(state);
  return note.id;
}

describe('demo notes', () => {
  it('exist in every note state, with history, a hold reason, a teacher comment and a coach correction', async () => {
    const rows = await db().select().from(notes);
    for (const state of Object.values(S))
      expect(
        rows.some((r) => r.state === state),
        `state ${state}`,
      ).toBe(true);
    const done = rows.find((r) => r.state === S.COMMENT_COMPLETE && r.correction);
    expect(done?.noteInput).toBeTruthy();
    expect(rows.find((r) => r.state === S.HOLD)?.noteInput).toBeTruthy();
    const [{ n }] = await db().select({ n: count() }).from(noteHistory);
    expect(n).toBeGreaterThanOrEqual(rows.length - 1);
    const student = await userByLogin('student');
    const draft = rows.find((r) => r.state === S.NONE);
    expect(draft?.userId).toBe(student.id);
    expect(await bookStatus(draft!.resultBookId)).toBe(BookStatus.NOTE);
  });
});

describe('student: draft and submit', () => {
  it('saves a draft (NONE), then submits it (WRITE) and the book becomes COMPLETE in the same change', async () => {
    const student = await userByLogin('student');
    const rb = await noteBook('student');
    const draft = await saveStudentNote(student.id, { resultBookId: rb, text: '아직 쓰는 중', submit: false });
    expect(draft.outcome).toBe('saved');
    expect(draft.note.state).toBe(S.NONE);
    expect(await bookStatus(rb)).toBe(BookStatus.NOTE);
    const sent = await saveStudentNote(student.id, { resultBookId: rb, version: draft.note.version, text: LONG_NOTE, submit: true });
    expect(sent.outcome).toBe('submitted');
    expect(sent.note.state).toBe(S.WRITE);
    expect(sent.note.submittedAt).not.toBeNull();
    expect(await bookStatus(rb)).toBe(BookStatus.COMPLETE);
    const history = await db().select().from(noteHistory).where(eq(noteHistory.noteId, sent.note.id));
    expect(history.map((h) => [h.action, h.fromState, h.toState])).toEqual([['submit', S.NONE, S.WRITE]]);
  });

  it('refuses an empty note, a too short submission, and books not in NOTE status', async () => {
    const student = await userByLogin('student');
    const rb = await noteBook('student');
    await expect(saveStudentNote(student.id, { resultBookId: rb, text: '   ', submit: false })).toBeDomainError(
      'NOTE_REQUIRED',
      NOTE_MESSAGES.noteRequired,
    );
    await expect(saveStudentNote(student.id, { resultBookId: rb, text: '짧아요', submit: true })).toBeDomainError(
      'NOTE_TOO_SHORT',
      NOTE_MESSAGES.noteTooShort,
    );
    expect(await noteOf(rb)).toBeUndefined();
    expect(await bookStatus(rb)).toBe(BookStatus.NOTE);
    // Another student's book is not found; a book still being read is not ready.
    await expect(saveStudentNote((await userByLogin('student2')).id, { resultBookId: rb, text: LONG_NOTE, submit: true })).toBeDomainError(
      'NOTE_NOT_FOUND',
    );
  });

  it('lets the student edit WRITE before a teacher opens it, and HOLD (resubmit → WRITE), never afterwards', async () => {
    const student = await userByLogin('student');
    const writeId = await noteIn(S.WRITE);
    const write = await noteById(writeId);
    const edited = await saveStudentNote(student.id, {
      resultBookId: write.resultBookId,
      version: write.version,
      text: `${LONG_NOTE} 덧붙임.`,
      submit: true,
    });
    expect(edited.outcome).toBe('updated');
    expect(edited.note.state).toBe(S.WRITE);

    const holdId = await noteIn(S.HOLD);
    const hold = await noteById(holdId);
    // Sent back for rewriting, the book is not complete any more; the dashboard's next step is the rewrite.
    expect(await bookStatus(hold.resultBookId)).toBe(BookStatus.NOTE);
    const board = await dashboard(student.id);
    // (The demo student has an older held note too; the oldest rewrite comes first.)
    expect(board.focus).toMatchObject({ noteHeld: true, status: BookStatus.NOTE });
    expect(board.focus?.next?.label).toBe('독서 노트 다시 쓰기');
    const kept = await saveStudentNote(student.id, {
      resultBookId: hold.resultBookId,
      version: hold.version,
      text: '다시 쓰는 중',
      submit: false,
    });
    expect(kept.note.state).toBe(S.HOLD);
    const again = await saveStudentNote(student.id, {
      resultBookId: hold.resultBookId,
      version: kept.note.version,
      text: LONG_NOTE,
      submit: true,
    });
    expect(again.outcome).toBe('resubmitted');
    expect(again.note.state).toBe(S.WRITE);
    expect(await bookStatus(hold.resultBookId)).toBe(BookStatus.COMPLETE);

    for (const state of [S.TEACHER_SHOW, S.WAITING_CORRECT, S.COMMENT_COMPLETE]) {
      const id = await noteIn(state);
      const n = await noteById(id);
      await expect(
        saveStudentNote(student.id, { resultBookId: n.resultBookId, version: n.version, text: LONG_NOTE, submit: true }),
      ).toBeDomainError('NOTE_NOT_EDITABLE', NOTE_MESSAGES.notEditable);
      expect((await noteById(id)).version).toBe(n.version);
    }
  });
});

describe('review state machine', () => {
  const ALL_ACTIONS: ReviewAction[] = ['open', 'comment', 'hold', 'send', 'complete', 'correct'];
  // Every (role, action, from) → to that is allowed; everything else is refused.
  const ALLOWED: Record<string, NoteState> = {
    'teacher open WRITE': S.TEACHER_SHOW,
    'teacher comment WRITE': S.TEACHER_SHOW,
    'teacher comment TEACHER_SHOW': S.TEACHER_SHOW,
    'teacher comment HOLD': S.HOLD,
    'teacher comment WAITING_CORRECT': S.WAITING_CORRECT,
    'teacher comment COMMENT_COMPLETE': S.COMMENT_COMPLETE,
    'teacher hold WRITE': S.HOLD,
    'teacher hold TEACHER_SHOW': S.HOLD,
    'teacher send WRITE': S.WAITING_CORRECT,
    'teacher send TEACHER_SHOW': S.WAITING_CORRECT,
    'teacher complete WRITE': S.COMMENT_COMPLETE,
    'teacher complete TEACHER_SHOW': S.COMMENT_COMPLETE,
    'coach correct WAITING_CORRECT': S.COMMENT_COMPLETE,
    'coach comment WAITING_CORRECT': S.WAITING_CORRECT,
    'coach comment COMMENT_COMPLETE': S.COMMENT_COMPLETE,
  };
  const NAMES = Object.entries(S) as [keyof typeof S, NoteState][];

  for (const reviewer of ['teacher', 'coach'] as const) {
    for (const [fromName, from] of NAMES) {
      it(`${reviewer}: every action from ${fromName}`, async () => {
        const viewer = await userByLogin(reviewer);
        for (const action of ALL_ACTIONS) {
          const id = await noteIn(from);
          const before = await noteById(id);
          const expected = ALLOWED[`${reviewer} ${action} ${fromName}`];
          const attempt = reviewNote(viewer, {
            noteId: id,
            version: before.version,
            action,
            comment: '의견을 남깁니다.',
            correction: '첨삭 내용입니다.',
          });
          if (expected === undefined) {
            const error = await rejection(attempt);
            expect(error.code, `${action}`).toMatch(/NOTE_TRANSITION_REFUSED|NOTE_FORBIDDEN/);
            expect(await noteById(id)).toEqual(before);
          } else {
            const after = await attempt;
            expect(after.state, `${action}`).toBe(expected);
            expect(after.version).toBe(before.version + 1);
            const [last] = await db()
              .select()
              .from(noteHistory)
              .where(eq(noteHistory.noteId, id))
              .orderBy(noteHistory.id)
              .then((r) => r.slice(-1));
            expect([last.action, last.fromState, last.toState]).toEqual([action, from, expected]);
          }
        }
        expect(allowedReviewActions(viewer, from).sort()).toEqual(
          ALL_ACTIONS.filter((a) => ALLOWED[`${reviewer} ${a} ${fromName}`] !== undefined).sort(),
        );
      });
    }
  }

  it('requires a reason to hold, a comment to comment and a correction to correct', async () => {
    const teacher = await userByLogin('teacher');
    const coach = await userByLogin('coach');
    const w = await noteById(await noteIn(S.WRITE));
    await expect(reviewNote(teacher, { noteId: w.id, version: w.version, action: 'hold', comment: ' ' })).toBeDomainError(
      'NOTE_HOLD_REASON_REQUIRED',
      NOTE_MESSAGES.holdReasonRequired,
    );
    await expect(reviewNote(teacher, { noteId: w.id, version: w.version, action: 'comment' })).toBeDomainError(
      'NOTE_COMMENT_REQUIRED',
      NOTE_MESSAGES.commentRequired,
    );
    const c = await noteById(await noteIn(S.WAITING_CORRECT));
    await expect(reviewNote(coach, { noteId: c.id, version: c.version, action: 'correct' })).toBeDomainError(
      'NOTE_CORRECTION_REQUIRED',
      NOTE_MESSAGES.correctionRequired,
    );
    expect(await noteById(c.id)).toEqual(c);
  });

  it('tells the student of a comment: flag, count, and reading clears it', async () => {
    const student = await userByLogin('student');
    const teacher = await userByLogin('teacher');
    const before = await unreadCommentCount(student.id);
    const n = await noteById(await noteIn(S.WRITE));
    const after = await reviewNote(teacher, { noteId: n.id, version: n.version, action: 'comment', comment: '잘 썼어요!' });
    expect(after.hasUnreadComment).toBe(true);
    expect(after.noteInput).toBe('잘 썼어요!');
    expect(await unreadCommentCount(student.id)).toBe(before + 1);
    await markCommentsRead(student.id, n.id);
    expect(await unreadCommentCount(student.id)).toBe(before);
    await expect(markCommentsRead((await userByLogin('student2')).id, n.id)).toBeDomainError('NOTE_NOT_FOUND');
  });
});

describe('the next note to review', () => {
  it('is the submitted note of the scope that has waited longest, never the one open, and none when none waits', async () => {
    const teacher = await userByLogin('teacher');
    const teacher2 = await userByLogin('teacher2');
    const first = await noteIn(S.WRITE);
    const second = await noteIn(S.WRITE);
    // Every other submitted note of the academy waits less long than these two.
    await db()
      .update(notes)
      .set({ stateChangedAt: new Date(Date.UTC(2000, 0, 1)) })
      .where(eq(notes.id, first));
    await db()
      .update(notes)
      .set({ stateChangedAt: new Date(Date.UTC(2000, 0, 2)) })
      .where(eq(notes.id, second));
    expect(await nextNoteToReview(teacher, second)).toBe(first);
    expect(await nextNoteToReview(teacher, first)).toBe(second);
    // Another academy's teacher is never offered them.
    const other = await nextNoteToReview(teacher2, first);
    expect([first, second]).not.toContain(other);
    // With no other submitted note in scope, there is no next one.
    await db()
      .update(notes)
      .set({ state: S.TEACHER_SHOW })
      .where(and(eq(notes.state, S.WRITE), ne(notes.id, first)));
    expect(await nextNoteToReview(teacher, first)).toBeNull();
  });
});

describe('version conflicts', () => {
  it('a second reviewer acting on the same version gets the conflict message and changes nothing', async () => {
    const teacher = await userByLogin('teacher');
    const head = await userByLogin('head');
    const n = await noteById(await noteIn(S.TEACHER_SHOW));
    await reviewNote(teacher, { noteId: n.id, version: n.version, action: 'send' });
    const after = await noteById(n.id);
    const error = await rejection(reviewNote(head, { noteId: n.id, version: n.version, action: 'hold', comment: '다시' }));
    expect([error.code, error.message, error.status]).toEqual([
      'NOTE_CONFLICT',
      '다른 사용자가 먼저 처리했습니다. 새로고침한 뒤 다시 확인해 주세요.',
      409,
    ]);
    expect(await noteById(n.id)).toEqual(after);
  });

  it(`two concurrent reviewers: exactly one wins${onPostgres() ? ' (PostgreSQL)' : ''}`, async () => {
    const teacher = await userByLogin('teacher');
    const head = await userByLogin('head');
    for (let round = 0; round < 3; round++) {
      const n = await noteById(await noteIn(S.TEACHER_SHOW));
      const results = await Promise.allSettled([
        reviewNote(teacher, { noteId: n.id, version: n.version, action: 'send' }),
        reviewNote(head, { noteId: n.id, version: n.version, action: 'hold', comment: '보류합니다.' }),
        reviewNote(teacher, { noteId: n.id, version: n.version, action: 'complete', comment: '완료' }),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      for (const l of lost) expect((l.reason as DomainError).code).toBe('NOTE_CONFLICT');
      const final = await noteById(n.id);
      expect(final.version).toBe(n.version + 1);
      const history = await db().select().from(noteHistory).where(eq(noteHistory.noteId, n.id));
      expect(history.filter((h) => h.fromState === S.TEACHER_SHOW && h.toState !== S.TEACHER_SHOW)).toHaveLength(1);
    }
  });

  it('a double submit of a first note stores one note and moves the book once', async () => {
    const student = await userByLogin('student2');
    const rb = await noteBook('student2');
    const results = await Promise.allSettled([
      saveStudentNote(student.id, { resultBookId: rb, text: LONG_NOTE, submit: true }),
      saveStudentNote(student.id, { resultBookId: rb, text: LONG_NOTE, submit: true }),
    ]);
    // Either the second submit meets the first one's insert (a conflict), or, when the first had already committed
    // before the second read the book, it edits the submitted note (WRITE is still the student's to edit): never two
    // notes, never a second 'submitted'.
    const outcomes = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.outcome] : []));
    expect(outcomes.sort()).toSatisfy((o: string[]) => o.join() === 'submitted' || o.join() === 'submitted,updated');
    const rows = await db().select().from(notes).where(eq(notes.resultBookId, rb));
    expect(rows).toHaveLength(1);
    expect(rows[0].state).toBe(S.WRITE);
    expect(await bookStatus(rb)).toBe(BookStatus.COMPLETE);
  });
});

describe('permissions per role', () => {
  it('teacher2 and head2 (academy 2) cannot open, list or review an academy-1 note; teacher and head can', async () => {
    const n = await noteById(await noteIn(S.WRITE));
    for (const login of ['teacher2', 'head2']) {
      const other = await userByLogin(login);
      expect((await rejection(getNoteForViewer(other, n.id))).status).toBe(403);
      await expect(reviewNote(other, { noteId: n.id, version: n.version, action: 'open' })).toBeDomainError('NOTE_FORBIDDEN');
      const list = await listAcademyNotes(other, { page: 1 });
      expect(list.items.some((i) => i.id === n.id)).toBe(false);
    }
    for (const login of ['teacher', 'head']) {
      const own = await userByLogin(login);
      expect((await getNoteForViewer(own, n.id)).note.id).toBe(n.id);
    }
    expect(await noteById(n.id)).toEqual(n);
  });

  it('a student sees only their own notes; other students get 404', async () => {
    const n = await noteById(await noteIn(S.WRITE));
    expect((await rejection(getNoteForViewer(await userByLogin('student2'), n.id))).status).toBe(404);
    expect((await getNoteForViewer(await userByLogin('student'), n.id)).actions).toEqual([]);
    const mine = await listStudentNotes((await userByLogin('student')).id, 1);
    expect(mine.items.length).toBeLessThanOrEqual(10);
    expect(mine.total).toBeGreaterThan(10);
    const page2 = await listStudentNotes((await userByLogin('student')).id, 2);
    expect(page2.items.map((i) => i.id)).not.toContain(mine.items[0].id);
  });

  it('coaches and ADMIN1/ADMIN2 see the queue across academies, oldest first; BRANCH and PRODUCT do not', async () => {
    for (const login of ['coach', 'super', 'admin2']) {
      const queue = await listCoachQueue(await userByLogin(login), 1);
      expect(queue.items.length).toBeGreaterThan(0);
      const academies = new Set(queue.items.map((i) => i.academyName));
      expect(academies.size).toBeGreaterThanOrEqual(2);
      const times = queue.items.map((i) => i.waitingSince.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
    for (const login of ['branch', 'product']) {
      expect((await rejection(listCoachQueue(await userByLogin(login), 1))).status).toBe(403);
      const n = await demoNote('student2', S.WAITING_CORRECT);
      expect((await rejection(getNoteForViewer(await userByLogin(login), n.id))).status).toBe(403);
    }
    // A teacher cannot correct; a coach cannot hold.
    const waiting = await noteById(await noteIn(S.WAITING_CORRECT));
    await expect(
      reviewNote(await userByLogin('teacher'), { noteId: waiting.id, version: waiting.version, action: 'correct', correction: 'x' }),
    ).toBeDomainError('NOTE_TRANSITION_REFUSED');
    const open = await noteById(await noteIn(S.TEACHER_SHOW));
    await expect(
      reviewNote(await userByLogin('coach'), { noteId: open.id, version: open.version, action: 'hold', comment: 'x' }),
    ).toBeDomainError('NOTE_TRANSITION_REFUSED');
    expect(
      (await rejection(reviewNote(await userByLogin('student'), { noteId: open.id, version: open.version, action: 'open' }))).status,
    ).toBe(403);
  });
});
