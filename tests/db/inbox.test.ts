import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { countQueries } from '~/db/query-count.server';
import { inboxItems, notes } from '~/db/schema';
import { NoteState } from '~/domain/enums';
import { INBOX_MESSAGES, INBOX_PAGE_SIZE } from '~/domain/inbox';
import * as adminLayout from '~/routes/admin+/_layout';
import * as adminInbox from '~/routes/admin+/message._index';
import * as apiList from '~/routes/api+/user.message._index';
import * as apiMessage from '~/routes/api+/user.message.$id';
import * as apiReadAll from '~/routes/api+/user.message.readAll';
import * as superLayout from '~/routes/super+/_layout';
import * as userLayout from '~/routes/user+/_layout';
import * as inboxItemPage from '~/routes/user+/message.$id';
import * as inboxPage from '~/routes/user+/message._index';
import { addInboxItems, listInbox } from '~/services/inbox.server';
import { saveStudentNote } from '~/services/notes/student-notes.server';
import { reviewNote } from '~/services/notes/review.server';
import { makeRequest, respond, sessionCookie, xsrfFor } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { createStudent } from '../support/factories';
import { LONG_NOTE, noteBook, userByLogin } from '../support/notes';

useTestDatabase();

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

async function itemsOf(userId: number) {
  return db().select().from(inboxItems).where(eq(inboxItems.userId, userId)).orderBy(inboxItems.id);
}

/** A fresh member with `n` unread items (ids returned oldest first). */
async function memberWithItems(n: number) {
  const member = await createStudent();
  await addInboxItems(
    Array.from({ length: n }, (_, i) => ({ userId: member.id, kind: 'NOTICE' as const, title: `공지 ${i + 1}`, body: `내용 ${i + 1}` })),
  );
  const ids = (await itemsOf(member.id)).map((r) => r.id);
  return { member, ids, cookie: await sessionCookie(member.loginId) };
}

describe('demo inbox', () => {
  it("holds the student's comment notifications and the inquiry answer, read and unread", async () => {
    const student = await userByLogin('student');
    const items = await itemsOf(student.id);
    const comments = items.filter((i) => i.kind === 'COMMENT');
    expect(comments.length).toBeGreaterThan(1);
    expect(comments.some((i) => i.readAt === null)).toBe(true);
    expect(comments.some((i) => i.readAt !== null)).toBe(true);
    expect(comments.every((i) => i.link?.startsWith('/user/activity/readingBook/note/'))).toBe(true);
    // Unread only where the note still shows its new-comment mark.
    const unreadNotes = await db()
      .select({ resultBookId: notes.resultBookId })
      .from(notes)
      .where(and(eq(notes.userId, student.id), eq(notes.hasUnreadComment, true)));
    expect(unreadNotes.map((n) => `/user/activity/readingBook/note/${n.resultBookId}`)).toEqual(
      expect.arrayContaining(comments.filter((i) => i.readAt === null).map((i) => i.link)),
    );
    const answer = items.find((i) => i.kind === 'INQUIRY');
    expect(answer).toMatchObject({ title: '1:1 문의에 답변이 등록되었습니다', readAt: null });
    expect(answer?.link).toMatch(/^\/user\/inquiry\/\d+$/);
  });
});

