import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { apiRoutePaths } from '../support/api-routes';
import { DEMO_PASSWORD } from './support';

// The API's contract (docs/decisions/026-openapi-from-zod.md): every call that /api/openapi.json describes is made
// against the running server, and each answer is checked against the document: its status must be one the call
// documents, its body must match that status's schema (no field missing, none extra, every type and enum as written),
// and an error's code must be one the document lists for that status. The last test fails when a described call was
// not made, and the first when a route file of app/routes/api+ is not in the served document.
//
// Accounts: 'student' for reading calls that change nothing; 'reader25' (a 해오름 student no other spec uses) for the
// calls that change an account's own state (messages read, likes, the career profile, name, picture, current book),
// each put back where it can be; 'head' only for a refused call. Run once (JavaScript plays no part).

type Schema = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema: Schema }> }> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Every object schema that lists its properties refuses others: a renamed or extra answer field fails. */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, strict(v)]));
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

let doc: Document;
let api: APIRequestContext;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();
/** `METHOD /path` of every call made, and the statuses seen. */
const exercised = new Map<string, Set<number>>();

/** Checks one answer against the document; returns its JSON body (undefined for an empty one). */
async function check(method: string, template: string, res: APIResponse) {
  const op = doc.paths[template]?.[method.toLowerCase()];
  expect(op, `${method} ${template} is documented`).toBeTruthy();
  const status = res.status();
  const key = `${method} ${template}`;
  exercised.set(key, (exercised.get(key) ?? new Set()).add(status));
  const documented = op.responses[String(status)];
  const text = await res.text();
  expect(documented, `${key} answered ${status}, which it does not document: ${text.slice(0, 300)}`).toBeTruthy();
  const schema = documented.content?.['application/json']?.schema;
  if (!schema) {
    expect(text, `${key} ${status} has no body`).toBe('');
    return undefined;
  }
  expect(res.headers()['content-type']).toContain('application/json');
  const body = JSON.parse(text);
  const id = `${key} ${status}`;
  let validate = validators.get(id);
  if (!validate) {
    validate = ajv.compile(strict(schema) as Schema);
    validators.set(id, validate);
  }
  expect(validate(body) ? [] : validate.errors, `${id}: ${text.slice(0, 300)}`).toEqual([]);
  return body;
}

type Call = { token?: string; data?: unknown; multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> };

/** Makes a call (the path with its values filled in) and checks the answer against `template`'s description. */
async function call(method: 'GET' | 'POST' | 'PUT', template: string, url: string, options: Call = {}) {
  const res = await api.fetch(url, {
    method,
    headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
    data: options.data,
    multipart: options.multipart,
    failOnStatusCode: false,
    maxRedirects: 0,
  });
  return { status: res.status(), body: await check(method, template, res) };
}

async function login(loginId: string) {
  const { status, body } = await call('POST', '/api/auth/login', '/api/auth/login', { data: { loginId, password: DEMO_PASSWORD } });
  expect(status).toBe(200);
  return body.data as { accessToken: string; refreshToken: string };
}

