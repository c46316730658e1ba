import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { auditEvents, inboxItems, noticeFiles, noticePopupHides, notices, users } from '~/db/schema';
import { DEMO_POPUP_TITLE } from '~/seed/notices.server';
import { NOTICE_MESSAGES, type NoticePreview } from '~/domain/notices';
import { setClock } from '~/lib/clock.server';
import type { FormReply } from '~/lib/form-reply';
import * as adminNew from '~/routes/admin+/notices.new';
import * as adminEdit from '~/routes/admin+/notices.$noticeId_.edit';
import * as adminList from '~/routes/admin+/notices._index';
import * as adminNotice from '~/routes/admin+/notices.$noticeId';
import * as apiNotice from '~/routes/api+/total.notice.$id';
import * as popupPage from '~/routes/popup.$noticeId.$userId';
import * as download from '~/routes/resources+/notices.$noticeId.files.$fileId';
import * as superNew from '~/routes/super+/notices.new';
import * as superNotice from '~/routes/super+/notices.$noticeId';
import * as userDashboard from '~/routes/user+/dashboard';
import * as userNotice from '~/routes/user+/notices.$noticeId';
import * as userNotices from '~/routes/user+/notices._index';
import { findUserByLoginId } from '~/services/accounts.server';
import { listNotices } from '~/services/notices/notices.server';
import { createNotice, type NoticeInput } from '~/services/notices/writing.server';
import { activePopups, endOfSeoulDay, hidePopupToday } from '~/services/notices/popups.server';
import { LocalStorage, useStorage } from '~/services/storage.server';
import { csrfFor, makeRequest, respond } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { bearerFor, cookieFor, createAcademy, createStaff, createStudent, type Member } from '../support/factories';
import { replyErrors, replyValues } from '../support/form-reply';

