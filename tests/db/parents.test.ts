// Parents (issue 32): sign-in by a code sent to the phone on file (rate-limited, off access refused), what a parent may
// open (their children only), the academy adding a second parent and turning access off, and the parents' 알림톡
// (a note the teacher reviewed, a finished book, 7 days without reading, the monthly report) with opt-out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '~/config.server';
import { db } from '~/db/client.server';
import { messages, noticeFiles, parentProfiles, readingRecords, users } from '~/db/schema';
import { BookStatus, NoteState, ReadMethod } from '~/domain/enums';
import { setClock } from '~/lib/clock.server';
import { formatKoreanDate, seoulDay, seoulMonth } from '~/lib/dates';
import { advanceStatus } from '~/services/book-status.server';
import { parentReport } from '~/services/academy/parent-report.server';
import { addMonths } from '~/lib/dates';
import { dashboard } from '~/services/reports.server';
import { reviewNote } from '~/services/notes/review.server';
import { saveStudentNote } from '~/services/notes/student-notes.server';
import { addParent, parentsOfStudent, setParentAccess, setParentTalk } from '~/services/parents/links.server';
import { PARENT_CODES_PER_HOUR, requestParentCode, verifyParentCode } from '~/services/parents/sign-in.server';
import { notifyParentsOfLapses, notifyParentsReportReady } from '~/services/parents/talk.server';
import { childNote, childNotice, childOverview, childReport } from '~/services/parents/view.server';
import { createNotice } from '~/services/notices/writing.server';
import { LocalStorage, useStorage } from '~/services/storage.server';
import * as parentNotice from '~/routes/parent+/children.$childId.notices.$noticeId';
import * as parentNoticeFile from '~/routes/parent+/children.$childId.notices.$noticeId_.files.$fileId';
import { makeRequest, respond } from '../support/auth';
import { assignBook, cookieFor, createAcademy, createStaff, createStudent, defaultAcademy } from '../support/factories';
import { LONG_NOTE, userByLogin } from '../support/notes';
import { useTestDatabase } from '../support/db';

useTestDatabase();

/** The code the parent's phone received last (the SMS body carries it). */
async function lastCode(phone: string) {
  const [row] = await db().select().from(messages).where(eq(messages.phone, phone)).orderBy(desc(messages.id)).limit(1);
  return /(\d{6})/.exec(row?.body ?? '')?.[1] ?? null;
}

async function signInParent(phone: string) {
  await requestParentCode(phone);
  return verifyParentCode(phone, (await lastCode(phone))!, '10.0.0.1');
}

/** A student of a fresh academy with a guardian's phone on file, and the academy's head. */
async function familyOf(phone: string) {
  const academy = await defaultAcademy();
  const student = await createStudent({ academy });
  await db().update(users).set({ parentPhone: phone }).where(eq(users.id, student.id));
  const head = await createStaff(academy, 'HEAD');
  return { student, head, academy };
}

const DAY = 24 * 60 * 60 * 1000;
let seq = 0;
const newPhone = () => `010-66${String(++seq).padStart(2, '0')}-${String(1000 + seq)}`;

