import { afterEach, describe, expect, it } from 'vitest';
import { BookStatus } from '~/domain/enums';
import { setClock } from '~/lib/clock.server';
import { loader as staffStudentBooks } from '~/routes/admin+/students_.$studentId';
import { loader as studentBookInfo } from '~/routes/user+/activity.readingBook.info.$resultBookId';
import { loader as readingPage } from '~/routes/user+/activity.readingBook.$resultBookId';
import { dashboard } from '~/services/reports.server';
import { saveRecord } from '~/services/reading/records.server';
import { makeRequest } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { assignBook, cookieFor, createClass, createStaff, createStudent, defaultAcademy } from '../support/factories';

useTestDatabase();
afterEach(() => setClock(undefined));

// 2026-12-01 00:30 in Seoul is still 2026-11-30 15:30 in UTC: the day and the month differ between the two zones.
const HALF_PAST_MIDNIGHT_SEOUL = Date.parse('2026-11-30T15:30:00Z');

const args = (request: Request, params: Record<string, string>) => ({ request, params, context: {} });
const body = async (res: unknown) => (res instanceof Response ? res.json() : res) as Promise<any>;

describe('a record made at 00:30 in Seoul', () => {
  it('shows the same Seoul day to the teacher and to the student, and counts in the Seoul month', async () => {
    setClock(() => HALF_PAST_MIDNIGHT_SEOUL);
    const academy = await defaultAcademy();
    const teacher = await createStaff(academy);
    const student = await createStudent({ academy });
    await createClass(academy, { teachers: [teacher], students: [student] });
    const assigned = await assignBook({ student, by: teacher, status: BookStatus.ACTIVITY });

    const staffView = await body(
      await staffStudentBooks(
        args(makeRequest(`/admin/students/${student.id}`, { cookie: await cookieFor(teacher) }), { studentId: String(student.id) }),
      ),
    );
    const studentView = await body(
      await studentBookInfo(
        args(makeRequest(`/user/activity/readingBook/info/${assigned.id}`, { cookie: await cookieFor(student) }), {
          resultBookId: String(assigned.id),
        }),
      ),
    );
    expect(staffView.books.find((b: { resultBookId: number }) => b.resultBookId === assigned.id).assignedAt).toBe('2026년 12월 1일');
    expect(studentView.book.assignedOn).toBe('2026년 12월 1일');

    // A record saved now is dated the Seoul day, and the dashboard counts it in December, not November.
    await saveRecord(student.id, assigned.id, { startPage: 1, endPage: 10, minutes: 20, submissionKey: crypto.randomUUID() });
    const reading = await body(
      await readingPage(
        args(makeRequest(`/user/activity/readingBook/${assigned.id}`, { cookie: await cookieFor(student) }), {
          resultBookId: String(assigned.id),
        }),
      ),
    );
    expect(reading.today).toBe('2026-12-01');
    expect(reading.records.map((r: { date: string }) => r.date)).toEqual(['2026-12-01']);
    const board = await dashboard(student.id);
    expect(board.thisMonth).toMatchObject({ minutes: 20, pages: 10 });
  });
});
