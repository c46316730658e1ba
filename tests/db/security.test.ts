import { and, eq, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { recordSignInFailure, resetRateLimits } from '~/auth/rate-limit.server';
import { db } from '~/db/client.server';
import { notes, readingRecords, resultBooks, users } from '~/db/schema';
import { BookStatus, NoteState } from '~/domain/enums';
import * as adminNote from '~/routes/admin+/notes.$noteId';
import * as adminStudent from '~/routes/admin+/students_.$studentId';
import * as login from '~/routes/api+/auth.login';
import * as teacherReadMethod from '~/routes/api+/user.book.teacher.$a.$b';
import * as bookCommonReadPage from '~/routes/api+/bookCommon.readPage.detail.$id';
import * as bookCommonReadPageTotal from '~/routes/api+/bookCommon.readPageTotal.detail.$id';
import * as bookCommonReport from '~/routes/api+/bookCommon.report.$id';
import * as bookDayRead from '~/routes/api+/user.activity.bookDayRead.$id';
import * as bookDayReadFirst from '~/routes/api+/user.activity.bookDayRead.first.$id';
import * as bookInfo from '~/routes/api+/user.activity.bookInfo.$id';
import * as bookResult from '~/routes/api+/user.activity.bookResult.$id';
import * as checkReadinBook from '~/routes/api+/user.activity.checkReadinBook.$id';
import * as preBookActivityComplete from '~/routes/api+/user.activity.preBookActivityComplete.$id';
import * as problemAnalysis from '~/routes/api+/user.activity.problemAnalysis.$id';
import * as problemAnalysisInfo from '~/routes/api+/user.activity.problemAnalysisInfo.$id';
import * as problemAnalysisResult from '~/routes/api+/user.activity.problemAnalysisResult.$id';
import * as readPage from '~/routes/api+/user.activity.readPage.$id';
import * as readingBook from '~/routes/api+/user.activity.readingBook.$id';
import * as readingBookAnalysis from '~/routes/api+/user.activity.readingBookAnalysis.$a.$b.$c.$d.$e';
import * as readingBookIndicator from '~/routes/api+/user.activity.readingBookIndicator.$id';
import * as readingBookInfo from '~/routes/api+/user.activity.readingBookInfo.$id';
import * as sessionComplete from '~/routes/api+/user.activity.sessionComplete.$id';
import * as setReadBook from '~/routes/api+/user.activity.setReadBook.$id';
import * as userBookReadTime from '~/routes/api+/user.activity.userBookReadTime.$id';
import * as bookNote from '~/routes/api+/user.book.note.$id';
import * as noteInput from '~/routes/api+/user.book.noteInput';
import * as noteResult from '~/routes/api+/user.book.noteResult';
import * as bookRead from '~/routes/api+/user.book.read.$a.$b';
import * as bookReading from '~/routes/api+/user.book.reading.$a.$b';
import * as bookSearch from '~/routes/api+/user.book.search.$page.$size';
import * as editImage from '~/routes/api+/user.edit.image';
import * as noPage from '~/routes/api+/user.read.no-page.$a.$b';
import * as noPageReadTime from '~/routes/api+/user.read.no-page.read-time.$id';
import * as coachNote from '~/routes/super+/coach.sharpening.$noteId';
import * as noteImage from '~/routes/resources+/note-image.$noteId';
import * as profileImage from '~/routes/resources+/profile-image.$userId';
import * as readingPage from '~/routes/user+/activity.readingBook.$resultBookId';
import * as analysisPage from '~/routes/user+/activity_.readingBook.analysis.$resultBookId';
import * as notePage from '~/routes/user+/activity_.readingBook.note.$resultBookId';
import * as reportPage from '~/routes/user+/bookCommon.report.$resultBookId';
import * as searchPage from '~/routes/user+/search';
import { completePasswordRecovery } from '~/services/account-recovery.server';
import { AuthenticationError, findUserByLoginId, signIn } from '~/services/accounts.server';
import { saveProfileImage } from '~/services/my-page.server';
import { makeRequest, respond, sessionCookie, xsrfFor } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { bearerFor } from '../support/factories';

// Security checks across the app: object-level access (a student of academy 1 against the books, notes and picture
// of a student of academy 2), the API's XSRF check and headers, body limits, the sign-in rate limits under parallel
// attempts and behind a proxy, and the search sort key.

useTestDatabase();
beforeEach(() => resetRateLimits());

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

function call(
  path: string,
  auth: string,
  init: { method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
) {
  return new Request(new URL(path, 'http://localhost'), {
    method: init.method ?? (init.json !== undefined || init.body !== undefined ? 'POST' : 'GET'),
    headers: { Authorization: auth, ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
}

/** What another student's books look like, to check that nothing of theirs changed. */
async function snapshot(userId: number) {
  const books = await db().select().from(resultBooks).where(eq(resultBooks.userId, userId)).orderBy(resultBooks.id);
  const records = await db().select({ id: readingRecords.id }).from(readingRecords).where(eq(readingRecords.userId, userId));
  const own = await db().select().from(notes).where(eq(notes.userId, userId)).orderBy(notes.id);
  return { books, records: records.length, notes: own };
}

describe('object-level access: a student of academy 1 against the data of a student of academy 2', () => {
  it('every /api call that takes a result book id answers 404 for a book of another student and changes nothing', async () => {
    const victim = (await findUserByLoginId('student6'))!;
    const ids = (
      await db()
        .select({ id: resultBooks.id })
        .from(resultBooks)
        .where(and(eq(resultBooks.userId, victim.id), ne(resultBooks.status, BookStatus.EXCLUDE)))
    ).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    const before = await snapshot(victim.id);
    const auth = await bearerFor('student');
    type Call = { name: string; run: (id: number) => Promise<Response> };
    const get = (name: string, loader: (a: ReturnType<typeof args>) => unknown, path: (id: number) => string, param = 'id'): Call => ({
      name,
      run: async (id) => (await loader(args(call(path(id), auth), { [param]: String(id) }))) as Response,
    });
    const post = (
      name: string,
      action: (a: ReturnType<typeof args>) => unknown,
      path: (id: number) => string,
      json: (id: number) => unknown,
      params: (id: number) => Record<string, string>,
    ): Call => ({
      name,
      run: async (id) => (await action(args(call(path(id), auth, { json: json(id) }), params(id)))) as Response,
    });
    const calls: Call[] = [
      get('bookInfo', bookInfo.loader, (id) => `/api/user/activity/bookInfo/${id}`),
      get('bookResult', bookResult.loader, (id) => `/api/user/activity/bookResult/${id}`),
      get('checkReadinBook', checkReadinBook.loader, (id) => `/api/user/activity/checkReadinBook/${id}`),
      get('readPage', readPage.loader, (id) => `/api/user/activity/readPage/${id}`),
      get('readingBook', readingBook.loader, (id) => `/api/user/activity/readingBook/${id}`),
      get('readingBookIndicator', readingBookIndicator.loader, (id) => `/api/user/activity/readingBookIndicator/${id}`),
      get('readingBookInfo', readingBookInfo.loader, (id) => `/api/user/activity/readingBookInfo/${id}`),
      get('sessionComplete', sessionComplete.loader, (id) => `/api/user/activity/sessionComplete/${id}`),
      get('setReadBook (GET)', setReadBook.loader, (id) => `/api/user/activity/setReadBook/${id}`),
      get('userBookReadTime', userBookReadTime.loader, (id) => `/api/user/activity/userBookReadTime/${id}`),
      get('readPage/detail', bookCommonReadPage.loader, (id) => `/api/bookCommon/readPage/detail/${id}`),
      get('readPageTotal/detail', bookCommonReadPageTotal.loader, (id) => `/api/bookCommon/readPageTotal/detail/${id}`),
      get('no-page/read-time', noPageReadTime.loader, (id) => `/api/user/read/no-page/read-time/${id}`),
      get('bookCommon/report', bookCommonReport.loader, (id) => `/api/bookCommon/report/${id}`),
      get('problemAnalysis', problemAnalysis.loader, (id) => `/api/user/activity/problemAnalysis/${id}`),
      get('problemAnalysisInfo', problemAnalysisInfo.loader, (id) => `/api/user/activity/problemAnalysisInfo/${id}`),
      get('book/note', bookNote.loader, (id) => `/api/user/book/note/${id}`),
      post(
        'setReadBook (POST)',
        setReadBook.action,
        (id) => `/api/user/activity/setReadBook/${id}`,
        () => ({}),
        (id) => ({ id: String(id) }),
      ),
      post(
        'preBookActivityComplete',
        preBookActivityComplete.action,
        (id) => `/api/user/activity/preBookActivityComplete/${id}`,
        () => ({ prediction: '예상해 본 내용입니다.', whatIKnow: '알고 있는 것' }),
        (id) => ({ id: String(id) }),
      ),
      post(
        'bookDayRead',
        bookDayRead.action,
        (id) => `/api/user/activity/bookDayRead/${id}`,
        () => ({ list: [{ start: 1, end: 5, time: 10 }], isChange: false, submissionKey: 'idor-record-1' }),
        (id) => ({ id: String(id) }),
      ),
      post(
        'bookDayRead (isChange)',
        bookDayRead.action,
        (id) => `/api/user/activity/bookDayRead/${id}`,
        () => ({ list: [{ start: 1, end: 9 }], isChange: true }),
        (id) => ({ id: String(id) }),
      ),
      post(
        'bookDayRead/first',
        bookDayReadFirst.action,
        (id) => `/api/user/activity/bookDayRead/first/${id}`,
        (id) => ({ resultReadItemId: id, startPage: 1 }),
        (id) => ({ id: String(id) }),
      ),
      post(
        'book/read start',
        bookRead.action,
        (id) => `/api/user/book/read/${id}/10`,
        () => ({}),
        (id) => ({ a: String(id), b: '10' }),
      ),
      post(
        'book/read reset',
        bookRead.action,
        (id) => `/api/user/book/read/${id}/999`,
        () => ({}),
        (id) => ({ a: String(id), b: '999' }),
      ),
      post(
        'book/reading',
        bookReading.action,
        (id) => `/api/user/book/reading/${id}/1`,
        () => ({}),
        (id) => ({ a: String(id), b: '1' }),
      ),
      post(
        'no-page',
        noPage.action,
        (id) => `/api/user/read/no-page/${id}/idor-nopage-2`,
        () => ({ index: 1, time: 10 }),
        (id) => ({ a: String(id), b: 'idor-nopage-2' }),
      ),
      post(
        'problemAnalysisResult',
        problemAnalysisResult.action,
        (id) => `/api/user/activity/problemAnalysisResult/${id}`,
        () => ({ answers: [] }),
        (id) => ({ id: String(id) }),
      ),
      post(
        'readingBookAnalysis',
        readingBookAnalysis.action,
        () => '/api/user/activity/readingBookAnalysis/5/5/5/5/5',
        (id) => ({ resultBookId: id }),
        () => ({ a: '5', b: '5', c: '5', d: '5', e: '5' }),
      ),
      post(
        'noteInput',
        noteInput.action,
        () => '/api/user/book/noteInput',
        (id) => ({ resultBookId: id, note: '남의 책에 쓰는 노트' }),
        () => ({}),
      ),
      {
        name: 'noteResult',
        run: async (id) => {
          const form = new FormData();
          form.append('note', JSON.stringify({ resultBookId: id, note: '남의 책에 쓰는 노트입니다. 스무 자를 넘겨서 제출합니다.' }));
          return noteResult.action(args(call('/api/user/book/noteResult', auth, { body: form })));
        },
      },
    ];
    for (const c of calls) {
      for (const id of ids) {
        const res = await c.run(id);
        expect([c.name, id, res.status]).toEqual([c.name, id, 404]);
      }
    }
    expect(await snapshot(victim.id)).toEqual(before);
  });

  it('the student pages of a book (reading, analysis, note, report) answer 404 for a book of another student', async () => {
    const victim = (await findUserByLoginId('student6'))!;
    const [rb] = await db().select({ id: resultBooks.id }).from(resultBooks).where(eq(resultBooks.userId, victim.id)).limit(1);
    const cookie = await sessionCookie('student');
    const id = String(rb.id);
    for (const page of [readingPage, analysisPage, notePage, reportPage]) {
      const res = await respond(() => page.loader(args(makeRequest(`/x/${id}`, { cookie }), { resultBookId: id })));
      expect(res.status).toBe(404);
    }
    const posted = await respond(() =>
      readingPage.action(args(makeRequest(`/x/${id}`, { cookie, form: { intent: 'clock-start' } }), { resultBookId: id })),
    );
    expect(posted.status).toBe(404);
  });

  it('a teacher acts only on the students and books of their own academy (404 otherwise, nothing changed)', async () => {
    const victim = (await findUserByLoginId('student6'))!;
    const [rb] = await db()
      .select({ id: resultBooks.id })
      .from(resultBooks)
      .where(and(eq(resultBooks.userId, victim.id), ne(resultBooks.status, BookStatus.EXCLUDE)))
      .limit(1);
    const before = await snapshot(victim.id);
    const cookie = await sessionCookie('teacher'); // academy 1
    const page = await respond(() =>
      adminStudent.loader(args(makeRequest(`/admin/students/${victim.id}`, { cookie }), { studentId: String(victim.id) })),
    );
    expect(page.status).toBe(404);
    const own = (await findUserByLoginId('student2'))!;
    // A book of academy 2 posted on the page of an own student, and on the page of the foreign student.
    for (const studentId of [own.id, victim.id]) {
      const forms: Record<string, string>[] = [
        { intent: 'exclude', resultBookId: String(rb.id) },
        { intent: 'retake', resultBookId: String(rb.id) },
        { intent: 'readMethod', resultBookId: String(rb.id), readMethod: '1' },
      ];
      for (const form of forms) {
        const res = await respond(() =>
          adminStudent.action(args(makeRequest(`/admin/students/${studentId}`, { cookie, form }), { studentId: String(studentId) })),
        );
        expect(res.status).toBe(404);
      }
    }
    const assign = await respond(() =>
      adminStudent.action(
        args(makeRequest(`/admin/students/${victim.id}`, { cookie, form: { intent: 'assign', bookId: '1', readMethod: '1' } }), {
          studentId: String(victim.id),
        }),
      ),
    );
    expect(assign.status).toBe(404);
    // The same through the API's teacher call (POST user/book/teacher/{resultBookId}/{readMethod}).
    const api = await teacherReadMethod.action(
      args(makeRequest('/api/x', { cookie, method: 'POST', headers: { 'X-XSRF-TOKEN': xsrfFor(cookie) } }), { a: String(rb.id), b: '1' }),
    );
    expect(api.status).toBe(404);
    expect(await snapshot(victim.id)).toEqual(before);
  });

  it('a note image is served to its student and the academy only (another student: 404, another academy: 403)', async () => {
    const [note] = await db()
      .select({ id: notes.id, userId: notes.userId })
      .from(notes)
      .innerJoin(users, eq(users.id, notes.userId))
      .where(and(eq(users.loginId, 'student6'), ne(notes.state, NoteState.NONE)))
      .limit(1);
    const id = String(note.id);
    const get = async (loginId: string) => {
      const cookie = await sessionCookie(loginId);
      return (await respond(() => noteImage.loader(args(makeRequest(`/resources/note-image/${id}`, { cookie }), { noteId: id })))).status;
    };
    expect(await get('student')).toBe(404);
    expect(await get('teacher')).toBe(403);
    expect(await get('head')).toBe(403);
  });

  it("a draft (NONE) is the student's alone: teachers and coaches cannot open it, act on it or load its image", async () => {
    const [draft] = await db().select().from(notes).where(eq(notes.state, NoteState.NONE)).limit(1);
    expect(draft).toBeDefined();
    const id = String(draft.id);
    const teacher = await sessionCookie('teacher');
    const coach = await sessionCookie('coach');
    expect(
      (await respond(() => adminNote.loader(args(makeRequest(`/admin/notes/${id}`, { cookie: teacher }), { noteId: id })))).status,
    ).toBe(403);
    expect(
      (await respond(() => coachNote.loader(args(makeRequest(`/super/coach/sharpening/${id}`, { cookie: coach }), { noteId: id })))).status,
    ).toBe(403);
    const comment = await respond(() =>
      adminNote.action(
        args(
          makeRequest(`/admin/notes/${id}`, {
            cookie: teacher,
            form: { intent: 'comment', version: String(draft.version), comment: '초안에 다는 댓글' },
          }),
          { noteId: id },
        ),
      ),
    );
    expect(comment.status).toBe(403);
    expect(
      (await respond(() => noteImage.loader(args(makeRequest(`/resources/note-image/${id}`, { cookie: teacher }), { noteId: id })))).status,
    ).toBe(403);
    const [after] = await db().select().from(notes).where(eq(notes.id, draft.id));
    expect(after).toEqual(draft);
  });

  it("a profile picture is served to its member, the staff of the member's academy and ADMIN1/ADMIN2 only", async () => {
    const owner = (await findUserByLoginId('student7'))!; // academy 2
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer();
    await saveProfileImage(owner.id, png);
    const status = async (loginId: string) => {
      const cookie = await sessionCookie(loginId);
      return (
        await respond(() =>
          profileImage.loader(args(makeRequest(`/resources/profile-image/${owner.id}`, { cookie }), { userId: String(owner.id) })),
        )
      ).status;
    };
    const seen: Record<string, number> = {};
    for (const loginId of [
      'student7',
      'teacher2',
      'head2',
      'super',
      'admin2',
      'student',
      'student8',
      'adult',
      'teacher',
      'head',
      'coach',
      'product',
    ])
      seen[loginId] = await status(loginId);
    expect(seen).toEqual({
      student7: 200,
      teacher2: 200,
      head2: 200,
      super: 200,
      admin2: 200,
      student: 404,
      student8: 404,
      adult: 404,
      teacher: 404,
      head: 404,
      coach: 404,
      product: 404,
    });
  });
});

describe('the JSON API', () => {
  it('asks for the XSRF header on every method but GET and HEAD when the session cookie is used', async () => {
    const cookie = await sessionCookie('student2');
    const [current] = await db()
      .select({ id: resultBooks.id })
      .from(resultBooks)
      .innerJoin(users, eq(users.id, resultBooks.userId))
      .where(and(eq(users.loginId, 'student2'), eq(resultBooks.status, BookStatus.ACTIVITY)))
      .limit(1);
    for (const method of ['POST', 'PATCH', 'PROPFIND', 'OPTIONS']) {
      const res = await setReadBook.action(
        args(
          new Request(`http://localhost/api/user/activity/setReadBook/${current.id}`, {
            method,
            headers: { Cookie: `${cookie}; XSRF-TOKEN=abc` },
          }),
          { id: String(current.id) },
        ),
      );
      expect([method, res.status, ((await res.json()) as { code: string }).code]).toEqual([method, 403, 'AUTHORIZED_ERROR']);
    }
    // A malformed XSRF cookie is no token (and no crash).
    const bad = await setReadBook.action(
      args(
        new Request(`http://localhost/api/user/activity/setReadBook/${current.id}`, {
          method: 'POST',
          headers: { Cookie: `${cookie}; XSRF-TOKEN=%E0%A4%A`, 'X-XSRF-TOKEN': '%E0%A4%A' },
        }),
        { id: String(current.id) },
      ),
    );
    expect(bad.status).toBe(403);
  });

  it('answers every call, success or error, with Cache-Control: no-store and X-Content-Type-Options: nosniff', async () => {
    const auth = await bearerFor('student');
    const [mine] = await db()
      .select({ id: resultBooks.id })
      .from(resultBooks)
      .innerJoin(users, eq(users.id, resultBooks.userId))
      .where(and(eq(users.loginId, 'student'), eq(resultBooks.status, BookStatus.COMPLETE)))
      .limit(1);
    const responses = [
      await bookCommonReport.loader(args(call(`/api/bookCommon/report/${mine.id}`, auth), { id: String(mine.id) })),
      await problemAnalysisInfo.loader(args(call(`/api/user/activity/problemAnalysisInfo/${mine.id}`, auth), { id: String(mine.id) })),
      await bookNote.loader(args(call(`/api/user/book/note/${mine.id}`, auth), { id: String(mine.id) })),
      await bookCommonReport.loader(args(call('/api/bookCommon/report/999999', auth), { id: '999999' })),
      await bookCommonReport.loader(args(call('/api/bookCommon/report/1', 'Bearer nope'), { id: '1' })),
      await login.loader(args(call('/api/auth/login', ''))),
      await bookDayRead.loader(args(call('/api/user/activity/bookDayRead/1', auth), { id: '1' })),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 404, 401, 405, 405]);
    for (const res of responses) {
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
  });
});

describe('request bodies are limited while they are read, not after', () => {
  /** A chunked body (no Content-Length) made of `parts` multipart files of `partBytes` each; counts what is read. */
  function streamedMultipart(field: string, parts: number, partBytes: number) {
    const boundary = 'readinboundary';
    const encoder = new TextEncoder();
    const chunk = new Uint8Array(64 * 1024);
    let pulled = 0;
    let part = 0;
    let inPart = -1;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        let out: Uint8Array;
        if (inPart < 0) {
          if (part === parts) {
            out = encoder.encode(`--${boundary}--\r\n`);
            pulled += out.byteLength;
            controller.enqueue(out);
            controller.close();
            return;
          }
          out = encoder.encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="p${part}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          );
          inPart = 0;
        } else if (inPart < partBytes) {
          out = chunk.subarray(0, Math.min(chunk.byteLength, partBytes - inPart));
          inPart += out.byteLength;
        } else {
          out = encoder.encode('\r\n');
          inPart = -1;
          part += 1;
        }
        pulled += out.byteLength;
        controller.enqueue(out);
      },
    });
    return { body, boundary, pulled: () => pulled };
  }

  it('a profile picture upload of many parts stops at the limit with IMAGE_TOO_LARGE (413)', async () => {
    const auth = await bearerFor('student3');
    const stream = streamedMultipart('file', 12, 2 * 1024 * 1024); // 24 MB in parts of 2 MB (each under the 5 MB part limit)
    const request = new Request('http://localhost/api/user/edit/image', {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': `multipart/form-data; boundary=${stream.boundary}` },
      body: stream.body,
      duplex: 'half',
    } as RequestInit);
    const res = await editImage.action(args(request));
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([413, 'IMAGE_TOO_LARGE']);
    expect(stream.pulled()).toBeLessThan(6 * 1024 * 1024);
  });

  it('a note upload of many parts stops at the limit with NOTE_IMAGE_TOO_LARGE (413)', async () => {
    const auth = await bearerFor('student3');
    const stream = streamedMultipart('file', 10, 4 * 1024 * 1024); // 40 MB in parts of 4 MB (each under the 10 MB part limit)
    const request = new Request('http://localhost/api/user/book/noteResult', {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': `multipart/form-data; boundary=${stream.boundary}` },
      body: stream.body,
      duplex: 'half',
    } as RequestInit);
    const res = await noteResult.action(args(request));
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([413, 'NOTE_IMAGE_TOO_LARGE']);
    expect(stream.pulled()).toBeLessThan(11 * 1024 * 1024);
  });

  it('a JSON body without Content-Length is cut off at its limit (413)', async () => {
    let pulled = 0;
    const piece = new TextEncoder().encode(' '.repeat(64 * 1024));
    const endless = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += piece.byteLength;
          if (pulled > 4 * 1024 * 1024) return controller.close();
          controller.enqueue(piece);
        },
      });
    const post = (path: string, headers: Record<string, string>) =>
      new Request(`http://localhost${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: endless(),
        duplex: 'half',
      } as RequestInit);
    const signInRes = await login.action(args(post('/api/auth/login', {})));
    expect(signInRes.status).toBe(413);
    expect(pulled).toBeLessThan(256 * 1024);
    pulled = 0;
    const [rb] = await db().select({ id: resultBooks.id }).from(resultBooks).limit(1);
    const readRes = await bookDayRead.action(
      args(post(`/api/user/activity/bookDayRead/${rb.id}`, { Authorization: await bearerFor('student') }), { id: String(rb.id) }),
    );
    expect(readRes.status).toBe(413);
    expect(pulled).toBeLessThan(512 * 1024);
  });
});

describe('sign-in rate limits', () => {
  it('parallel wrong passwords: exactly 5 are checked, the others get TOO_MANY_ATTEMPTS', async () => {
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => signIn('student4', `wrong-pass-${i}`, '198.51.100.4')));
    const outcome = (r: PromiseSettledResult<unknown>) =>
      r.status === 'fulfilled' ? 'ok' : r.reason instanceof AuthenticationError ? 'wrong' : (r.reason as { code?: string }).code;
    const counts = results.map(outcome).reduce<Record<string, number>>((acc, o) => ({ ...acc, [o!]: (acc[o!] ?? 0) + 1 }), {});
    expect(counts).toEqual({ wrong: 5, TOO_MANY_ATTEMPTS: 15 });
    await expect(signIn('student4', 'demo1234!', '198.51.100.4')).rejects.toMatchObject({ code: 'TOO_MANY_ATTEMPTS', status: 429 });
  });

  it('counts failures only: successes give the attempt back; an unknown recovery account fails like a wrong answer', async () => {
    const ip = '198.51.100.5';
    for (let i = 0; i < 99; i++) await recordSignInFailure(`pupil${i}`, ip);
    for (const loginId of ['student', 'student2', 'student3', 'student5', 'adult']) {
      await expect(signIn(loginId, 'demo1234!', ip)).resolves.toMatchObject({ loginId });
    }
    // Step 2 with a name that does not match: the same RECOVERY_MISMATCH as a wrong answer (no enumeration), counted.
    await expect(
      completePasswordRecovery(
        'student',
        { loginId: 'nobody77', name: '다른 이름', answer: 'x', code: '000000', password: 'new-pass-12' },
        null,
      ),
    ).toBeDomainError('RECOVERY_MISMATCH');
    await expect(signIn('student9', 'demo1234!', null)).resolves.toMatchObject({ loginId: 'student9' });
  });

  it('without a proxy the socket address of the load context counts: 100 failures from one address, then 429', async () => {
    const { clientIp } = await import('~/auth/rate-limit.server');
    const { config } = await import('~/config.server');
    const settings = config() as { trustProxy: boolean };
    settings.trustProxy = false; // the tests' environment declares a proxy; this one has none
    onTestFinished(() => {
      settings.trustProxy = true;
    });
    const plain = new Request('http://localhost/member/login', { headers: { 'X-Forwarded-For': '192.0.2.1' } });
    // Headers are ignored without TRUST_PROXY; the socket's address is used, IPv4-mapped and IPv6 by /64.
    expect(clientIp(plain)).toBeNull();
    expect(clientIp(plain, { clientAddress: '::ffff:198.51.100.8' })).toBe('198.51.100.8');
    expect(clientIp(plain, { clientAddress: '2001:db8:1:2:aaaa::1' })).toBe('2001:0db8:0001:0002::/64');
    expect(clientIp(plain, { clientAddress: '2001:db8:1:2:bbbb::9' })).toBe('2001:0db8:0001:0002::/64');
    const attempt = (loginId: string, password: string) =>
      login.action({
        request: new Request('http://localhost/api/auth/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ loginId, password }),
        }),
        params: {},
        context: { clientAddress: '198.51.100.8' },
      });
    for (let i = 0; i < 100; i++) expect((await attempt(`flood${i}`, 'wrong-pass')).status).toBe(401);
    expect((await attempt('student', 'demo1234!')).status).toBe(429);
  });

  it('the PostgreSQL counter (rate_limits) takes, refuses past its points, gives back and clears', async () => {
    const { postgresCounter } = await import('~/auth/rate-limit.server');
    const c = postgresCounter('test-counter', 3, 60);
    const takes = await Promise.all(Array.from({ length: 5 }, () => c.take('k')));
    expect(takes.filter(Boolean)).toHaveLength(3);
    expect(await c.take('k')).toBe(false);
    await c.give('k');
    expect(await c.take('k')).toBe(true);
    await c.clear('k');
    expect(await c.take('k')).toBe(true);
    expect(await c.take('other')).toBe(true);
  });

  it('behind a proxy the address is the one the proxy appended, not what the client put first in X-Forwarded-For', async () => {
    const { clientIp } = await import('~/auth/rate-limit.server');
    const via = (forwarded: string) => new Request('http://localhost/member/login', { headers: { 'X-Forwarded-For': forwarded } });
    expect(clientIp(via('203.0.113.9, 198.51.100.7'))).toBe('198.51.100.7');
    expect(clientIp(via('198.51.100.7'))).toBe('198.51.100.7');
    for (let i = 0; i < 100; i++) {
      const res = await login.action(
        args(
          new Request('http://localhost/api/auth/login', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${i}, 198.51.100.7` },
            body: JSON.stringify({ loginId: `nobody${i}`, password: 'wrong-pass' }),
          }),
        ),
      );
      expect(res.status).toBe(401);
    }
    const blocked = await login.action(
      args(
        new Request('http://localhost/api/auth/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.77, 198.51.100.7' },
          body: JSON.stringify({ loginId: 'student', password: 'demo1234!' }),
        }),
      ),
    );
    expect(blocked.status).toBe(429);
  });
});

describe('catalogue search', () => {
  it('takes only its own sort keys: constructor or toString sort by title instead of failing', async () => {
    const cookie = await sessionCookie('student');
    for (const sort of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const res = await respond(() => searchPage.loader(args(makeRequest(`/user/search?sort=${sort}`, { cookie }))));
      expect(res.status).toBe(200);
      expect(((await res.json()) as { query: { sort: string } }).query.sort).toBe('title');
    }
    const api = await bookSearch.action(
      args(call('/api/user/book/search/1/12', await bearerFor('student'), { json: { search: '', sort: 'constructor' } }), {
        page: '1',
        size: '12',
      }),
    );
    expect(api.status).toBe(200);
  });
});