useTestDatabase();

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'readin-notices-'));
  useStorage(new LocalStorage(root));
});
afterAll(() => {
  useStorage(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});
afterEach(() => setClock(undefined));

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

async function account(loginId: string) {
  const user = await findUserByLoginId(loginId);
  if (!user) throw new Error(`no account ${loginId}`);
  return user;
}

/** A multipart post of the notice form, as a browser sends it (empty file inputs included). */
function notePost(url: string, cookie: string, fields: Record<string, string | string[]>, files: File[] = []) {
  const form = new FormData();
  form.set('csrf', csrfFor(cookie));
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  for (const f of files) form.append('files', f);
  return new Request(new URL(url, 'http://localhost'), { method: 'POST', headers: { Cookie: cookie }, body: form });
}

const input = (over: Partial<NoticeInput> = {}): NoticeInput => ({
  title: `공지 ${Math.random().toString(36).slice(2, 8)}`,
  body: '본문입니다.',
  audience: { kind: 'ALL' },
  popupFrom: null,
  popupUntil: null,
  ...over,
});

const origin = { address: null };

async function seesNotice(user: { id: number }, noticeId: number) {
  const list = await listNotices(user.id, 1);
  return list.rows.some((r) => r.id === noticeId);
}

async function inboxOf(noticeId: number) {
  const rows = await db()
    .select({ userId: inboxItems.userId, link: inboxItems.link })
    .from(inboxItems)
    .where(and(eq(inboxItems.kind, 'NOTICE'), eq(inboxItems.link, `/user/notices/${noticeId}`)));
  const all = await db().select({ userId: inboxItems.userId, link: inboxItems.link }).from(inboxItems).where(eq(inboxItems.kind, 'NOTICE'));
  return { students: rows, all: all.filter((r) => r.link?.endsWith(`/notices/${noticeId}`)) };
}

describe('the audience rule', () => {
  let academyA: { id: number; code: string };
  let studentA: Member;
  let studentB: Member;
  let teacherA: Member;
  let headA: Member;
  let adult: Member;

  beforeAll(async () => {
    academyA = await createAcademy();
    const academyB = await createAcademy();
    studentA = await createStudent({ academy: academyA });
    studentB = await createStudent({ academy: academyB });
    teacherA = await createStaff(academyA, 'TEACHER');
    headA = await createStaff(academyA, 'HEAD');
    adult = await createStudent({ adult: true });
  });

  it('ALL reaches every member, and every active user gets one inbox item in the same transaction', async () => {
    const operator = await account('super');
    const [{ active }] = await db().select({ active: count() }).from(users).where(eq(users.status, 'ACTIVE'));
    const { id } = await createNotice(operator, input(), [], origin);
    for (const who of [studentA, studentB, teacherA, adult, await account('coach')]) expect(await seesNotice(who, id)).toBe(true);
    const inbox = await inboxOf(id);
    expect(inbox.all).toHaveLength(Number(active));
    // Each role's item opens the notice in its own area.
    const links = new Set(inbox.all.map((r) => r.link!.replace(/\d+$/, '')));
    expect(links).toEqual(new Set(['/user/notices/', '/admin/notices/', '/super/notices/']));
  });

  it('ORG_KINDS reaches the members of organisations of those kinds (an individual member is of kind student)', async () => {
    const operator = await account('super');
    const { id } = await createNotice(operator, input({ audience: { kind: 'ORG_KINDS', orgKinds: ['student'] } }), [], origin);
    expect(await seesNotice(adult, id)).toBe(true);
    expect(await seesNotice(studentA, id)).toBe(false);
    expect(await seesNotice(teacherA, id)).toBe(false);
    const inbox = await inboxOf(id);
    expect(inbox.all.map((r) => r.userId)).toContain(adult.id);
    expect(inbox.all.map((r) => r.userId)).not.toContain(studentA.id);
  });

  it('ACADEMIES reaches the staff and students of the chosen academies only', async () => {
    const operator = await account('super');
    const { id } = await createNotice(operator, input({ audience: { kind: 'ACADEMIES', academyIds: [academyA.id] } }), [], origin);
    for (const who of [studentA, teacherA, headA]) expect(await seesNotice(who, id)).toBe(true);
    for (const who of [studentB, adult]) expect(await seesNotice(who, id)).toBe(false);
    const [{ members }] = await db().select({ members: count() }).from(users).where(eq(users.organisationId, academyA.id));
    expect((await inboxOf(id)).all).toHaveLength(Number(members));
  });

  it('AUTHORITIES reaches the holders of any of them', async () => {
    const operator = await account('super');
    const { id } = await createNotice(operator, input({ audience: { kind: 'AUTHORITIES', authorities: ['HEAD', 'COACH'] } }), [], origin);
    expect(await seesNotice(headA, id)).toBe(true);
    expect(await seesNotice(await account('coach'), id)).toBe(true);
    expect(await seesNotice(teacherA, id)).toBe(false);
    expect(await seesNotice(studentA, id)).toBe(false);
    const holders = await db().select({ id: users.id, authorities: users.authorities }).from(users).where(eq(users.status, 'ACTIVE'));
    const expected = holders.filter((u) => u.authorities.includes('HEAD') || u.authorities.includes('COACH')).map((u) => u.id);
    expect((await inboxOf(id)).all.map((r) => r.userId).sort()).toEqual(expected.sort());
  });

  it("an academy notice reaches that academy's students; its staff keep it; nobody else sees it", async () => {
    const { id } = await createNotice(teacherA, input({ audience: { kind: 'AUTHORITIES', authorities: ['ADMIN1'] } }), [], origin);
    const [row] = await db().select().from(notices).where(eq(notices.id, id));
    // The posted audience of a teacher is not used: an academy notice is for its students.
    expect(row).toMatchObject({ organisationId: academyA.id, audience: { kind: 'ALL' } });
    expect(await seesNotice(studentA, id)).toBe(true);
    expect(await seesNotice(headA, id)).toBe(true);
    expect(await seesNotice(studentB, id)).toBe(false);
    expect(await seesNotice(await account('super'), id)).toBe(false);
    // Inbox: the academy's students only.
    const inbox = await inboxOf(id);
    expect(inbox.all.map((r) => r.userId)).toEqual([studentA.id]);
  });

  it('a page, a file, the API and the popup of a notice for others answer 404, like a guessed id', async () => {
    const operator = await account('super');
    const { id } = await createNotice(
      operator,
      input({ audience: { kind: 'ACADEMIES', academyIds: [academyA.id] } }),
      [{ fileName: '학원 안내.pdf', bytes: new TextEncoder().encode('%PDF') }],
      origin,
    );
    const [file] = await db().select().from(noticeFiles).where(eq(noticeFiles.noticeId, id));
    const fetchFile = async (who: Member) =>
      respond(async () =>
        download.loader(
          args(makeRequest(`/resources/notices/${id}/files/${file.id}`, { cookie: await cookieFor(who) }), {
            noticeId: String(id),
            fileId: String(file.id),
          }),
        ),
      );
    expect((await fetchFile(studentA)).status).toBe(200);
    expect((await fetchFile(studentB)).status).toBe(404);
    const outsider = await cookieFor(studentB);
    for (const noticeId of [id, 999_999]) {
      const page = await respond(() =>
        userNotice.loader(args(makeRequest(`/user/notices/${noticeId}`, { cookie: outsider }), { noticeId: String(noticeId) })),
      );
      expect(page.status).toBe(404);
      const api = await respond(() =>
        apiNotice.loader(
          args(new Request(`http://localhost/api/total/notice/${noticeId}`, { headers: { Authorization: '' } }), { id: String(noticeId) }),
        ),
      );
      expect(api.status).toBe(401);
    }
    const bearer = await bearerFor(studentB);
    const api = await apiNotice.loader(
      args(new Request(`http://localhost/api/total/notice/${id}`, { headers: { Authorization: bearer } }), { id: String(id) }),
    );
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ code: 'NOTICE_NOT_FOUND', message: NOTICE_MESSAGES.notFound });
    const popup = await respond(() =>
      popupPage.loader(
        args(makeRequest(`/popup/${id}/${studentB.id}`, { cookie: outsider }), { noticeId: String(id), userId: String(studentB.id) }),
      ),
    );
    expect(popup.status).toBe(404);
  });

  it('editing: the author and the head may, another teacher may not (403); only the fields of the form change', async () => {
    const other = await createStaff(academyA, 'TEACHER');
    const { id } = await createNotice(teacherA, input({ title: '원래 제목' }), [], origin);
    const post = async (who: Member, title: string) =>
      respond(async () =>
        adminEdit.action(
          args(
            notePost(`/admin/notices/${id}/edit`, await cookieFor(who), {
              intent: 'save',
              title,
              body: '고친 본문',
              organisationId: '1',
              authorId: '1',
            }),
            {
              noticeId: String(id),
            },
          ),
        ),
      );
    expect((await post(other, '다른 선생님')).status).toBe(403);
    const byHead = await post(headA, '원장님이 고친 제목');
    expect(byHead).toHaveRedirect(`/admin/notices/${id}`);
    await expect(byHead).toHaveFlash({ kind: 'success', message: NOTICE_MESSAGES.updated });
    const [row] = await db().select().from(notices).where(eq(notices.id, id));
    expect(row).toMatchObject({ title: '원장님이 고친 제목', body: '고친 본문', authorId: teacherA.id, organisationId: academyA.id });
  });
});