describe('parent sign-in by phone code', () => {
  it('signs in the demo parent of two children of two academies with the code sent by SMS', async () => {
    const parent = await signInParent('010-2100-0001');
    expect(parent.authorities).toEqual(['PARENT']);
    const overview = await childOverview(parent.id, (await userByLogin('student')).id);
    expect(overview.children.map((c) => c.name)).toEqual(['김하늘', '강예린']);
    expect(new Set(overview.children.map((c) => c.academy)).size).toBe(2);
    const [sms] = await db().select().from(messages).where(eq(messages.phone, '010-2100-0001')).orderBy(desc(messages.id)).limit(1);
    expect(sms.kind).toBe('PARENT_SIGN_IN_CODE');
    expect(sms.body).toMatch(/^\[리드인\] 보호자 로그인 인증번호는 \d{6} 입니다\. 10분 안에 입력해 주세요\.$/);
  });

  it('links a phone on file at its first code and answers alike for a phone on no record', async () => {
    const phone = newPhone();
    const { student } = await familyOf(phone);
    await expect(requestParentCode(phone)).resolves.toEqual({ phone });
    await expect(requestParentCode('010-6999-0000')).resolves.toEqual({ phone: '010-6999-0000' });
    expect(await lastCode('010-6999-0000')).toBeNull();
    const parent = await verifyParentCode(phone, (await lastCode(phone))!, null);
    expect((await parentsOfStudent(student.id)).map((p) => p.status)).toEqual(['ACTIVE']);
    expect(parent.role).toBe('USER');
  });

  it('refuses a wrong code with its message and counts it against the phone', async () => {
    const phone = newPhone();
    await familyOf(phone);
    await requestParentCode(phone);
    const code = (await lastCode(phone))!;
    const wrong = code === '000000' ? '111111' : '000000';
    await expect(verifyParentCode(phone, wrong, null)).rejects.toMatchObject({
      code: 'PARENT_CODE_MISMATCH',
      message: '인증번호가 맞지 않습니다. 다시 확인해 주세요.',
    });
    for (let i = 0; i < 4; i++) await expect(verifyParentCode(phone, wrong, null)).rejects.toMatchObject({ status: 400 });
    await expect(verifyParentCode(phone, code, null)).rejects.toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      status: 429,
      message: '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    });
  });

  it('sends a phone at most five codes an hour', async () => {
    const phone = newPhone();
    await familyOf(phone);
    for (let i = 0; i < PARENT_CODES_PER_HOUR; i++) await requestParentCode(phone);
    await expect(requestParentCode(phone)).rejects.toMatchObject({
      code: 'TOO_MANY_CODE_REQUESTS',
      status: 429,
      message: '인증번호 요청이 너무 많습니다. 1시간 뒤에 다시 시도해 주세요.',
    });
    const sent = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.phone, phone), eq(messages.kind, 'PARENT_SIGN_IN_CODE')));
    expect(sent).toHaveLength(PARENT_CODES_PER_HOUR);
  });

  it('refuses a malformed phone', async () => {
    await expect(requestParentCode('12345')).rejects.toMatchObject({ message: '휴대폰 번호를 010-1234-5678 형식으로 입력해 주세요.' });
  });
});

describe('what the academy decides', () => {
  it('adds a second parent, and turning access off closes that child; with no child left the parent cannot sign in', async () => {
    const phone = newPhone();
    const { student, head } = await familyOf(phone);
    const first = await signInParent(phone);
    const second = newPhone();
    await addParent(head, student.id, { name: '박보호', phone: second });
    await expect(addParent(head, student.id, { name: '박보호', phone: second })).rejects.toMatchObject({
      message: '이미 등록된 보호자입니다.',
    });
    await expect(addParent(head, student.id, { name: '셋째', phone: newPhone() })).rejects.toMatchObject({
      message: '보호자는 학생 한 명에 두 명까지 등록할 수 있습니다.',
    });
    const links = await parentsOfStudent(student.id);
    expect(links.map((l) => [l.name, l.fromAcademy])).toEqual([
      [expect.any(String), false],
      ['박보호', true],
    ]);
    const secondParent = await signInParent(second);
    await expect(childOverview(secondParent.id, student.id)).resolves.toMatchObject({ child: { id: student.id } });

    await setParentAccess(head, student.id, links[0].linkId, 'OFF');
    await expect(childOverview(first.id, student.id)).rejects.toMatchObject({ status: 404, message: '자녀를 찾을 수 없습니다.' });
    await requestParentCode(phone);
    await expect(verifyParentCode(phone, (await lastCode(phone))!, null)).rejects.toMatchObject({
      code: 'PARENT_NO_ACTIVE_CHILD',
      status: 403,
      message: '학원이 보호자 열람을 중지하여 로그인할 수 없습니다. 학원에 문의해 주세요.',
    });
    // The phone on file does not turn it on again.
    expect((await parentsOfStudent(student.id))[0].status).toBe('OFF');
  });

  it('another academy cannot turn off or add parents of a student not theirs', async () => {
    const { student } = await familyOf(newPhone());
    const otherHead = await createStaff({ id: (await userByLogin('head')).organisationId! }, 'HEAD');
    await expect(addParent(otherHead, student.id, { name: '남', phone: newPhone() })).rejects.toMatchObject({ status: 404 });
  });
});

