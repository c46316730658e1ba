import { BookStatus, NoteState } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { NOTE_MESSAGES } from '~/domain/notes';
import { NOTICE_MESSAGES } from '~/domain/notices';
import { addMonths, seoulMonth } from '~/lib/dates';
import { parentReport, reportMonth } from '../academy/parent-report.server';
import type { AcademyStaff } from '../academy/scope.server';
import { getNoteForViewer } from '../notes/access.server';
import { listStudentNotes } from '../notes/student-notes.server';
import { findVisibleNotice, latestNotices } from '../notices/notices.server';
import { areaResultsByMonth } from '../problems/area-months.server';
import { listBooks } from '../reading/overview.server';
import { activeChildren, childOfParent, type ParentChild } from './links.server';

// What a parent sees of a child (issue 32; docs/decisions/039-what-a-guardian-may-see.md), each figure from the
// function the child's own pages or the printed report use: the month's figures from the printed report
// (parentReport), the books from the child's book lists (listBooks), the notes from the child's note list, the
// levels from the level graph, the notices the child is shown. Nothing of another child, nothing of billing.

/**
 * The printed report reads as the child's academy (its head's view, limited to this one child): a parent reaches it
 * only through childOfParent, which has already checked the link.
 */
const academyView = (child: ParentChild): AcademyStaff => ({
  id: 0,
  role: 'ADMIN',
  organisationId: child.organisationId,
  authorities: ['HEAD'],
});

/** The area's home: the parent's children (for the switcher). */
export async function parentHome(parentId: number) {
  return { children: await activeChildren(parentId) };
}

const IN_PROGRESS: BookStatus[] = [
  BookStatus.WAITING,
  BookStatus.PRE_ACTIVITY_COMPLETE,
  BookStatus.ACTIVITY,
  BookStatus.DIAGNOSIS,
  BookStatus.NOTE,
];

/** One child's page: this month against last month, books, areas by month, latest notes and notices. */
export async function childOverview(parentId: number, childId: number) {
  const [children, child] = await Promise.all([activeChildren(parentId), childOfParent(parentId, childId)]);
  const month = seoulMonth(now());
  const lastMonth = addMonths(month, -1);
  const view = academyView(child);
  const [thisReport, lastReport, finished, reading, areas, notes, notices] = await Promise.all([
    parentReport(view, child.id, month),
    parentReport(view, child.id, lastMonth),
    listBooks(child.id, [BookStatus.COMPLETE], 1, 10),
    listBooks(child.id, IN_PROGRESS, 1, 10),
    areaResultsByMonth(child.id, month, 6),
    listStudentNotes(child.id, 1),
    latestNotices(child.id, 5),
  ]);
  return {
    children,
    child,
    month,
    lastMonth,
    thisMonth: thisReport.figures,
    previousMonth: lastReport.figures,
    levels: thisReport.levels,
    currentLevel: thisReport.currentLevel,
    finished,
    reading,
    areas,
    // A draft the child has not submitted is theirs alone.
    notes: notes.items.filter((n) => n.state !== NoteState.NONE),
    notices,
  };
}

const noteNotFound = () => new DomainError('NOTE_NOT_FOUND', NOTE_MESSAGES.notFound, 404);

/** One of the child's submitted notes with the teacher's and the coach's comments, read-only. */
export async function childNote(parentId: number, childId: number, noteId: number) {
  const child = await childOfParent(parentId, childId);
  if (!Number.isInteger(noteId) || noteId <= 0) throw noteNotFound();
  // Opened as the child opens it: another child's note is "not found".
  const note = await getNoteForViewer(
    { id: child.id, role: 'USER', authorities: ['STUDENT'], organisationId: child.organisationId },
    noteId,
  );
  if (note.note.state === NoteState.NONE) throw noteNotFound();
  return {
    child,
    note: {
      id: note.note.id,
      state: note.note.state,
      text: note.note.note,
      correction: note.note.correction,
      submittedAt: note.note.submittedAt,
      bookTitle: note.bookTitle,
      bookAuthor: note.bookAuthor,
    },
    comments: note.history
      .filter((h) => h.comment && (h.actorRole === 'TEACHER' || h.actorRole === 'COACH'))
      .map((h) => ({ id: h.id, by: h.actorRole as 'TEACHER' | 'COACH', name: h.actorName, text: h.comment!, at: h.createdAt })),
  };
}

/** The monthly report as the academy prints it, for one of the parent's children. */
export async function childReport(parentId: number, childId: number, month: string | null) {
  const child = await childOfParent(parentId, childId);
  return { child, report: await parentReport(academyView(child), child.id, reportMonth(month)) };
}

/** One of the notices the child is shown. */
export async function childNotice(parentId: number, childId: number, noticeId: number) {
  const child = await childOfParent(parentId, childId);
  const notice = Number.isInteger(noticeId) && noticeId > 0 ? await findVisibleNotice(child.id, noticeId) : null;
  if (!notice) throw new DomainError('NOTICE_NOT_FOUND', NOTICE_MESSAGES.notFound, 404);
  return { child, notice };
}