describe('writing a notice', () => {
  it('keeps what was typed and renders the preview on the server; nothing is saved', async () => {
    const cookie = await cookieFor('super');
    const before = await db().select({ n: count() }).from(notices);
    const res = await superNew.action(
      args(
        notePost('/super/notices/new', cookie, {
          intent: 'preview',
          title: '미리보기 제목',
          body: '**굵게** <script>window.__pwned=1</script>',
          audienceKind: 'AUTHORITIES',
          authorities: ['HEAD', 'TEACHER'],
        }),
      ),
    );
    const reply = (await res.json()) as FormReply<NoticePreview>;
    expect(replyValues(reply)).toMatchObject({ title: '미리보기 제목', audienceKind: 'AUTHORITIES', authorities: ['HEAD', 'TEACHER'] });
    expect(reply.data?.preview).toContain('<strong>굵게</strong>');
    expect(reply.data?.preview).not.toContain('script');
    expect(await db().select({ n: count() }).from(notices)).toEqual(before);
  });

  it('says what is wrong beside each field, with the Korean messages', async () => {
    const cookie = await cookieFor('super');
    const res = await superNew.action(
      args(
        notePost('/super/notices/new', cookie, {
          intent: 'save',
          title: '',
          body: ' ',
          audienceKind: 'ACADEMIES',
          popupFromDay: '2026-03-10',
        }),
      ),
    );
    expect(res.status).toBe(400);
    expect(replyErrors(await res.json())).toEqual({
      title: NOTICE_MESSAGES.titleRequired,
      body: NOTICE_MESSAGES.bodyRequired,
      audience: NOTICE_MESSAGES.academiesRequired,
      popup: NOTICE_MESSAGES.popupBothDays,
    });
  });

  it('drops attachment entries without a file name (spec), stores the rest under notices/<uuid>, audits the operator', async () => {
    const cookie = await cookieFor('super');
    const operator = await account('super');
    const res = await superNew.action(
      args(
        notePost(
          '/super/notices/new',
          cookie,
          {
            intent: 'save',
            title: '첨부 시험',
            body: '첨부가 있어요',
            audienceKind: 'ALL',
            popupFromDay: '2025-12-01',
            popupUntilDay: '2025-12-03',
          },
          [
            new File([], '', { type: 'application/octet-stream' }),
            new File(['이름 없는 내용'], '', { type: 'text/plain' }),
            new File(['%PDF-1.4 안내'], '3월 안내 (최종).pdf', { type: 'application/pdf' }),
          ],
        ),
      ),
    );
    const [row] = await db().select().from(notices).where(eq(notices.title, '첨부 시험'));
    expect(res).toHaveRedirect(`/super/notices/${row.id}`);
    // The period is whole Seoul days: from the start of the 1st to the end of the 3rd.
    expect(row.popupFrom?.toISOString()).toBe('2025-11-30T15:00:00.000Z');
    expect(row.popupUntil?.toISOString()).toBe('2025-12-03T15:00:00.000Z');
    const files = await db().select().from(noticeFiles).where(eq(noticeFiles.noticeId, row.id));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      fileName: '3월 안내 (최종).pdf',
      contentType: 'application/pdf',
      size: new TextEncoder().encode('%PDF-1.4 안내').length,
    });
    expect(files[0].filePath).toMatch(/^notices\/[0-9a-f-]{36}$/);
    expect(await new LocalStorage(root).list()).toContain(files[0].filePath);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'notice.create'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(audit).toMatchObject({ actorId: operator.id, targetType: 'notice', targetId: row.id });
    expect(audit.after).toMatchObject({ title: '첨부 시험', files: ['3월 안내 (최종).pdf'] });

    // The download: our route, the stored name as an RFC 6266 name, never sniffed.
    const student = await cookieFor(await createStudent());
    const fileRes = await respond(() =>
      download.loader(
        args(makeRequest(`/resources/notices/${row.id}/files/${files[0].id}`, { cookie: student }), {
          noticeId: String(row.id),
          fileId: String(files[0].id),
        }),
      ),
    );
    expect(fileRes.status).toBe(200);
    expect(fileRes.headers.get('Content-Disposition')).toBe(
      `attachment; filename="3_ __ (__).pdf"; filename*=UTF-8''3%EC%9B%94%20%EC%95%88%EB%82%B4%20%28%EC%B5%9C%EC%A2%85%29.pdf`,
    );
    expect(fileRes.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(fileRes.headers.get('Content-Type')).toBe('application/pdf');
    expect(new TextDecoder().decode(await fileRes.arrayBuffer())).toBe('%PDF-1.4 안내');
    // The file of another notice under this notice's address: 404.
    const wrong = await respond(() =>
      download.loader(
        args(makeRequest(`/resources/notices/${row.id - 1}/files/${files[0].id}`, { cookie: student }), {
          noticeId: String(row.id - 1),
          fileId: String(files[0].id),
        }),
      ),
    );
    expect(wrong.status).toBe(404);
  });

  it('refuses a sixth file and a kind that is not a document or image, storing nothing', async () => {
    const cookie = await cookieFor('super');
    const stored = async () => (await new LocalStorage(root).list()).length;
    const before = await stored();
    const six = Array.from({ length: 6 }, (_, i) => new File([`파일 ${i}`], `안내${i}.txt`, { type: 'text/plain' }));
    const tooMany = await superNew.action(
      args(notePost('/super/notices/new', cookie, { intent: 'save', title: '여섯 개', body: '본문', audienceKind: 'ALL' }, six)),
    );
    expect(tooMany.status).toBe(400);
    expect(replyErrors(await tooMany.json())).toEqual({
      files: NOTICE_MESSAGES.tooManyFiles,
    });
    const html = await superNew.action(
      args(
        notePost('/super/notices/new', cookie, { intent: 'save', title: '웹 페이지', body: '본문', audienceKind: 'ALL' }, [
          new File(['<script>1</script>'], 'a.html'),
        ]),
      ),
    );
    expect(replyErrors(await html.json())).toEqual({ files: NOTICE_MESSAGES.fileType });
    expect(await stored()).toBe(before);
    expect(await db().select().from(notices).where(eq(notices.title, '여섯 개'))).toHaveLength(0);
  });

  it('a double submit writes one notice and one set of inbox items', async () => {
    const academy = await createAcademy();
    const head = await createStaff(academy, 'HEAD');
    await createStudent({ academy });
    const cookie = await cookieFor(head);
    const post = () =>
      adminNew.action(args(notePost('/admin/notices/new', cookie, { intent: 'save', title: '두 번 누른 공지', body: '한 번만 올라가요' })));
    const [first, second] = await Promise.all([post(), post()]);
    const rows = await db().select().from(notices).where(eq(notices.title, '두 번 누른 공지'));
    expect(rows).toHaveLength(1);
    expect(first).toHaveRedirect(`/admin/notices/${rows[0].id}`);
    expect(second).toHaveRedirect(`/admin/notices/${rows[0].id}`);
    expect((await inboxOf(rows[0].id)).all).toHaveLength(1);
  });

  it("an academy that has not paid this month cannot write for its students: '이번 달 기본 결제를 해 주세요.'", async () => {
    const unpaid = await createAcademy({ paid: false });
    const teacher = await createStaff(unpaid, 'TEACHER');
    const student = await createStudent({ academy: unpaid });
    const cookie = await cookieFor(teacher);
    const res = await respond(async () => adminNew.loader(args(makeRequest('/admin/notices/new', { cookie }))));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ alert: { message: '이번 달 기본 결제를 해 주세요.' } });
    // Reading is open (an operator's notice may be about paying); editing and deleting an earlier notice are not.
    const { id } = await createNotice(teacher, input({ title: '결제 전에 쓴 공지' }), [], origin);
    expect((await respond(() => adminList.loader(args(makeRequest('/admin/notices', { cookie }))))).status).toBe(200);
    expect(
      (await respond(() => adminNotice.loader(args(makeRequest(`/admin/notices/${id}`, { cookie }), { noticeId: String(id) })))).status,
    ).toBe(200);
    for (const [name, fn] of [
      [
        'delete',
        () =>
          adminNotice.action(args(makeRequest(`/admin/notices/${id}`, { cookie, form: { intent: 'delete' } }), { noticeId: String(id) })),
      ],
      ['edit', () => adminEdit.loader(args(makeRequest(`/admin/notices/${id}/edit`, { cookie }), { noticeId: String(id) }))],
    ] as const) {
      const refused = await respond(fn);
      expect(refused.status, name).toBe(403);
      expect(await refused.json(), name).toMatchObject({ alert: { message: '이번 달 기본 결제를 해 주세요.' } });
    }
    expect(await seesNotice(student, id)).toBe(true);
  });

  it('delete (INACTIVE) takes it out of lists, pages and the API, and is audited', async () => {
    const operator = await account('super');
    const student = await createStudent();
    const { id } = await createNotice(operator, input(), [], origin);
    const res = await respond(async () =>
      superNotice.action(
        args(makeRequest(`/super/notices/${id}`, { cookie: await cookieFor(operator), form: { intent: 'delete' } }), {
          noticeId: String(id),
        }),
      ),
    );
    expect(res).toHaveRedirect('/super/notices');
    expect((await db().select().from(notices).where(eq(notices.id, id)))[0].status).toBe(200);
    expect(await seesNotice(student, id)).toBe(false);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'notice.delete'), eq(auditEvents.targetId, id)));
    expect(audit.after).toEqual({ title: expect.any(String), status: 200 });
  });
});