describe('what a parent sees', () => {
  it("shows each child's figures from the printed report and the child's dashboard, and 404 for a third child", async () => {
    const parent = await signInParent('010-2100-0001');
    const child = await userByLogin('student');
    const overview = await childOverview(parent.id, child.id);
    const head = await userByLogin('head');
    const printed = await parentReport(head, child.id, seoulMonth());
    expect(overview.thisMonth).toEqual(printed.figures);
    const own = await dashboard(child.id);
    expect(overview.thisMonth.minutes).toBe(own.thisMonth.minutes);
    expect(overview.thisMonth.pages).toBe(own.thisMonth.pages);
    expect(overview.thisMonth.booksCompleted).toBe(own.thisMonth.booksCompleted);
    expect(overview.areas).toHaveLength(6);
    expect(overview.areas[5].areas.map((a) => a.label)).toEqual(['사실적 이해', '추론적 이해', '비판적 이해', '어휘', '창의적 이해']);
    expect(overview.notes.every((n) => n.state !== NoteState.NONE)).toBe(true);
    // The report page: only a month the teacher published (the demo: last month, not yet this one), the same figures.
    await expect(childReport(parent.id, child.id, null)).rejects.toMatchObject({
      status: 404,
      message: '아직 공개되지 않은 리포트입니다.',
    });
    const lastMonth = addMonths(seoulMonth(), -1);
    const report = await childReport(parent.id, child.id, lastMonth);
    expect(report.report.figures).toEqual((await parentReport(head, child.id, lastMonth)).figures);
    expect(report.report.comment?.published).toBe(true);
    expect(overview.reportMonth).toBe(lastMonth);

    const third = await userByLogin('student3');
    await expect(childOverview(parent.id, third.id)).rejects.toMatchObject({ status: 404 });
    await expect(childReport(parent.id, third.id, null)).rejects.toMatchObject({ status: 404 });
  });

  it("opens a child's note with the teacher's comment, and not another child's note", async () => {
    const phone = newPhone();
    const { student, head } = await familyOf(phone);
    const parent = await signInParent(phone);
    const rb = await assignBook({ student, status: BookStatus.NOTE });
    const { note } = await saveStudentNote(student.id, { resultBookId: rb.id, text: LONG_NOTE, submit: true });
    await reviewNote(head, { noteId: note.id, action: 'comment', version: note.version, comment: '주인공의 마음을 잘 짚었어요.' });
    const seen = await childNote(parent.id, student.id, note.id);
    expect(seen.comments).toEqual([expect.objectContaining({ by: 'TEACHER', text: '주인공의 마음을 잘 짚었어요.' })]);
    expect(seen.note.text).toBe(LONG_NOTE);

    const other = await familyOf(newPhone());
    const rb2 = await assignBook({ student: other.student, status: BookStatus.NOTE });
    const { note: otherNote } = await saveStudentNote(other.student.id, { resultBookId: rb2.id, text: LONG_NOTE, submit: true });
    await expect(childNote(parent.id, student.id, otherNote.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe("a notice's own page for parents", () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'readin-parent-notices-'));
    useStorage(new LocalStorage(root));
  });
  afterAll(() => {
    useStorage(undefined);
    fs.rmSync(root, { recursive: true, force: true });
  });

  const input = (title: string) => ({
    title,
    body: '**토요일 10시** 독서 모임',
    audience: { kind: 'ALL' as const },
    popupFrom: null,
    popupUntil: null,
  });
  const upload = (name: string) => [{ fileName: name, bytes: new TextEncoder().encode(`${name} 내용`) }];
  const origin = { address: null };

  it("opens a notice of the child's academy with its attachment, and 404 for another academy's notice", async () => {
    const phone = newPhone();
    const { student, head } = await familyOf(phone);
    const parent = await signInParent(phone);
    const own = await createNotice(head, input('우리 학원 독서 모임'), upload('모임 안내.txt'), origin);
    const otherHead = await createStaff(await createAcademy(), 'HEAD');
    const other = await createNotice(otherHead, input('다른 학원 공지'), upload('다른 안내.txt'), origin);

    // The child's page lists it; its page renders it as the child's own notice page does, read-only.
    expect((await childOverview(parent.id, student.id)).notices.map((n) => n.id)).toContain(own.id);
    const seen = await childNotice(parent.id, student.id, own.id);
    expect(seen.notice).toMatchObject({ title: '우리 학원 독서 모임', canManage: false });
    expect(seen.notice.html).toContain('<strong>토요일 10시</strong>');
    const [file] = seen.notice.files;
    expect(file.href).toBe(`/parent/children/${student.id}/notices/${own.id}/files/${file.id}`);
    await expect(childNotice(parent.id, student.id, other.id)).rejects.toMatchObject({
      status: 404,
      message: '공지사항을 찾을 수 없습니다.',
    });

    // Through the routes, signed in as the parent: the page and the file of their child's academy, 404 for the other's.
    const cookie = await cookieFor(parent);
    const page = (noticeId: number) =>
      respond(() =>
        parentNotice.loader({
          request: makeRequest(`/parent/children/${student.id}/notices/${noticeId}`, { cookie }),
          params: { childId: String(student.id), noticeId: String(noticeId) },
          context: {},
        }),
      );
    expect((await page(own.id)).status).toBe(200);
    expect((await page(other.id)).status).toBe(404);
    const download = async (noticeId: number, childId = student.id) => {
      const [row] = await db().select().from(noticeFiles).where(eq(noticeFiles.noticeId, noticeId));
      return respond(() =>
        parentNoticeFile.loader({
          request: makeRequest(`/parent/children/${childId}/notices/${noticeId}/files/${row.id}`, { cookie }),
          params: { childId: String(childId), noticeId: String(noticeId), fileId: String(row.id) },
          context: {},
        }),
      );
    };
    const got = await download(own.id);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('모임 안내.txt 내용');
    expect((await download(other.id)).status).toBe(404);
    // A child not theirs: 404 for the page and the file, whatever the notice.
    const stranger = await createStudent({ academy: await defaultAcademy() });
    await expect(childNotice(parent.id, stranger.id, own.id)).rejects.toMatchObject({ status: 404, message: '자녀를 찾을 수 없습니다.' });
    expect((await download(own.id, stranger.id)).status).toBe(404);

    // Signed out: the parents' sign-in, keeping the address.
    const signedOut = await respond(() =>
      parentNotice.loader({
        request: makeRequest(`/parent/children/${student.id}/notices/${own.id}`),
        params: { childId: String(student.id), noticeId: String(own.id) },
        context: {},
      }),
    );
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('Location')).toBe(
      `/member/parent?${new URLSearchParams({ redirectTo: `/parent/children/${student.id}/notices/${own.id}` })}`,
    );
  });
});

