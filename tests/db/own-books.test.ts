import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { resultBooks } from '~/db/schema';
import { BookStatus, ItemStatus, ReadMethod } from '~/domain/enums';
import * as addApi from '~/routes/api+/user.activity.addReadinBookResult.$id';
import * as subProfileApi from '~/routes/api+/user.activity.subProfile';
import * as bookPage from '~/routes/user+/book.$bookId';
import { ASSIGNMENT_MESSAGES as M } from '~/services/assignments.server';
import { addOwnBook, OWN_WAITING_LIMIT } from '~/services/own-books.server';
import { getBook } from '~/services/library.server';
import { makeRequest, respond, xsrfFor } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { replyErrors } from '../support/form-reply';
import { cookieFor, createBook, createStudent, type Member } from '../support/factories';

useTestDatabase();

const newBook = async (title: string, status: ItemStatus = ItemStatus.ACTIVE) => (await createBook({ title, status })).id;

const rowsFor = (userId: number, bookId: number) =>
  db()
    .select()
    .from(resultBooks)
    .where(and(eq(resultBooks.userId, userId), eq(resultBooks.bookId, bookId)));

// An individual (adult) member and a student of an academy.
let adultMember: Member;
let studentMember: Member;
let adult = 0;
let student = 0;
beforeAll(async () => {
  adultMember = await createStudent({ adult: true });
  studentMember = await createStudent();
  adult = adultMember.id;
  student = studentMember.id;
});

