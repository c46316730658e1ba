import { BookStatus, NoteState } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { NOTE_MESSAGES } from '~/domain/notes';
import { NOTICE_MESSAGES } from '~/domain/notices';
import { addMonths, seoulMonth } from '~/lib/dates';
import { monthlyReport, reportMonth } from '../academy/parent-report.server';
import { getNoteForViewer } from '../notes/access.server';
import { listStudentNotes } from '../notes/student-notes.server';
import { readNoticeFile } from '../notices/files.server';
import { latestNotices, readNotice } from '../notices/notices.server';
import { areaResultsByMonth } from '../problems/area-months.server';
import { listBooks } from '../reading/overview.server';
import { activeChildren, childOfParent } from './links.server';

// What a parent sees of a child (issue 32; docs/decisions/039-what-a-guardian-may-see.md), each figure from the
// function the child's own pages or the printed report use: the month's figures from the printed report
// (monthlyReport), the books from the child's book lists (listBooks), the notes from the child's note list, the
// levels from the level graph, the notices the child is shown. Nothing of another child, nothing of billing.

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
  const [thisReport, lastReport, finished, reading, areas, notes, notices] = await Promise.all([
    // The figures and the level graph only: the month's comment is the report page's, once published.
    monthlyReport(child.id, month, { publishedOnly: false }),
    monthlyReport(child.id, lastMonth, { publishedOnly: false }),
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
    // The newest month whose report the teacher published (the report page opens only those), or null.
    reportMonth: thisReport.publishedAt ? month : lastReport.publishedAt ? lastMonth : null,
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

/**
 * The monthly report as the academy prints it, for one of the parent's children, once the teacher published it (before,
 * 404 '아직 공개되지 않은 리포트입니다.'): the same function and sections as the academy's copy, the parents' comment.
 */
export async function childReport(parentId: number, childId: number, month: string | null) {
  const child = await childOfParent(parentId, childId);
  return { child, report: await monthlyReport(child.id, reportMonth(month), { publishedOnly: true }) };
}

/** The child as the notices' audience rules see them (a student of their academy). */
const asChild = (child: { id: number; organisationId: number | null }) => ({
  id: child.id,
  role: 'USER' as const,
  authorities: ['STUDENT' as const],
  organisationId: child.organisationId,
});

/** Where a parent downloads an attachment of a notice the child is shown (the students' address is not theirs). */
export const childNoticeFilePath = (childId: number, noticeId: number, fileId: number) =>
  `/parent/children/${childId}/notices/${noticeId}/files/${fileId}`;

/**
 * One of the notices the child is shown (their academy's, and the platform's to students), rendered as the child's
 * own notice page renders it (readNotice), read-only. Any other notice, another academy's among them, is 404.
 */
export async function childNotice(parentId: number, childId: number, noticeId: number) {
  const child = await childOfParent(parentId, childId);
  if (!Number.isInteger(noticeId) || noticeId <= 0) throw new DomainError('NOTICE_NOT_FOUND', NOTICE_MESSAGES.notFound, 404);
  const notice = await readNotice(asChild(child), noticeId);
  return {
    child,
    notice: {
      ...notice,
      canManage: false,
      files: notice.files.map((f) => ({ ...f, href: childNoticeFilePath(child.id, notice.id, f.id) })),
    },
  };
}

/** An attachment of a notice the child is shown, for their parent; 404 otherwise. */
export async function childNoticeFile(parentId: number, childId: number, noticeId: number, fileId: number) {
  const child = await childOfParent(parentId, childId);
  return readNoticeFile(child.id, noticeId, fileId);
}