describe("parents' 알림톡", () => {
  const parentTalk = (phone: string, kind: string) =>
    db()
      .select()
      .from(messages)
      .where(and(eq(messages.phone, phone), eq(messages.kind, kind)));

  it("a teacher's review sends the parent the note's link; an opted-out parent gets none", async () => {
    const phone = newPhone();
    const { student, head } = await familyOf(phone);
    const parent = await signInParent(phone);
    const rb = await assignBook({ student, status: BookStatus.NOTE });
    const { note } = await saveStudentNote(student.id, { resultBookId: rb.id, text: LONG_NOTE, submit: true });
    const reviewed = await reviewNote(head, { noteId: note.id, action: 'comment', version: note.version, comment: '좋아요.' });
    const [talk] = await parentTalk(phone, 'PARENT_NOTE_REVIEWED');
    expect(talk.recipientUserId).toBe(parent.id);
    // Absolute, on the site's address (PUBLIC_URL; here, outside production, the server's own), ending the message.
    expect(talk.body.endsWith(`\n${config().linkOrigin}/parent/children/${student.id}/notes/${note.id}`)).toBe(true);
    expect(config().linkOrigin).toMatch(/^https?:\/\/[^/]+$/);
    expect(talk.channel).toBe('TALK');
    // The phone on file is the parent's account now: no copy of the student's NOTE_COMMENT goes to it.
    expect(await parentTalk(phone, 'NOTE_COMMENT')).toHaveLength(0);

    await setParentTalk(parent.id, false);
    await reviewNote(head, { noteId: note.id, action: 'complete', version: reviewed.version });
    expect(await parentTalk(phone, 'PARENT_NOTE_REVIEWED')).toHaveLength(1);
    const [profile] = await db().select().from(parentProfiles).where(eq(parentProfiles.userId, parent.id));
    expect(profile.talkOptOutAt).not.toBeNull();
  });

  it('a finished book tells the parent once', async () => {
    const phone = newPhone();
    const { student } = await familyOf(phone);
    await signInParent(phone);
    const rb = await assignBook({ student, status: BookStatus.NOTE });
    await saveStudentNote(student.id, { resultBookId: rb.id, text: LONG_NOTE, submit: true });
    const finished = await parentTalk(phone, 'PARENT_BOOK_FINISHED');
    expect(finished).toHaveLength(1);
    expect(finished[0].body).toContain(`/parent/children/${student.id}`);
    expect(await advanceStatus(rb.id, BookStatus.NOTE)).toBe(false);
    expect(await parentTalk(phone, 'PARENT_BOOK_FINISHED')).toHaveLength(1);
  });

  it('no reading for 7 days is sent once per lapse, not to a parent whose access is off', async () => {
    const phone = newPhone();
    const { student, head } = await familyOf(phone);
    await signInParent(phone);
    // A child who never read has no lapse.
    await notifyParentsOfLapses();
    expect(await parentTalk(phone, 'PARENT_NO_READING')).toHaveLength(0);
    const rb = await assignBook({ student, status: BookStatus.ACTIVITY });
    const readOn = async (daysAgo: number) =>
      db()
        .insert(readingRecords)
        .values({
          userId: student.id,
          resultBookId: rb.id,
          startPage: 1,
          endPage: 10,
          minutes: 20,
          readDate: seoulDay(new Date(Date.now() - daysAgo * DAY)),
          readMethod: ReadMethod.FREE,
          submissionKey: `lapse-${student.id}-${daysAgo}`,
        });
    await readOn(8);
    await notifyParentsOfLapses();
    await notifyParentsOfLapses();
    const sent = await parentTalk(phone, 'PARENT_NO_READING');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toContain(formatKoreanDate(seoulDay(new Date(Date.now() - 8 * DAY))));
    // Reading again ends the lapse; a new one (here: the same day seen 7 days later) sends again.
    await readOn(7);
    await notifyParentsOfLapses();
    expect(await parentTalk(phone, 'PARENT_NO_READING')).toHaveLength(2);
    // Access off: nothing.
    await readOn(0);
    const [link] = await parentsOfStudent(student.id);
    await setParentAccess(head, student.id, link.linkId, 'OFF');
    setClock(() => Date.now() + 9 * DAY);
    try {
      await notifyParentsOfLapses();
    } finally {
      setClock(undefined);
    }
    expect(await parentTalk(phone, 'PARENT_NO_READING')).toHaveLength(2);
  });

  it('the monthly report ready: one message per parent with the report link, none when opted out', async () => {
    const phone = newPhone();
    const { student } = await familyOf(phone);
    const parent = await signInParent(phone);
    const month = seoulMonth();
    const written = await notifyParentsReportReady(student.id, month);
    expect(written).toHaveLength(1);
    const [talk] = await parentTalk(phone, 'PARENT_REPORT_READY');
    expect(talk.body).toContain(`/parent/children/${student.id}/report?month=${month}`);
    expect(await notifyParentsReportReady(student.id, month)).toHaveLength(0);
    await setParentTalk(parent.id, false);
    const other = seoulMonth(new Date(Date.now() - 40 * 24 * 3600 * 1000));
    expect(await notifyParentsReportReady(student.id, other)).toHaveLength(0);
    await setParentTalk(parent.id, true);
    expect(await notifyParentsReportReady(student.id, other)).toHaveLength(1);
  });
});