describe('the API: GET /api/total/notice/{id}', () => {
  it('answers the notice with its sanitised content, Markdown and files (filePath is our download address)', async () => {
    const operator = await account('super');
    const student = await createStudent();
    const { id } = await createNotice(
      operator,
      input({ title: 'API 공지', body: '# 안내\n\n<img src=x onerror=alert(1)>[열기](javascript:alert(2))' }),
      [{ fileName: '안내.txt', bytes: new TextEncoder().encode('안내') }],
      origin,
    );
    const [file] = await db().select().from(noticeFiles).where(eq(noticeFiles.noticeId, id));
    const res = await apiNotice.loader(
      args(new Request(`http://localhost/api/total/notice/${id}`, { headers: { Authorization: await bearerFor(student) } }), {
        id: String(id),
      }),
    );
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: Record<string, unknown> };
    expect(data).toEqual({
      noticeId: id,
      title: 'API 공지',
      content: '<h1>안내</h1>\n<p><img src="x" /><a>열기</a></p>\n',
      files: [{ filePath: `/resources/notices/${id}/files/${file.id}`, fileName: '안내.txt' }],
      publishedAt: expect.any(String),
      popupFrom: null,
      popupUntil: null,
    });
    // An API client downloads the file at filePath with its bearer token.
    const fileRes = await download.loader(
      args(
        new Request(`http://localhost/resources/notices/${id}/files/${file.id}`, { headers: { Authorization: await bearerFor(student) } }),
        {
          noticeId: String(id),
          fileId: String(file.id),
        },
      ),
    );
    expect(fileRes.headers.get('Content-Disposition')).toBe(
      `attachment; filename="__.txt"; filename*=UTF-8''${encodeURIComponent('안내.txt')}`,
    );
    expect(new TextDecoder().decode(await fileRes.arrayBuffer())).toBe('안내');
  });
});