describe('the inbox page', () => {
  it('lists newest first, 20 a page, with the unread count; reading the list or an item writes nothing', async () => {
    const { member, ids, cookie } = await memberWithItems(INBOX_PAGE_SIZE + 3);
    const res = await respond(() => inboxPage.loader(args(makeRequest('/user/message', { cookie }))));
    expect(res.status).toBe(200);
    const { list, base } = await res.json();
    expect(base).toBe('/user/message');
    expect([list.total, list.unread, list.pages, list.items.length]).toEqual([23, 23, 2, 20]);
    expect(list.items[0].title).toBe('공지 23');
    const second = await (await respond(() => inboxPage.loader(args(makeRequest('/user/message?page=2', { cookie }))))).json();
    expect(second.list.items.map((i: { title: string }) => i.title)).toEqual(['공지 3', '공지 2', '공지 1']);

    const item = await respond(() =>
      inboxItemPage.loader(args(makeRequest(`/user/message/${ids[0]}`, { cookie }), { id: String(ids[0]) })),
    );
    expect((await item.json()).item).toMatchObject({ title: '공지 1', readAt: null });
    expect((await itemsOf(member.id)).every((r) => r.readAt === null)).toBe(true);
  });

  it('opening marks the item read once and goes to its page (or the item itself); another member gets 404', async () => {
    const { member, ids, cookie } = await memberWithItems(2);
    await db().update(inboxItems).set({ link: '/user/inquiry/99' }).where(eq(inboxItems.id, ids[1]));
    const open = (id: number, as = cookie, intent = 'open') =>
      respond(() => inboxItemPage.action(args(makeRequest(`/user/message/${id}`, { cookie: as, form: { intent } }), { id: String(id) })));

    expect(await open(ids[1])).toHaveRedirect('/user/inquiry/99');
    expect(await open(ids[0])).toHaveRedirect(`/user/message/${ids[0]}`);
    const first = (await itemsOf(member.id)).map((r) => r.readAt?.getTime());
    expect(first.every(Boolean)).toBe(true);
    // A repeat keeps the first time.
    await open(ids[0]);
    expect((await itemsOf(member.id)).map((r) => r.readAt?.getTime())).toEqual(first);

    const other = await sessionCookie((await createStudent()).loginId);
    expect((await open(ids[0], other)).status).toBe(404);
    const peek = await respond(() =>
      inboxItemPage.loader(args(makeRequest(`/user/message/${ids[0]}`, { cookie: other }), { id: String(ids[0]) })),
    );
    expect(peek.status).toBe(404);
    expect(await peek.text()).toBe(INBOX_MESSAGES.notFound);
  });

  it("'모두 읽음' marks every unread item; the menu's count follows in one query", async () => {
    const { member, cookie } = await memberWithItems(3);
    const layout = async () => (await respond(() => userLayout.loader(args(makeRequest('/user/message', { cookie }))))).json();
    expect((await layout()).badges).toEqual({ '/user/message': { count: 3, label: '읽지 않은 메시지' } });
    const done = await respond(() => inboxPage.action(args(makeRequest('/user/message', { cookie, form: { intent: 'read-all' } }))));
    expect(done).toHaveRedirect('/user/message');
    await expect(done).toHaveFlash({ message: INBOX_MESSAGES.allRead });
    expect(
      await db()
        .select()
        .from(inboxItems)
        .where(and(eq(inboxItems.userId, member.id), isNull(inboxItems.readAt))),
    ).toHaveLength(0);
    expect((await layout()).badges).toEqual({});
    const again = await respond(() => inboxPage.action(args(makeRequest('/user/message', { cookie, form: { intent: 'read-all' } }))));
    await expect(again).toHaveFlash({ message: INBOX_MESSAGES.nothingUnread });

    // The count costs one query whatever the number of items.
    const { unreadCount } = await import('~/services/inbox.server');
    expect((await countQueries(() => unreadCount(member.id))).queries).toHaveLength(1);
  });

  it('academy staff have the same inbox at /admin/message; operators see waiting inquiries on their menu', async () => {
    const head = await userByLogin('head');
    await addInboxItems([{ userId: head.id, kind: 'NOTICE', title: '학원 공지', body: '내용' }]);
    const cookie = await sessionCookie('head');
    const page = await (await respond(() => adminInbox.loader(args(makeRequest('/admin/message', { cookie }))))).json();
    expect(page.base).toBe('/admin/message');
    expect(page.list.items[0].title).toBe('학원 공지');
    const layout = await (await respond(() => adminLayout.loader(args(makeRequest('/admin/dashboard', { cookie }))))).json();
    expect(layout.badges['/admin/message'].count).toBe(page.list.unread);
    // A student's session on the admin address is signed out, as every area guard does.
    const studentCookie = await sessionCookie('student');
    const wrong = await respond(() => adminInbox.loader(args(makeRequest('/admin/message', { cookie: studentCookie }))));
    expect(wrong).toHaveRedirect('/member/login');

    const superCookie = await sessionCookie('super');
    const coachCookie = await sessionCookie('coach');
    const operator = await (await respond(() => superLayout.loader(args(makeRequest('/super/user', { cookie: superCookie }))))).json();
    expect(operator.badges['/super/inquiries'].count).toBeGreaterThan(0);
    const coach = await (
      await respond(() => superLayout.loader(args(makeRequest('/super/coach/sharpening', { cookie: coachCookie }))))
    ).json();
    expect(coach.badges).toEqual({});
  });
});