test.describe('the API answers as its OpenAPI document says @js-only', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ playwright, baseURL }) => {
    api = await playwright.request.newContext({ baseURL });
    const res = await api.get('/api/openapi.json');
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toContain('public');
    doc = await res.json();
  });

  test.afterAll(async () => {
    await api.dispose();
  });

  test('the served document is OpenAPI 3.1 and describes every route file of app/routes/api+', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(apiRoutePaths());
    await check('GET', '/api/openapi.json', await api.get('/api/openapi.json'));
  });

  test('sign-in, tokens, logs and the current user', async () => {
    const bad = await call('POST', '/api/auth/login', '/api/auth/login', { data: { loginId: 'no-such-contract-user', password: 'x' } });
    expect(bad).toMatchObject({ status: 401, body: { code: 'LOGIN_FAIL' } });
    expect((await call('POST', '/api/auth/login', '/api/auth/login', { data: {} })).body.code).toBe('INVALID_REQUEST');

    const tokens = await login('student');
    expect((await call('GET', '/api/auth/checkToken/{refreshToken}', `/api/auth/checkToken/${tokens.refreshToken}`)).body.data).toBe(true);
    const refreshed = await call('POST', '/api/auth/refreshToken', '/api/auth/refreshToken', {
      data: { refreshToken: tokens.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    const replay = await call('POST', '/api/auth/refreshToken', '/api/auth/refreshToken', { data: { refreshToken: tokens.refreshToken } });
    expect(replay).toMatchObject({ status: 401, body: { code: 'REFRESH_TOKEN_FAIL' } });

    const token = refreshed.body.data.accessToken as string;
    expect((await call('GET', '/api/me', '/api/me', { token })).body.data).toMatchObject({ loginId: 'student', userRole: 'USER' });
    expect((await call('GET', '/api/me', '/api/me')).body.code).toBe('INVALID_TOKEN');
    // An account without a temporary password has no password to set through this door (nothing changes).
    const set = await call('POST', '/api/auth/setPassword', '/api/auth/setPassword', {
      token,
      data: { password: 'Contract-pass-12', securityQuestion: 1, securityAnswer: '서울' },
    });
    expect([set.status, set.body.code]).toEqual([409, 'NOT_MIGRATION']);

    expect((await call('POST', '/api/logs', '/api/logs', { data: { message: 'contract test', level: 'error' } })).status).toBe(204);
  });

  test("a student's reading, problems, notes, reports and library (reads only)", async () => {
    const { accessToken: token } = await login('student');
    const activity = (await call('GET', '/api/user/activity', '/api/user/activity', { token })).body.data;
    const books = activity.resultList as { resultBookId: number; bookId: number; status: number }[];
    expect(books.length).toBeGreaterThan(0);
    const byStatus = (...statuses: number[]) => statuses.map((s) => books.find((b) => b.status === s)).find(Boolean) ?? books[0];
    const reading = byStatus(20); // ACTIVITY
    const done = byStatus(100, 40); // COMPLETE, else NOTE

    const readingGets = [
      '/api/bookCommon/readPage/detail/{id}',
      '/api/bookCommon/readPageTotal/detail/{id}',
      '/api/user/activity/bookInfo/{id}',
      '/api/user/activity/bookResult/{id}',
      '/api/user/activity/checkReadinBook/{id}',
      '/api/user/activity/readPage/{id}',
      '/api/user/activity/readingBook/{id}',
      '/api/user/activity/readingBookIndicator/{id}',
      '/api/user/activity/readingBookInfo/{id}',
      '/api/user/activity/sessionComplete/{id}',
      '/api/user/activity/setReadBook/{id}',
      '/api/user/activity/userBookReadTime/{id}',
      '/api/user/read/no-page/read-time/{id}',
    ];
    for (const template of readingGets) {
      for (const book of [reading, done]) {
        expect((await call('GET', template, template.replace('{id}', String(book.resultBookId)), { token })).status, template).toBe(200);
      }
      expect((await call('GET', template, template.replace('{id}', '99999999'), { token })).body.code, template).toBe('BOOK_NOT_FOUND');
    }
    await call('GET', '/api/user/activity/readingBookActivity', '/api/user/activity/readingBookActivity', { token });
    const clock = await call('POST', '/api/user/book/reading/{a}/{b}', `/api/user/book/reading/${reading.resultBookId}/0`, { token });
    expect(clock.status).toBe(200);

    // Problems and the per-book report of a finished book.
    const analysis = await call(
      'GET',
      '/api/user/activity/problemAnalysis/{id}',
      `/api/user/activity/problemAnalysis/${done.resultBookId}`,
      {
        token,
      },
    );
    expect(analysis.status).toBe(200);
    const problemId = analysis.body.data.problems[0]?.problemId;
    if (problemId) {
      const item = await call('GET', '/api/user/activity/problemAnalysisItem/{id}', `/api/user/activity/problemAnalysisItem/${problemId}`, {
        token,
      });
      expect(item.status).toBe(200);
    }
    await call('GET', '/api/user/activity/problemAnalysisItem/{id}', '/api/user/activity/problemAnalysisItem/99999999', { token });
    const info = await call(
      'GET',
      '/api/user/activity/problemAnalysisInfo/{id}',
      `/api/user/activity/problemAnalysisInfo/${done.resultBookId}`,
      {
        token,
      },
    );
    expect([200, 409]).toContain(info.status);
    await call('GET', '/api/user/activity/problemAnalysisInfo/{id}', `/api/user/activity/problemAnalysisInfo/${reading.resultBookId}`, {
      token,
    });
    expect((await call('GET', '/api/bookCommon/report/{id}', `/api/bookCommon/report/${done.resultBookId}`, { token })).status).toBe(200);

    // Notes: the student's own (or the empty note); a book still being read has none yet.
    expect((await call('GET', '/api/user/book/note/{id}', `/api/user/book/note/${done.resultBookId}`, { token })).status).toBe(200);
    const early = await call('GET', '/api/user/book/note/{id}', `/api/user/book/note/${reading.resultBookId}`, { token });
    expect(early.body.code).toBe('NOTE_BOOK_NOT_READY');

    // Reports, career, profile, messages, library.
    for (const template of [
      '/api/user/dashboard',
      '/api/user/book/report/general',
      '/api/user/book/levelGraph',
      '/api/jinro/user',
      '/api/user/book/jinro/reload',
      '/api/user/activity/subProfile',
    ]) {
      expect((await call('GET', template, template, { token })).status, template).toBe(200);
    }
    const inbox = await call('GET', '/api/user/message', '/api/user/message?page=1', { token });
    expect(inbox.status).toBe(200);
    const first = inbox.body.data.items[0];
    if (first) expect((await call('GET', '/api/user/message/{id}', `/api/user/message/${first.messageId}`, { token })).status).toBe(200);
    expect((await call('GET', '/api/user/message/{id}', '/api/user/message/99999999', { token })).body.code).toBe('MESSAGE_NOT_FOUND');

    const search = await call('POST', '/api/user/book/search/{page}/{size}', '/api/user/book/search/1/5', { token, data: { search: '' } });
    expect(search.body.data.books.length).toBeGreaterThan(0);
    expect((await call('POST', '/api/user/book/recommend/page/{page}/{size}', '/api/user/book/recommend/page/1/6', { token })).status).toBe(
      200,
    );

    // A notice the student may read: the inbox links to it when there is one; a guessed id is not found.
    const noticeLink = (inbox.body.data.items as { link: string | null }[]).map((m) => m.link?.match(/notice\/(\d+)/)?.[1]).find(Boolean);
    if (noticeLink) expect((await call('GET', '/api/total/notice/{id}', `/api/total/notice/${noticeLink}`, { token })).status).toBe(200);
    expect((await call('GET', '/api/total/notice/{id}', '/api/total/notice/99999999', { token })).body.code).toBe('NOTICE_NOT_FOUND');
  });

  test('calls that change data, refused without changing it', async () => {
    const { accessToken: token } = await login('student');
    const activity = (await call('GET', '/api/user/activity', '/api/user/activity', { token })).body.data;
    const id = (activity.resultList as { resultBookId: number; status: number }[]).find((b) => b.status === 100)?.resultBookId ?? 99999999;
    const refused = async (method: 'POST' | 'PUT', template: string, url: string, data?: unknown) => {
      const { status, body } = await call(method, template, url, { token, data });
      expect(status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      return body.code as string;
    };
    // Not the student's book, or a book in a status that refuses the change.
    expect(
      await refused('POST', '/api/user/activity/bookDayRead/{id}', '/api/user/activity/bookDayRead/99999999', {
        list: [{ start: 1, end: 2, time: 5 }],
        submissionKey: 'contract-0',
      }),
    ).toBe('BOOK_NOT_FOUND');
    await refused('POST', '/api/user/activity/bookDayRead/{id}', `/api/user/activity/bookDayRead/${id}`, { list: [] });
    await refused('POST', '/api/user/activity/bookDayRead/first/{id}', `/api/user/activity/bookDayRead/first/${id}`, { startPage: 1 });
    await refused('POST', '/api/user/book/read/{a}/{b}', `/api/user/book/read/${id}/999`);
    await refused('POST', '/api/user/book/read/{a}/{b}', `/api/user/book/read/${id}/20`, { start: 1, end: 2, submissionKey: 'contract-1' });
    await refused('POST', '/api/user/read/no-page/{a}/{b}', `/api/user/read/no-page/${id}/contract-2`, { index: 1, time: 5 });
    await refused('POST', '/api/user/activity/preBookActivityComplete/{id}', `/api/user/activity/preBookActivityComplete/${id}`, {
      prediction: '',
      whatIKnow: '',
    });
    await refused('POST', '/api/user/activity/setReadBook/{id}', `/api/user/activity/setReadBook/${id}`);
    await refused('POST', '/api/user/activity/addReadinBookResult/{id}', '/api/user/activity/addReadinBookResult/99999999');
    expect(
      await refused('POST', '/api/user/activity/problemAnalysisResult/{id}', `/api/user/activity/problemAnalysisResult/${id}`, {
        answers: 'none',
      }),
    ).toBe('INVALID_ANSWER');
    expect(
      await refused(
        'POST',
        '/api/user/activity/readingBookAnalysis/{a}/{b}/{c}/{d}/{e}',
        '/api/user/activity/readingBookAnalysis/0/0/0/0/0',
        {
          resultBookId: id,
        },
      ),
    ).toBe('SELF_ANALYSIS_RANGE');
    await refused('POST', '/api/user/book/noteInput', '/api/user/book/noteInput', { resultBookId: 99999999, note: '초안' });
    await refused('POST', '/api/user/book/noteResult', '/api/user/book/noteResult', { note: '{}' });
    expect(await refused('PUT', '/api/user/book/edit/{id}', '/api/user/book/edit/1', { noteInput: '댓글' })).toBe('AUTHORIZED_ERROR');
    expect(await refused('POST', '/api/student/changePassword', '/api/student/changePassword', { studentId: 1, password: 'x' })).toBe(
      'AUTHORIZED_ERROR',
    );
    expect(
      await refused('POST', '/api/super/user/editMyPage2', '/api/super/user/editMyPage2', {
        password: 'wrong-password',
        newPassword: 'Another1234!',
      }),
    ).toBe('WRONG_PASSWORD');

    const head = await login('head');
    const other = await call('POST', '/api/student/changePassword', '/api/student/changePassword', {
      token: head.accessToken,
      data: { studentId: 99999999, password: 'Contract1234!' },
    });
    expect(other.status).toBeGreaterThanOrEqual(400);
    // The teacher's read-method call on a book that is not one of the caller's students' (it changes nothing).
    const notMine = await call('POST', '/api/user/book/teacher/{a}/{b}', '/api/user/book/teacher/99999999/1', { token: head.accessToken });
    expect([notMine.status, notMine.body.code]).toEqual([404, 'BOOK_NOT_FOUND']);
  });

  test("calls that change the caller's own state, put back afterwards", async () => {
    const { accessToken: token } = await login('reader25');
    const me = (await call('GET', '/api/me', '/api/me', { token })).body.data;
    const saved = await call('POST', '/api/super/user/editMyPage', '/api/super/user/editMyPage', {
      token,
      data: { userName: me.userName, userEmail: me.userEmail ?? '' },
    });
    expect(saved.body.data).toBe(true);

    const search = (await call('POST', '/api/user/book/search/{page}/{size}', '/api/user/book/search/1/1', { token })).body.data;
    const book = search.books[0] as { id: number; liked: boolean };
    await call('POST', '/api/user/book/like/{bookId}', `/api/user/book/like/${book.id}`, { token, data: { like: !book.liked } });
    const back = await call('POST', '/api/user/book/like/{bookId}', `/api/user/book/like/${book.id}`, {
      token,
      data: { like: book.liked },
    });
    expect(back.body.data).toEqual({ bookId: book.id, liked: book.liked });
    expect((await call('POST', '/api/user/book/like/{bookId}', '/api/user/book/like/99999999', { token })).body.code).toBe(
      'BOOK_NOT_FOUND',
    );

    expect((await call('POST', '/api/user/book/jinro/reload', '/api/user/book/jinro/reload', { token })).status).toBe(200);

    const inbox = (await call('GET', '/api/user/message', '/api/user/message', { token })).body.data;
    if (inbox.items[0]) await call('POST', '/api/user/message/{id}', `/api/user/message/${inbox.items[0].messageId}`, { token });
    expect((await call('POST', '/api/user/message/{id}', '/api/user/message/99999999', { token })).status).toBe(404);
    expect((await call('POST', '/api/user/message/readAll', '/api/user/message/readAll', { token })).status).toBe(200);

    const activity = (await call('GET', '/api/user/activity', '/api/user/activity', { token })).body.data;
    if (activity.currentResultBookId) {
      const current = await call(
        'POST',
        '/api/user/activity/setReadBook/{id}',
        `/api/user/activity/setReadBook/${activity.currentResultBookId}`,
        {
          token,
        },
      );
      expect(current.status).toBe(200);
    }

    // A 1×1 PNG as the profile picture; a body that is not multipart is refused.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const image = await call('POST', '/api/user/edit/image', '/api/user/edit/image', {
      token,
      multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: png } },
    });
    expect(image.status).toBe(200);
    expect((await call('POST', '/api/user/edit/image', '/api/user/edit/image', { token, data: {} })).body.code).toBe('INVALID_REQUEST');
  });

  test('every documented call was made', () => {
    const documented = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.filter((key) => !exercised.has(key))).toEqual([]);
  });
});