describe('the popup', () => {
  it('opens for the audience during its period, and "오늘 하루 보지 않기" hides it until the end of the Seoul day', async () => {
    const operator = await account('super');
    const academy = await createAcademy();
    const student = await createStudent({ academy });
    // 23:30 in Seoul on 10 March 2026 (14:30 UTC): the Seoul day ends in 30 minutes, the UTC day in 9½ hours.
    const lateEvening = Date.parse('2026-03-10T23:30:00+09:00');
    setClock(() => lateEvening);
    const { id } = await createNotice(
      operator,
      input({
        title: '팝업 공지',
        audience: { kind: 'ACADEMIES', academyIds: [academy.id] },
        popupFrom: new Date('2026-03-09T00:00:00+09:00'),
        popupUntil: new Date('2026-03-20T00:00:00+09:00'),
      }),
      [],
      origin,
    );
    expect((await activePopups(student.id)).map((p) => p.id)).toEqual([id]);
    // Another member is not in the audience.
    expect((await activePopups((await createStudent()).id)).map((p) => p.id)).not.toContain(id);

    const cookie = await cookieFor(student);
    const hide = await respond(() =>
      popupPage.action(
        args(makeRequest(`/popup/${id}/${student.id}`, { cookie, form: { hideToday: 'on', js: '1' } }), {
          noticeId: String(id),
          userId: String(student.id),
        }),
      ),
    );
    expect(hide).toHaveRedirect(`/popup/${id}/${student.id}?closed=1`);
    const [row] = await db()
      .select()
      .from(noticePopupHides)
      .where(and(eq(noticePopupHides.userId, student.id), eq(noticePopupHides.noticeId, id)));
    expect(row.hiddenUntil.toISOString()).toBe('2026-03-10T15:00:00.000Z'); // midnight in Seoul
    expect(await activePopups(student.id)).toEqual([]);

    // A minute before midnight it is still hidden (on the server: any browser, any computer).
    setClock(() => Date.parse('2026-03-10T23:59:59+09:00'));
    expect(await activePopups(student.id)).toEqual([]);
    // The next Seoul day it opens again.
    setClock(() => Date.parse('2026-03-11T00:00:01+09:00'));
    expect((await activePopups(student.id)).map((p) => p.id)).toEqual([id]);

    // Hidden early in the Seoul morning (the UTC day before): until the end of that Seoul day, not the UTC one.
    setClock(() => Date.parse('2026-03-11T08:10:00+09:00'));
    expect((await hidePopupToday(student.id, id)).toISOString()).toBe('2026-03-11T15:00:00.000Z');
    expect(endOfSeoulDay(new Date('2026-03-11T08:10:00+09:00')).toISOString()).toBe('2026-03-11T15:00:00.000Z');

    // After the period it no longer opens.
    setClock(() => Date.parse('2026-03-20T09:00:00+09:00'));
    expect(await activePopups(student.id)).toEqual([]);
  });

  it('the popup page of another user is 404; without JavaScript 닫기 goes home, and unticked it hides nothing', async () => {
    const student = await createStudent();
    const other = await createStudent();
    const operator = await account('super');
    const { id } = await createNotice(
      operator,
      input({ title: '창 시험', popupFrom: new Date(Date.now() - 3600_000), popupUntil: new Date(Date.now() + 86_400_000) }),
      [],
      origin,
    );
    const cookie = await cookieFor(student);
    const params = (userId: number) => ({ noticeId: String(id), userId: String(userId) });
    const foreign = await respond(() => popupPage.loader(args(makeRequest(`/popup/${id}/${other.id}`, { cookie }), params(other.id))));
    expect(foreign.status).toBe(404);
    const foreignPost = await respond(() =>
      popupPage.action(args(makeRequest(`/popup/${id}/${other.id}`, { cookie, form: { hideToday: 'on' } }), params(other.id))),
    );
    expect(foreignPost.status).toBe(404);
    expect(await db().select().from(noticePopupHides).where(eq(noticePopupHides.noticeId, id))).toEqual([]);

    const own = await respond(() => popupPage.loader(args(makeRequest(`/popup/${id}/${student.id}`, { cookie }), params(student.id))));
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ notice: { id, title: '창 시험' }, userId: student.id, home: '/user/activity' });

    const closeOnly = await respond(() =>
      popupPage.action(args(makeRequest(`/popup/${id}/${student.id}`, { cookie, form: {} }), params(student.id))),
    );
    expect(closeOnly).toHaveRedirect('/user/activity');
    expect((await activePopups(student.id)).map((p) => p.id)).toContain(id);

    // The inline panel of a home page returns to that page: without the panel this time, or with the choice kept.
    const panelClose = await respond(() =>
      popupPage.action(
        args(makeRequest(`/popup/${id}/${student.id}`, { cookie, form: { returnTo: '/user/dashboard' } }), params(student.id)),
      ),
    );
    expect(panelClose).toHaveRedirect('/user/dashboard?noticePopup=closed');
    const panelHide = await respond(() =>
      popupPage.action(
        args(
          makeRequest(`/popup/${id}/${student.id}`, { cookie, form: { returnTo: '//evil.example', hideToday: 'on' } }),
          params(student.id),
        ),
      ),
    );
    expect(panelHide).toHaveRedirect('/user/activity');
    await expect(panelHide).toHaveFlash({ message: NOTICE_MESSAGES.hiddenToday });
    expect((await activePopups(student.id)).map((p) => p.id)).not.toContain(id);
  });

  it('the home page carries the popup and the newest notices; the seeded popup is for 별빛 독서교실 only', async () => {
    const seeded = (await db().select({ id: notices.id }).from(notices).where(eq(notices.title, DEMO_POPUP_TITLE)))[0].id;
    const [student14, student] = [await account('student14'), await account('student')];
    expect((await activePopups(student14.id)).map((p) => p.id)).toContain(seeded);
    const popup = (await activePopups(student14.id)).find((p) => p.id === seeded)!;
    expect(popup.files.map((f) => f.fileName)).toEqual(['리드인 이용 안내.txt']);
    expect((await activePopups(student.id)).map((p) => p.id)).not.toContain(seeded);

    const res = await userDashboard.loader(args(makeRequest('/user/dashboard', { cookie: await cookieFor('student14') })));
    const data = (await res.json()) as { popups: { id: number }[]; notices: { title: string }[]; userId: number };
    expect(data.popups.map((p) => p.id)).toContain(seeded);
    expect(data.notices.map((n) => n.title)).toContain(DEMO_POPUP_TITLE);
    const closed = await userDashboard.loader(
      args(makeRequest('/user/dashboard?noticePopup=closed', { cookie: await cookieFor('student14') })),
    );
    expect(((await closed.json()) as { popups: unknown[] }).popups).toEqual([]);

    const list = await respond(async () => userNotices.loader(args(makeRequest('/user/notices', { cookie: await cookieFor('student') }))));
    const titles = ((await list.json()) as { list: { rows: { title: string }[] } }).list.rows.map((r) => r.title);
    expect(titles).toEqual(expect.arrayContaining(['이번 주 토요일 독서 모임 안내', '겨울방학 독서 챌린지를 시작합니다']));
    expect(titles).not.toContain(DEMO_POPUP_TITLE);
    expect(titles).not.toContain('학원 관리 화면 정기 점검 안내 (일요일 새벽 2시~4시)');
  });
});
