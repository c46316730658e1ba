import { and, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { auditEvents, noteHistory, notes, users } from '~/db/schema';
import { NoteState } from '~/domain/enums';
import { NOTE_MESSAGES } from '~/domain/notes';
import { COACH_MESSAGES } from '~/domain/operators';
import { now } from '~/lib/clock.server';
import { addMonths, seoulDayStart, seoulMonth } from '~/lib/dates';
import * as coachesPage from '~/routes/super+/coaches';
import { getNoteForViewer } from '~/services/notes/access.server';
import { listCoachQueue, reviewNote } from '~/services/notes/review.server';
import { saveStudentNote } from '~/services/notes/student-notes.server';
import { coachBoard, monthlyCorrections, reassignNote } from '~/services/operators/coaches.server';
import { makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { replyErrors, replyValues } from '../support/form-reply';
import { LONG_NOTE, noteBook, noteById, userByLogin } from '../support/notes';

useTestDatabase();

const WAITING = NoteState.WAITING_CORRECT;
const ORIGIN = { address: '203.0.113.9', origin: 'http://localhost' };

/** A new note of `student`, submitted and sent to the coaches by `teacher` (the service assigns its coach). */
async function sentNote() {
  const student = await userByLogin('student');
  const teacher = await userByLogin('teacher');
  const { note } = await saveStudentNote(student.id, { resultBookId: await noteBook('student'), text: LONG_NOTE, submit: true });
  const sent = await reviewNote(teacher, { noteId: note.id, version: note.version, action: 'send' });
  expect(sent.state).toBe(WAITING);
  return sent;
}

/** Waiting notes per active coach, and the coach the rule picks: the fewest, ties to the lowest id. */
async function expectedCoach() {
  const coaches = await db()
    .select({ id: users.id, loginId: users.loginId, status: users.status, authorities: users.authorities })
    .from(users)
    .where(eq(users.role, 'SUPER'));
  const active = coaches.filter((c) => c.authorities.includes('COACH') && c.status === 'ACTIVE');
  const waiting = await db().select({ coachId: notes.coachId }).from(notes).where(eq(notes.state, WAITING));
  const load = (id: number) => waiting.filter((w) => w.coachId === id).length;
  active.sort((a, b) => load(a.id) - load(b.id) || a.id - b.id);
  return active[0]?.id ?? null;
}

async function setStatus(loginIds: string[], status: 'ACTIVE' | 'LOCKED') {
  await db().update(users).set({ status }).where(inArray(users.loginId, loginIds));
}

async function lastAudit(action: string) {
  const [row] = await db().select().from(auditEvents).where(eq(auditEvents.action, action)).orderBy(desc(auditEvents.id)).limit(1);
  return row;
}

function postReassign(cookie: string, form: Record<string, string>, search = '') {
  const request = makeRequest(`/super/coaches${search}`, {
    cookie,
    form: { intent: 'reassign', ...form },
    headers: { 'X-Forwarded-For': '203.0.113.7' },
  });
  return respond(() => coachesPage.action({ request, params: {}, context: {} }));
}

describe('assignment', () => {
  it('the demo shows a load: coach has one waiting note, coach2 two', async () => {
    const coach = await userByLogin('coach');
    const coach2 = await userByLogin('coach2');
    const board = await coachBoard(now());
    expect(board.coaches.find((c) => c.id === coach.id)).toMatchObject({ waiting: 1, loginId: 'coach', status: 'ACTIVE' });
    expect(board.coaches.find((c) => c.id === coach2.id)).toMatchObject({ waiting: 2, loginId: 'coach2' });
    expect(board.unassigned.waiting).toBe(0);
  });

  it('gives a sent note to the active coach with the fewest waiting notes, ties to the lowest id, none to nobody', async () => {
    const coach = await userByLogin('coach');
    const coach2 = await userByLogin('coach2');
    // coach 1, coach2 2: coach takes the next two (the second on a tie, as the lower id), then coach2.
    const picks: (number | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const expected = await expectedCoach();
      const note = await sentNote();
      expect(note.coachId).toBe(expected);
      picks.push(note.coachId);
    }
    expect(picks).toEqual([coach.id, coach.id, coach2.id]);
    // A locked coach takes nothing, whatever its load.
    await setStatus(['coach2'], 'LOCKED');
    expect((await sentNote()).coachId).toBe(coach.id);
    // No active coach: the note waits unassigned, and every coach's queue shows it.
    await setStatus(['coach'], 'LOCKED');
    const orphan = await sentNote();
    expect(orphan.coachId).toBeNull();
    await setStatus(['coach', 'coach2'], 'ACTIVE');
    const queue = await listCoachQueue(coach2, 1);
    expect(queue.unassigned).toBeGreaterThanOrEqual(1);
    // A teacher's comment on a waiting note keeps its coach.
    const teacher = await userByLogin('teacher');
    const commented = await reviewNote(teacher, { noteId: orphan.id, version: orphan.version, action: 'comment', comment: '부탁드려요.' });
    expect(commented.coachId).toBeNull();
  });

  it("a coach's queue: their notes first, then unassigned ones; another coach's note is neither listed nor correctable", async () => {
    const coach = await userByLogin('coach');
    const coach2 = await userByLogin('coach2');
    const admin = await userByLogin('super');
    const mine = await sentNote();
    const theirs = await sentNote();
    const free = await sentNote();
    await db().update(notes).set({ coachId: coach.id }).where(eq(notes.id, mine.id));
    await db().update(notes).set({ coachId: coach2.id }).where(eq(notes.id, theirs.id));
    await db().update(notes).set({ coachId: null }).where(eq(notes.id, free.id));

    const all: { id: number; assignedToMe: boolean; coachId: number | null }[] = [];
    for (let page = 1; ; page++) {
      const q = await listCoachQueue(coach, page);
      expect(q.everything).toBe(false);
      all.push(...q.items);
      if (page >= q.pages) break;
    }
    const ids = all.map((i) => i.id);
    expect(ids).toContain(mine.id);
    expect(ids).toContain(free.id);
    expect(ids).not.toContain(theirs.id);
    expect(all.every((i) => i.coachId === coach.id || i.coachId === null)).toBe(true);
    // Assigned ones first, then the unassigned ones.
    const firstFree = all.findIndex((i) => i.coachId === null);
    expect(all.slice(firstFree).every((i) => i.coachId === null)).toBe(true);
    expect(all.filter((i) => i.assignedToMe).length).toBe((await listCoachQueue(coach, 1)).mine);

    // ADMIN1 sees every waiting note with its coach's name, oldest first.
    const overview = await listCoachQueue(admin, 1);
    expect(overview.everything).toBe(true);
    expect(overview.total).toBe(await db().$count(notes, eq(notes.state, WAITING)));
    expect(overview.items.some((i) => i.coachName === '첨삭코치2')).toBe(true);
    const times = overview.items.map((i) => new Date(i.waitingSince).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));

    // coach opens coach2's note but gets no correction form, and a posted correction is refused with the message.
    const detail = await getNoteForViewer(coach, theirs.id);
    expect(detail).toMatchObject({ assignedElsewhere: true, coachName: '첨삭코치2' });
    expect(detail.actions).not.toContain('correct');
    const current = await noteById(theirs.id);
    await expect(
      reviewNote(coach, { noteId: theirs.id, version: current.version, action: 'correct', correction: '첨삭입니다.' }),
    ).toBeDomainError('NOTE_ASSIGNED_ELSEWHERE', NOTE_MESSAGES.assignedElsewhere);
    expect(await noteById(theirs.id)).toEqual(current);
    // coach corrects their own note and the unassigned one; ADMIN1 may correct any coach's note.
    for (const id of [mine.id, free.id]) {
      const n = await noteById(id);
      expect((await reviewNote(coach, { noteId: id, version: n.version, action: 'correct', correction: '고친 문장입니다.' })).state).toBe(
        NoteState.COMMENT_COMPLETE,
      );
    }
    expect(
      (await reviewNote(admin, { noteId: theirs.id, version: current.version, action: 'correct', correction: '운영자 첨삭' })).state,
    ).toBe(NoteState.COMMENT_COMPLETE);
  });
});

describe('reassignment', () => {
  it('moves a waiting note to another coach through the page, guarded and audited with before and after', async () => {
    const coach = await userByLogin('coach');
    const coach2 = await userByLogin('coach2');
    const cookie = await sessionCookie('super');
    const note = await sentNote();
    const from = note.coachId;
    const to = from === coach.id ? coach2 : coach;

    const res = await postReassign(
      cookie,
      { noteId: String(note.id), version: String(note.version), coachId: String(to.id) },
      '?coach=none&page=2',
    );
    expect(res).toHaveRedirect('/super/coaches?coach=none&page=2');
    await expect(res).toHaveFlash({
      kind: 'success',
      message: `김하늘 학생의 『${await bookTitle(note.id)}』 노트를 ${to.name} 코치에게 넘겼습니다.`,
    });
    const moved = await noteById(note.id);
    expect(moved).toMatchObject({ coachId: to.id, state: WAITING, version: note.version + 1 });
    const audit = await lastAudit('note.reassign');
    expect(audit).toMatchObject({
      actorId: (await userByLogin('super')).id,
      targetType: 'note',
      targetId: note.id,
      before: { coachId: from },
      after: { coachId: to.id },
      address: '203.0.113.7',
    });

    // The form of the page before the move (old version) changes nothing: the conflict message.
    const stale = await postReassign(cookie, { noteId: String(note.id), version: String(note.version), coachId: 'none' });
    expect(stale.status).toBe(409);
    const staleReply = await stale.json();
    expect(replyErrors(staleReply)).toEqual({ form: NOTE_MESSAGES.conflict });
    expect(replyValues(staleReply)).toMatchObject({ noteId: String(note.id) });
    // The coach it moved away from, correcting with the form they had open, is refused.
    await expect(
      reviewNote(from === coach.id ? coach : coach2, { noteId: note.id, version: note.version, action: 'correct', correction: '첨삭' }),
    ).toBeDomainError('NOTE_ASSIGNED_ELSEWHERE');
    // Back to unassigned, by ADMIN2.
    const admin2 = await sessionCookie('admin2');
    const unassign = await postReassign(admin2, { noteId: String(note.id), version: String(moved.version), coachId: 'none' });
    expect(unassign).toHaveRedirect('/super/coaches');
    await expect(unassign).toHaveFlash({
      message: `김하늘 학생의 『${await bookTitle(note.id)}』 노트를 미배정으로 돌렸습니다. 어느 코치나 첨삭할 수 있습니다.`,
    });
    expect((await noteById(note.id)).coachId).toBeNull();
    expect(await lastAudit('note.reassign')).toMatchObject({ before: { coachId: to.id }, after: { coachId: null } });
  });

  it('refuses a note no longer waiting, the same coach, an inactive or non-coach account; a coach cannot post', async () => {
    const operator = await userByLogin('super');
    const coach = await userByLogin('coach');
    const coach2 = await userByLogin('coach2');
    const note = await sentNote();
    const assigned = note.coachId!;
    const other = assigned === coach.id ? coach2 : coach;
    const count = async () => db().$count(auditEvents, eq(auditEvents.action, 'note.reassign'));
    const before = await count();

    await expect(reassignNote(operator, { noteId: note.id, version: note.version, coachId: assigned }, ORIGIN)).toBeDomainError(
      'NOTE_SAME_COACH',
      COACH_MESSAGES.sameCoach,
    );
    await expect(
      reassignNote(operator, { noteId: note.id, version: note.version, coachId: (await userByLogin('product')).id }, ORIGIN),
    ).toBeDomainError('NOT_A_COACH', COACH_MESSAGES.notACoach);
    await setStatus([other.loginId], 'LOCKED');
    await expect(reassignNote(operator, { noteId: note.id, version: note.version, coachId: other.id }, ORIGIN)).toBeDomainError(
      'NOT_A_COACH',
      COACH_MESSAGES.notACoach,
    );
    await setStatus([other.loginId], 'ACTIVE');
    await expect(reassignNote(operator, { noteId: 999999, version: 1, coachId: null }, ORIGIN)).toBeDomainError('NOTE_NOT_FOUND');

    // A COACH posting to the page is sent to their queue; nothing moves.
    const asCoach = await postReassign(await sessionCookie('coach'), {
      noteId: String(note.id),
      version: String(note.version),
      coachId: 'none',
    });
    expect(asCoach).toHaveRedirect('/super/coach/sharpening');
    // A malformed post is answered with the message, not a server error.
    const malformed = await postReassign(await sessionCookie('super'), { noteId: String(note.id), version: 'x', coachId: 'none' });
    expect(malformed.status).toBe(400);
    const malformedReply = await malformed.json();
    expect(replyErrors(malformedReply)).toEqual({ version: COACH_MESSAGES.badRequest });
    expect(replyValues(malformedReply)).toMatchObject({ noteId: String(note.id) });

    // Corrected meanwhile: no longer waiting.
    const corrected = await reviewNote(operator, { noteId: note.id, version: note.version, action: 'correct', correction: '첨삭' });
    await expect(reassignNote(operator, { noteId: note.id, version: corrected.version, coachId: null }, ORIGIN)).toBeDomainError(
      'NOTE_NOT_WAITING',
      COACH_MESSAGES.notWaiting,
    );
    expect((await noteById(note.id)).coachId).toBe(assigned);
    expect(await count()).toBe(before);
  });

  it('only ADMIN1 and ADMIN2 open /super/coaches', async () => {
    for (const [loginId, outcome] of [
      ['super', 200],
      ['admin2', 200],
      ['coach', '/super/coach/sharpening'],
      ['coach2', '/super/coach/sharpening'],
      ['product', '/super/books'],
      ['branch', '/super/tax/u/region/agency'],
    ] as const) {
      const request = makeRequest('/super/coaches', { cookie: await sessionCookie(loginId) });
      const res = await respond(() => coachesPage.loader({ request, params: {}, context: {} }));
      if (outcome === 200) expect(res.status, loginId).toBe(200);
      else expect(res, loginId).toHaveRedirect(outcome);
    }
  });
});

describe('monthly corrections', () => {
  it("counts each coach's corrections by Seoul month, this month and the last six, with the average wait", async () => {
    const coach2 = await userByLogin('coach2');
    const month = seoulMonth(now());
    const boardBefore = (await coachBoard(now())).coaches.find((c) => c.id === coach2.id)!;

    // One correction now, through the service.
    const note = await sentNote();
    await db().update(notes).set({ coachId: coach2.id }).where(eq(notes.id, note.id));
    await reviewNote(coach2, { noteId: note.id, version: note.version, action: 'correct', correction: '첨삭' });
    // Two months ago: sent at 23:30 on the last day of the month before (Seoul), corrected 00:30 on the 1st.
    const old = addMonths(month, -2);
    const first = seoulDayStart(`${old}-01`)!;
    const history = (at: Date, action: 'send' | 'correct', actorId: number) => ({
      noteId: note.id,
      actorId,
      actorRole: action === 'send' ? ('TEACHER' as const) : ('COACH' as const),
      action,
      fromState: NoteState.TEACHER_SHOW,
      toState: NoteState.WAITING_CORRECT,
      createdAt: at,
    });
    const teacher = await userByLogin('teacher');
    await db()
      .insert(noteHistory)
      .values([
        history(new Date(first.getTime() - 30 * 60_000), 'send', teacher.id),
        history(new Date(first.getTime() + 30 * 60_000), 'correct', coach2.id),
        // Seven months ago: outside the six months.
        history(new Date(seoulDayStart(`${addMonths(month, -6)}-01`)!.getTime() + 60_000), 'correct', coach2.id),
      ]);

    const after = (await coachBoard(now())).coaches.find((c) => c.id === coach2.id)!;
    expect(after.thisMonth).toBe(boardBefore.thisMonth + 1);
    expect(after.sixMonths).toBe(boardBefore.sixMonths + 2);

    const inOld = await monthlyCorrections(old);
    expect(inOld.find((r) => r.actorId === coach2.id)).toMatchObject({ corrected: 1, students: 1, averageMinutes: 60, isCoach: true });
    // The month before holds none of it (the correction is 00:30 on the 1st in Seoul, still the month before in UTC).
    expect((await monthlyCorrections(addMonths(old, -1))).find((r) => r.actorId === coach2.id)).toMatchObject({ corrected: 0 });
    // Every coach is listed, at 0 when they corrected nothing; an operator who corrected is listed too.
    const admin = await userByLogin('super');
    const byAdmin = (await monthlyCorrections(month)).find((r) => r.loginId === 'super')?.corrected ?? 0;
    const adminNote = await sentNote();
    await reviewNote(admin, { noteId: adminNote.id, version: adminNote.version, action: 'correct', correction: '첨삭' });
    const thisMonth = await monthlyCorrections(month);
    expect(thisMonth.map((r) => r.loginId)).toEqual(expect.arrayContaining(['coach', 'coach2', 'super']));
    expect(thisMonth.find((r) => r.loginId === 'super')).toMatchObject({ isCoach: false, corrected: byAdmin + 1 });
    const counted = await db()
      .select({ id: noteHistory.id })
      .from(noteHistory)
      .where(and(eq(noteHistory.action, 'correct'), eq(noteHistory.actorId, coach2.id)));
    expect(counted.length).toBeGreaterThanOrEqual(3);
  });
});

async function bookTitle(noteId: number) {
  return (await getNoteForViewer(await userByLogin('super'), noteId)).bookTitle;
}