describe('a member puts a book on their own list (addReadinBookResult)', () => {
  it('an individual member chooses the read method; the book waits, assigned by themselves', async () => {
    const bookId = await newBook('혼자 고른 책');
    const added = await addOwnBook(adult, bookId, String(ReadMethod.HUNDRED));
    expect(added.message).toBe(`'혼자 고른 책'을 읽을 책으로 담았습니다.`);
    const [row] = await rowsFor(adult, bookId);
    expect(row).toMatchObject({ id: added.resultBookId, status: BookStatus.WAITING, readMethod: ReadMethod.HUNDRED, assignedBy: adult });
    // No method given: free reading. "Decide later" and the reserved value are refused (nobody else would decide).
    const second = await addOwnBook(adult, await newBook('방식 없이 고른 책'));
    expect(second.readMethod).toBe(ReadMethod.FREE);
    for (const bad of ['0', '8', 'abc']) {
      await expect(addOwnBook(adult, await newBook(`잘못된 방식 ${bad}`), bad)).toBeDomainError('INVALID_READ_METHOD', M.invalidReadMethod);
    }
  });

  it("an academy student's book waits for the teacher's read method, whatever is sent", async () => {
    const bookId = await newBook('학원생이 고른 책');
    const added = await addOwnBook(student, bookId, String(ReadMethod.CLOCK));
    expect(added.readMethod).toBe(ReadMethod.NONE);
    expect(added.message).toBe(`'학원생이 고른 책'을 읽을 책으로 담았습니다. 선생님이 읽기 방식을 정하면 독서 기록을 시작할 수 있습니다.`);
    expect((await rowsFor(student, bookId))[0].readMethod).toBe(ReadMethod.NONE);
  });

  it('a book already on the list is refused; a double submit adds it once', async () => {
    const bookId = await newBook('두 번 담은 책');
    const results = await Promise.allSettled([addOwnBook(adult, bookId), addOwnBook(adult, bookId), addOwnBook(adult, bookId)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect([r.reason.code, r.reason.message, r.reason.status]).toEqual(['ALREADY_ASSIGNED', M.alreadyMine, 409]);
    }
    expect(await rowsFor(adult, bookId)).toHaveLength(1);
  });

  it('an unknown or withdrawn book is not found', async () => {
    await expect(addOwnBook(adult, 987654)).toBeDomainError('BOOK_NOT_FOUND');
    await expect(addOwnBook(adult, await newBook('절판된 책', ItemStatus.INACTIVE))).toBeDomainError('BOOK_NOT_FOUND');
  });

  it(`at most ${OWN_WAITING_LIMIT} waiting books of one's own`, async () => {
    const member = (await createStudent()).id;
    for (let i = 0; i < OWN_WAITING_LIMIT; i++) await addOwnBook(member, await newBook(`한도 시험 ${i}`));
    const bookId = await newBook('한도를 넘는 책');
    await expect(addOwnBook(member, bookId)).toBeDomainError('OWN_BOOK_LIMIT', M.ownLimit);
    expect(await rowsFor(member, bookId)).toHaveLength(0);
  });
});

describe('the book page and the API', () => {
  it('the page form adds the book and goes to the before-reading step; the page then shows it as mine', async () => {
    const bookId = await newBook('페이지에서 담은 책');
    const cookie = await cookieFor(adultMember);
    const page = await respond(() =>
      bookPage.loader({ request: makeRequest(`/user/book/${bookId}`, { cookie }), params: { bookId: String(bookId) }, context: {} }),
    );
    const before = await page.json();
    expect(before.mine).toBeNull();
    expect(before.methods.map((m: { value: number }) => m.value)).not.toContain(ReadMethod.NONE);

    const posted = await respond(() =>
      bookPage.action({
        request: makeRequest(`/user/book/${bookId}`, { cookie, form: { intent: 'add', readMethod: String(ReadMethod.M_3_4) } }),
        params: { bookId: String(bookId) },
        context: {},
      }),
    );
    const [row] = await rowsFor(adult, bookId);
    expect(posted.status).toBe(302);
    expect(posted).toHaveRedirect(`/user/before/${row.id}`);
    expect(row.readMethod).toBe(ReadMethod.M_3_4);
    expect((await getBook(adult, bookId)).mine).toEqual({ resultBookId: row.id, status: BookStatus.WAITING });

    const again = await respond(() =>
      bookPage.action({
        request: makeRequest(`/user/book/${bookId}`, { cookie, form: { intent: 'add' } }),
        params: { bookId: String(bookId) },
        context: {},
      }),
    );
    expect(again.status).toBe(409);
    expect(replyErrors(await again.json()).form).toBe(M.alreadyMine);
  });

  it("an academy student's page offers no read method", async () => {
    const bookId = await newBook('학원생 페이지 책');
    const cookie = await cookieFor(studentMember);
    const page = await respond(() =>
      bookPage.loader({ request: makeRequest(`/user/book/${bookId}`, { cookie }), params: { bookId: String(bookId) }, context: {} }),
    );
    expect((await page.json()).methods).toBeNull();
  });

  it('POST addReadinBookResult/{bookId} and GET subProfile', async () => {
    const cookie = await cookieFor(adultMember);
    const bookId = await newBook('API로 담은 책');
    const post = (body?: unknown) =>
      addApi.action({
        request: new Request(
          makeRequest(`/api/user/activity/addReadinBookResult/${bookId}`, {
            cookie,
            method: 'POST',
            headers: { 'X-XSRF-TOKEN': xsrfFor(cookie), 'Content-Type': 'application/json' },
          }),
          body === undefined ? {} : { body: JSON.stringify(body) },
        ),
        params: { id: String(bookId) },
        context: {},
      });
    const first = await post({ readMethod: ReadMethod.NO_PAGE });
    expect(first.status).toBe(200);
    const { data } = await first.json();
    expect(data).toMatchObject({ bookId, status: BookStatus.WAITING, readMethod: ReadMethod.NO_PAGE });
    const second = await post();
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ code: 'ALREADY_ASSIGNED', message: M.alreadyMine });
    expect(
      (
        await addApi.loader({
          request: makeRequest(`/api/user/activity/addReadinBookResult/${bookId}`, { cookie }),
          params: { id: String(bookId) },
          context: {},
        })
      ).status,
    ).toBe(405);

    const profile = await subProfileApi.loader({
      request: makeRequest('/api/user/activity/subProfile', { cookie }),
      params: {},
      context: {},
    });
    const sub = (await profile.json()).data;
    expect(sub).toMatchObject({ loginId: adultMember.loginId, userName: adultMember.name, organisationKind: 'student' });
    const rows = await db().select().from(resultBooks).where(eq(resultBooks.userId, adult));
    const waiting = rows.filter((r) => r.status === BookStatus.WAITING).length;
    expect(sub.books[String(BookStatus.WAITING)]).toBe(waiting);
    expect(Object.values(sub.books as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(
      rows.filter((r) => r.status !== BookStatus.EXCLUDE).length,
    );
  });
});
