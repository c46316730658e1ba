import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { db, executeRows } from '~/db/client.server';
import { reportComments } from '~/db/schema';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { COMMENT_MAX_LENGTH as COMMENT_MAX } from '~/domain/goals';
import { classMembersOfMonth } from './goals.server';
import { classInScope, studentInScope, type AcademyStaff } from './scope.server';
import { notifyParentsReportReady } from '~/services/parents/talk.server';

// The teacher's comment for a student's monthly report (issue 32): written on the class's report page, stored per
// student and month, shown to the parent once published. Publishing is one function (`publishReport`): what follows
// a publication (the parents' message) is called from there.

export const REPORT_COMMENT_MESSAGES = {
  required: '리포트에 실을 선생님 의견을 입력해 주세요.',
  tooLong: `선생님 의견은 ${COMMENT_MAX}자 이하로 입력해 주세요.`,
  notInClass: '이 달에 이 반에 있던 학생이 아닙니다.',
  nothingToPublish: '먼저 선생님 의견을 저장해 주세요.',
  saved: (name: string) => `${name} 학생의 리포트 의견을 저장했습니다.`,
  published: (name: string) => `${name} 학생의 리포트를 공개했습니다. 보호자에게 보입니다.`,
} as const;

/** The class report page's comment forms (server only): save, or save and publish. */
export const reportCommentSchema = z.object({
  intent: z.enum(['saveComment', 'publishComment']),
  studentId: z.preprocess((v) => Number(v) || 0, z.number()),
  comment: z.string().optional(),
});

export const REPORT_COMMENT_FIELDS = { INVALID_COMMENT: 'comment', COMMENT_REQUIRED: 'comment' } as const;

/** The comment written for the student's month, with its writer and publication, or null. */
export async function reportComment(studentId: number, month: string) {
  const [row] = await executeRows<{ comment: string; teacher: string; publishedAt: string | null }>(
    db(),
    sql`select rc.comment, t.name as teacher, rc.published_at::text as "publishedAt"
          from report_comments rc join users t on t.id = rc.written_by
         where rc.student_id = ${studentId} and rc.month = ${month}`,
  );
  return row ?? null;
}

/** A student of this class in the month, in the staff member's scope, or a 404. */
async function studentOfClass(staff: AcademyStaff, classId: number, studentId: number, month: string) {
  const klass = await classInScope(staff, classId);
  const student = await studentInScope(staff, studentId);
  const [member] = await executeRows<{ n: number }>(
    db(),
    sql`select 1 as n where ${student.id} in (${classMembersOfMonth(klass.id, month)})`,
  );
  if (!member) throw new DomainError('STUDENT_NOT_FOUND', REPORT_COMMENT_MESSAGES.notInClass, 404);
  return student;
}

/** Writes (or rewrites) the comment of the student's month report; a published one stays published. */
export async function writeReportComment(staff: AcademyStaff, classId: number, studentId: number, month: string, raw: string | undefined) {
  const student = await studentOfClass(staff, classId, studentId, month);
  const comment = (raw ?? '').trim();
  if (!comment) throw new DomainError('COMMENT_REQUIRED', REPORT_COMMENT_MESSAGES.required, 400);
  if ([...comment].length > COMMENT_MAX) throw new DomainError('INVALID_COMMENT', REPORT_COMMENT_MESSAGES.tooLong, 400);
  await db()
    .insert(reportComments)
    .values({ studentId: student.id, month, comment, writtenBy: staff.id })
    .onConflictDoUpdate({
      target: [reportComments.studentId, reportComments.month],
      set: { comment, writtenBy: staff.id, updatedAt: now() },
    });
  return student;
}

/**
 * Publishes the student's report of the month: from now on the parents' pages show it (monthlyReport with
 * `publishedOnly`). Publishing again keeps the first publication's time. Needs a written comment.
 */
export async function publishReport(staff: AcademyStaff, classId: number, studentId: number, month: string) {
  const student = await studentOfClass(staff, classId, studentId, month);
  const [row] = await db()
    .update(reportComments)
    .set({
      publishedAt: sql`coalesce(${reportComments.publishedAt}, ${now().toISOString()}::timestamptz)`,
      publishedBy: sql`coalesce(${reportComments.publishedBy}, ${staff.id})`,
    })
    .where(and(eq(reportComments.studentId, student.id), eq(reportComments.month, month)))
    .returning({ publishedAt: reportComments.publishedAt });
  if (!row) throw new DomainError('COMMENT_REQUIRED', REPORT_COMMENT_MESSAGES.nothingToPublish, 400);
  // The parents' 알림톡 "리포트가 준비되었어요" (once per student and month, only where an approved template exists and the
  // parent has not opted out: app/services/parents/talk.server.ts).
  await notifyParentsReportReady(student.id, month);
  return { student, publishedAt: row.publishedAt! };
}