describe('GET /api/user/message/{id}', () => {
  it('answers the item without marking it; POST marks it; another user and a bad id get 404 MESSAGE_NOT_FOUND', async () => {
    const { member, ids, cookie } = await memberWithItems(2);
    const get = (id: string, as = cookie) =>
      apiMessage.loader(args(makeRequest(`/api/user/message/${id}`, { headers: { Cookie: as } }), { id }));
    const res = await get(String(ids[0]));
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({
      messageId: ids[0],
      kind: 'NOTICE',
      title: '공지 1',
      body: '내용 1',
      link: null,
      isRead: false,
      readAt: null,
    });
    expect((await itemsOf(member.id)).every((r) => r.readAt === null)).toBe(true);

    const post = await apiMessage.action(
      args(makeRequest(`/api/user/message/${ids[0]}`, { method: 'POST', headers: { Cookie: cookie, 'X-XSRF-TOKEN': xsrfFor(cookie) } }), {
        id: String(ids[0]),
      }),
    );
    expect(post.status).toBe(200);
    expect((await post.json()).data).toMatchObject({ messageId: ids[0], isRead: true });
    expect((await itemsOf(member.id)).filter((r) => r.readAt !== null).map((r) => r.id)).toEqual([ids[0]]);

    const other = await sessionCookie('student2');
    for (const answer of [await get(String(ids[1]), other), await get('abc'), await get('999999')]) {
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ code: 'MESSAGE_NOT_FOUND', message: INBOX_MESSAGES.notFound });
    }
  });

  it('lists the inbox with the unread count and marks everything read with POST readAll', async () => {
    const { cookie } = await memberWithItems(3);
    const list = await apiList.loader(args(makeRequest('/api/user/message', { headers: { Cookie: cookie } })));
    const { data } = await list.json();
    expect([data.total, data.unread, data.items.length, data.items[0].title]).toEqual([3, 3, 3, '공지 3']);
    const readAll = await apiReadAll.action(
      args(makeRequest('/api/user/message/readAll', { method: 'POST', headers: { Cookie: cookie, 'X-XSRF-TOKEN': xsrfFor(cookie) } })),
    );
    expect((await readAll.json()).data).toEqual({ marked: 3 });
  });
});

describe('comment notifications', () => {
  afterEach(async () => {
    await db().execute(sql`drop trigger if exists fail_history on note_history`);
    await db().execute(sql`drop trigger if exists fail_inbox on inbox_items`);
    await db().execute(sql`drop function if exists fail_now()`);
  });

  async function submitted() {
    const student = await userByLogin('student');
    const rb = await noteBook('student');
    const { note } = await saveStudentNote(student.id, { resultBookId: rb, text: LONG_NOTE, submit: true });
    return { student, note, rb };
  }

  const commentItems = async (studentId: number, rb: number) =>
    (await itemsOf(studentId)).filter((i) => i.kind === 'COMMENT' && i.link === `/user/activity/readingBook/note/${rb}`);

  it('a comment, a hold and a correction each add exactly one item for the student, opening the note page', async () => {
    const teacher = await userByLogin('teacher');
    const coach = await userByLogin('coach');
    const { student, note, rb } = await submitted();
    const opened = await reviewNote(teacher, { noteId: note.id, version: note.version, action: 'open' });
    expect(await commentItems(student.id, rb)).toHaveLength(0); // no comment, no item

    const commented = await reviewNote(teacher, { noteId: note.id, version: opened.version, action: 'comment', comment: '잘 썼어요.' });
    const items = await commentItems(student.id, rb);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ body: '잘 썼어요.', readAt: null });
    expect(items[0].title).toMatch(/^『.+』 독서 노트에 선생님 의견이 달렸습니다$/);

    const sent = await reviewNote(teacher, { noteId: note.id, version: commented.version, action: 'send' });
    expect(await commentItems(student.id, rb)).toHaveLength(1);
    await reviewNote(coach, { noteId: note.id, version: sent.version, action: 'correct', correction: '문단을 나눠 보세요.' });
    const after = await commentItems(student.id, rb);
    expect(after).toHaveLength(2);
    expect(after[1].title).toMatch(/독서 노트 첨삭이 끝났습니다$/);
    expect(after[1].body).toBe('문단을 나눠 보세요.');

    const second = await submitted();
    await reviewNote(teacher, { noteId: second.note.id, version: second.note.version, action: 'hold', comment: '줄거리를 더 써 주세요.' });
    const held = await commentItems(student.id, second.rb);
    expect(held).toHaveLength(1);
    expect(held[0].title).toMatch(/다시 써 달라는 요청이 왔습니다$/);
  });

  it('a comment whose transaction fails leaves no item; an item that cannot be written leaves no comment', async () => {
    const teacher = await userByLogin('teacher');
    const { student, note, rb } = await submitted();
    await db().execute(sql`create function fail_now() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);

    await db().execute(sql`create trigger fail_history before insert on note_history for each row execute function fail_now()`);
    await expect(reviewNote(teacher, { noteId: note.id, version: note.version, action: 'comment', comment: '좋아요.' })).rejects.toThrow();
    expect(await commentItems(student.id, rb)).toHaveLength(0);
    await db().execute(sql`drop trigger fail_history on note_history`);

    await db().execute(sql`create trigger fail_inbox before insert on inbox_items for each row execute function fail_now()`);
    await expect(reviewNote(teacher, { noteId: note.id, version: note.version, action: 'comment', comment: '좋아요.' })).rejects.toThrow();
    const [unchanged] = await db().select().from(notes).where(eq(notes.id, note.id));
    expect([unchanged.state, unchanged.noteInput, unchanged.version]).toEqual([NoteState.WRITE, null, note.version]);
  });
});

describe('listInbox', () => {
  it('costs two queries whatever the page', async () => {
    const { member } = await memberWithItems(5);
    expect((await countQueries(() => listInbox(member.id, 1))).queries).toHaveLength(2);
  });
});
