import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '~/web/session.server';
import { db } from '~/db/client.server';
import { notes, readingRecords, users } from '~/db/schema';
import { BookStatus, NoteState } from '~/domain/enums';
import { NOTE_MESSAGES } from '~/domain/notes';
import { processNoteImage } from '~/services/images.server';
import { LocalStorage, useStorage } from '~/services/storage.server';
import { findUserByLoginId } from '~/services/accounts.server';
import * as studentNote from '~/routes/user+/activity_.readingBook.note.$resultBookId';
import * as noteList from '~/routes/user+/note.list';
import * as bookReport from '~/routes/user+/bookCommon.report.$resultBookId';
import * as adminNotes from '~/routes/admin+/notes._index';
import * as adminNote from '~/routes/admin+/notes.$noteId';
import * as coachQueue from '~/routes/super+/coach.sharpening._index';
import * as coachNote from '~/routes/super+/coach.sharpening.$noteId';
import * as noteImage from '~/routes/resources+/note-image.$noteId';
import * as apiNote from '~/routes/api+/user.book.note.$id';
import * as apiEdit from '~/routes/api+/user.book.edit.$id';
import * as apiNoteInput from '~/routes/api+/user.book.noteInput';
import * as apiNoteResult from '~/routes/api+/user.book.noteResult';
import { readProfileImage, saveProfileImage } from '~/services/my-page.server';
import { csrfFor, makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { replyErrors } from '../support/form-reply';
import { bookStatus, LONG_NOTE, noteBook, noteById, noteOf } from '../support/notes';

useTestDatabase();

let store: LocalStorage;
let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'readin-uploads-'));
  store = new LocalStorage(root);
  useStorage(store);
});
afterAll(() => {
  useStorage(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

/** A 2000×1000 JPEG carrying EXIF (orientation 6 = rotate 90°, and a GPS-like comment). */
async function photo() {
  return sharp({ create: { width: 2000, height: 1000, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret place', Artist: 'kim' } } })
    .jpeg()
    .toBuffer();
}

function multipart(url: string, cookie: string, fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }) {
  const form = new FormData();
  form.set('csrf', csrfFor(cookie));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('image', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return new Request(new URL(url, 'http://localhost'), { method: 'POST', headers: { Cookie: cookie }, body: form });
}

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

describe('image checks by content', () => {
  it('re-encodes a real JPEG: rotated per EXIF, at most 1600 px, other bytes, no EXIF', async () => {
    const input = await photo();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await processNoteImage(input);
    expect(out.contentType).toBe('image/jpeg');
    expect(Buffer.compare(out.bytes, input)).not.toBe(0);
    expect([out.width, out.height]).toEqual([800, 1600]); // turned upright, then fitted into 1600
    const meta = await sharp(out.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual(['jpeg', 800, 1600, undefined, undefined]);
  });

  it('keeps transparency as WebP and accepts PNG, WebP and GIF', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.3 } } })
      .png()
      .toBuffer();
    expect((await processNoteImage(png)).contentType).toBe('image/webp');
    const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    expect((await processNoteImage(webp)).contentType).toBe('image/jpeg');
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    expect((await processNoteImage(gif)).width).toBe(40);
  });

  it('refuses HTML, SVG, text and a truncated image with the Korean message', async () => {
    const jpeg = await photo();
    for (const bytes of [
      Buffer.from('<!doctype html><html><body>hi</body></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
      Buffer.from('hello'),
      jpeg.subarray(0, 20),
    ]) {
      await expect(processNoteImage(bytes)).toBeDomainError('NOTE_IMAGE_TYPE', '이미지 파일(JPG, PNG, WEBP, GIF)만 올릴 수 있습니다.');
    }
    await expect(processNoteImage(new Uint8Array(10 * 1024 * 1024 + 1))).toBeDomainError(
      'NOTE_IMAGE_TOO_LARGE',
      '이미지는 10MB 이하만 올릴 수 있습니다.',
    );
  });
});

describe('student note page (forms without JavaScript)', () => {
  it('refuses an HTML file renamed .jpg, an SVG and an oversized file: message, nothing stored, no note', async () => {
    const cookie = await sessionCookie('student');
    const rb = await noteBook('student');
    const url = `/user/activity/readingBook/note/${rb}`;
    const before = await store.list();
    const cases = [
      {
        bytes: Buffer.from('<html><script>alert(1)</script></html>'),
        name: 'photo.jpg',
        type: 'image/jpeg',
        message: NOTE_MESSAGES.imageType,
      },
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        name: 'photo.jpg',
        type: 'image/jpeg',
        message: NOTE_MESSAGES.imageType,
      },
      // Over the upload's limit: refused before the form is read, with its code (the page shows it beside the file).
      {
        bytes: new Uint8Array(10 * 1024 * 1024 + 10),
        name: 'big.jpg',
        type: 'image/jpeg',
        message: NOTE_MESSAGES.imageTooLarge,
        early: true,
      },
    ];
    for (const file of cases) {
      const res = await respond(() =>
        studentNote.action(args(multipart(url, cookie, { intent: 'submit', note: LONG_NOTE }, file), { resultBookId: String(rb) })),
      );
      expect(res.status).toBeGreaterThanOrEqual(400);
      const body = await res.json();
      if ('early' in file) {
        expect(body.code).toBe('NOTE_IMAGE_TOO_LARGE');
        expect(replyErrors(body).form).toBe(file.message);
      } else {
        expect(replyErrors(body).image).toBe(file.message);
      }
    }
    expect(await store.list()).toEqual(before);
    expect(await noteOf(rb)).toBeUndefined();
    expect(await bookStatus(rb)).toBe(BookStatus.NOTE);
  });

  it('the whole review: student submits with a JPEG, teacher sends to coach, coach corrects, student reads it', async () => {
    const student = await sessionCookie('student');
    const rb = await noteBook('student');
    const input = await photo();
    const url = `/user/activity/readingBook/note/${rb}`;

    // A draft first, then the submission with the photo.
    let res = await respond(() =>
      studentNote.action(args(multipart(url, student, { intent: 'draft', note: '쓰는 중' }), { resultBookId: String(rb) })),
    );
    expect(res).toHaveRedirect(url, 302);
    let note = (await noteOf(rb))!;
    expect(note.state).toBe(NoteState.NONE);
    res = await respond(() =>
      studentNote.action(
        args(
          multipart(
            url,
            student,
            { intent: 'submit', note: LONG_NOTE, version: String(note.version) },
            { bytes: input, name: 'a.jpg', type: 'image/jpeg' },
          ),
          {
            resultBookId: String(rb),
          },
        ),
      ),
    );
    expect(res).toHaveRedirect('/user/note/list', 302);
    note = (await noteOf(rb))!;
    expect(note.state).toBe(NoteState.WRITE);
    expect(await bookStatus(rb)).toBe(BookStatus.COMPLETE);
    const stored = await store.get(note.imageKey!);
    expect(stored!.contentType).toBe('image/jpeg');
    expect(Buffer.compare(stored!.bytes, input)).not.toBe(0);
    expect((await sharp(stored!.bytes).metadata()).exif).toBeUndefined();

    // The image: the student and the academy's teacher get it; another academy and anonymous: 403; another student: 404
    // (as for the note itself: no hint that it exists).
    const img = async (cookie?: string) =>
      respond(() => noteImage.loader(args(makeRequest(`/resources/note-image/${note.id}`, { cookie }), { noteId: String(note.id) })));
    const own = await img(student);
    expect([own.status, own.headers.get('Content-Type')]).toEqual([200, 'image/jpeg']);
    expect(Buffer.from(await own.arrayBuffer()).equals(stored!.bytes)).toBe(true);
    expect((await img(await sessionCookie('teacher'))).status).toBe(200);
    expect((await img(await sessionCookie('coach'))).status).toBe(200);
    expect((await img(await sessionCookie('teacher2'))).status).toBe(403);
    expect((await img(await sessionCookie('head2'))).status).toBe(403);
    expect((await img(await sessionCookie('student2'))).status).toBe(404);
    expect((await img(await sessionCookie('branch'))).status).toBe(403);
    expect((await img()).status).toBe(403);

    // Teacher: in the academy's WRITE tab; academy 2 cannot open it.
    const teacher = await sessionCookie('teacher');
    const list = await (await respond(() => adminNotes.loader(args(makeRequest('/admin/notes?state=WRITE', { cookie: teacher }))))).json();
    expect(list.list.items.map((i: { id: number }) => i.id)).toContain(note.id);
    for (const other of ['teacher2', 'head2']) {
      const denied = await respond(() =>
        adminNote.loader(args(makeRequest(`/admin/notes/${note.id}`, { cookie: undefined }), { noteId: String(note.id) })).catch((e) => e),
      );
      expect(denied.status).toBe(302); // anonymous → sign in
      const r = await respond(() =>
        adminNote.loader(args(makeRequest(`/admin/notes/${note.id}`, { cookie: '' }), { noteId: String(note.id) })).catch((e) => e),
      );
      expect(r.status).toBe(302);
      const forbidden = await respond(async () =>
        adminNote.loader(args(makeRequest(`/admin/notes/${note.id}`, { cookie: await sessionCookie(other) }), { noteId: String(note.id) })),
      );
      // Academy 2 has not paid this month: the basic-pay guard refuses before the note is looked at.
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toMatchObject({ alert: { message: '이번 달 기본 결제를 해 주세요.' } });
    }
    const hold = await respond(() =>
      adminNote.action(
        args(
          makeRequest(`/admin/notes/${note.id}`, { cookie: teacher, form: { intent: 'hold', version: String(note.version), comment: '' } }),
          { noteId: String(note.id) },
        ),
      ),
    );
    expect(hold.status).toBe(400);
    expect((await hold.json()).error.comment).toEqual([NOTE_MESSAGES.holdReasonRequired]);
    const send = await respond(() =>
      adminNote.action(
        args(
          makeRequest(`/admin/notes/${note.id}`, {
            cookie: teacher,
            form: { intent: 'send', version: String(note.version), comment: '첨삭 부탁드려요.' },
          }),
          { noteId: String(note.id) },
        ),
      ),
    );
    expect(send).toHaveRedirect(`/admin/notes/${note.id}`, 302);
    // The head, on the page he loaded before, acts second: conflict message, nothing changes.
    const late = await respond(async () =>
      adminNote.action(
        args(
          makeRequest(`/admin/notes/${note.id}`, {
            cookie: await sessionCookie('head'),
            form: { intent: 'complete', version: String(note.version) },
          }),
          {
            noteId: String(note.id),
          },
        ),
      ),
    );
    expect(late.status).toBe(409);
    expect((await late.json()).error['']).toEqual(['다른 사용자가 먼저 처리했습니다. 새로고침한 뒤 다시 확인해 주세요.']);
    note = (await noteById(note.id))!;
    expect(note.state).toBe(NoteState.WAITING_CORRECT);

    // Coach: in the queue, corrects it.
    const coach = await sessionCookie('coach');
    const queue = await (
      await respond(() => coachQueue.loader(args(makeRequest('/super/coach/sharpening?page=1', { cookie: coach }))))
    ).json();
    expect(queue.queue.items.map((i: { id: number }) => i.id)).toContain(note.id);
    const empty = await respond(() =>
      coachNote.action(
        args(
          makeRequest(`/super/coach/sharpening/${note.id}`, { cookie: coach, form: { intent: 'correct', version: String(note.version) } }),
          { noteId: String(note.id) },
        ),
      ),
    );
    expect((await empty.json()).error.correction).toEqual([NOTE_MESSAGES.correctionRequired]);
    const corrected = await respond(() =>
      coachNote.action(
        args(
          makeRequest(`/super/coach/sharpening/${note.id}`, {
            cookie: coach,
            form: { intent: 'correct', version: String(note.version), correction: '첫 문장을 더 구체적으로 써 보세요.' },
          }),
          {
            noteId: String(note.id),
          },
        ),
      ),
    );
    expect(corrected).toHaveRedirect('/super/coach/sharpening', 302);
    // The teacher's coach page is refused: teachers are not in the super area.
    const teacherAtCoach = await respond(() => coachQueue.loader(args(makeRequest('/super/coach/sharpening', { cookie: teacher }))));
    expect(teacherAtCoach.status).toBe(302);

    // Student: the list shows the correction with the new-comment marker; acknowledging clears it.
    const mine = await (await respond(() => noteList.loader(args(makeRequest('/user/note/list', { cookie: student }))))).json();
    const item = mine.list.items.find((i: { id: number }) => i.id === note.id);
    expect(item).toMatchObject({
      state: NoteState.COMMENT_COMPLETE,
      correction: '첫 문장을 더 구체적으로 써 보세요.',
      noteInput: '첨삭 부탁드려요.',
      hasUnreadComment: true,
    });
    // The book's report tells the same story: the note as the list shows it, and the book's reading records.
    const report = await (
      await respond(() =>
        bookReport.loader(args(makeRequest(`/user/bookCommon/report/${rb}`, { cookie: student }), { resultBookId: String(rb) })),
      )
    ).json();
    expect(report.note).toEqual(item);
    const records = await db().select().from(readingRecords).where(eq(readingRecords.resultBookId, rb));
    expect(report.report.reading.sessions).toBe(records.length || null);
    const read = await respond(() =>
      noteList.action(args(makeRequest('/user/note/list', { cookie: student, form: { noteId: String(note.id) } }))),
    );
    expect(read.status).toBe(302);
    expect((await noteById(note.id)).hasUnreadComment).toBe(false);
  });

  it('replacing or removing the image deletes the old file', async () => {
    const student = await sessionCookie('student2');
    const rb = await noteBook('student2');
    const url = `/user/activity/readingBook/note/${rb}`;
    const jpeg = await photo();
    await respond(() =>
      studentNote.action(
        args(multipart(url, student, { intent: 'draft', note: LONG_NOTE }, { bytes: jpeg, name: 'a.jpg', type: 'image/jpeg' }), {
          resultBookId: String(rb),
        }),
      ),
    );
    const first = (await noteOf(rb))!;
    await respond(() =>
      studentNote.action(
        args(
          multipart(
            url,
            student,
            { intent: 'draft', note: LONG_NOTE, version: String(first.version) },
            { bytes: jpeg, name: 'b.jpg', type: 'image/jpeg' },
          ),
          { resultBookId: String(rb) },
        ),
      ),
    );
    const second = (await noteOf(rb))!;
    expect(second.imageKey).not.toBe(first.imageKey);
    expect(await store.get(first.imageKey!)).toBeNull();
    await respond(() =>
      studentNote.action(
        args(multipart(url, student, { intent: 'draft', note: LONG_NOTE, version: String(second.version), removeImage: 'on' }), {
          resultBookId: String(rb),
        }),
      ),
    );
    expect((await noteOf(rb))!.imageKey).toBeNull();
    expect(await store.get(second.imageKey!)).toBeNull();
  });
});

describe('profile pictures share the upload storage', () => {
  it('stores the re-encoded picture under profile/ and deletes the one it replaces', async () => {
    const owner = (await db().select({ id: users.id }).from(users).where(eq(users.loginId, 'student9')))[0];
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const first = await saveProfileImage(owner.id, png);
    expect(await store.list()).toContain(`profile/${first}`);
    const stored = await store.get(`profile/${first}`);
    expect(stored?.contentType).toBe('image/webp');
    expect(await sharp(stored!.bytes).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const second = await saveProfileImage(owner.id, png);
    const keys = await store.list();
    expect(keys).toContain(`profile/${second}`);
    expect(keys).not.toContain(`profile/${first}`);
    const viewer = { id: owner.id, role: 'USER' as const, authorities: [], organisationId: null };
    expect((await readProfileImage(viewer, owner.id))?.bytes.equals((await store.get(`profile/${second}`))!.bytes)).toBe(true);
  });
});

describe('JSON API (spec §7 Notes)', () => {
  async function bearer(loginId: string) {
    const user = await findUserByLoginId(loginId);
    return `Bearer ${(await startSession(user!)).accessToken}`;
  }
  const call = (path: string, auth: string, init: { method?: string; json?: unknown; body?: BodyInit } = {}) =>
    new Request(new URL(path, 'http://localhost'), {
      method: init.method ?? 'GET',
      headers: { Authorization: auth, ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });

  it('noteInput saves a draft, noteResult submits with a file, note reads it, edit comments (reviewers only)', async () => {
    const auth = await bearer('student');
    const rb = await noteBook('student');
    const empty = await (await apiNote.loader(args(call(`/api/user/book/note/${rb}`, auth), { id: String(rb) }))).json();
    expect(empty.data).toMatchObject({ noteId: -1, resultBookId: rb, state: NoteState.NONE });

    const saved = await apiNoteInput.action(
      args(call('/api/user/book/noteInput', auth, { method: 'POST', json: { resultBookId: rb, noteId: -1, note: '앱에서 쓰는 중' } })),
    );
    expect(saved.status).toBe(200);
    const draft = (await saved.json()).data;
    expect([draft.state, draft.note]).toEqual([NoteState.NONE, '앱에서 쓰는 중']);

    const form = new FormData();
    form.append('note', JSON.stringify({ noteId: draft.noteId, resultBookId: rb, note: LONG_NOTE }));
    form.append('file', new File([await photo()], 'x.jpg', { type: 'image/jpeg' }));
    const submitted = await apiNoteResult.action(args(call('/api/user/book/noteResult', auth, { method: 'POST', body: form })));
    const sent = (await submitted.json()).data;
    expect([submitted.status, sent.stateName, sent.image.width]).toEqual([200, 'WRITE', 800]);
    expect(await bookStatus(rb)).toBe(BookStatus.COMPLETE);

    const bad = new FormData();
    bad.append('note', JSON.stringify({ resultBookId: rb }));
    bad.append('file', new File(['<html></html>'], 'x.jpg', { type: 'image/jpeg' }));
    const refused = await apiNoteResult.action(args(call('/api/user/book/noteResult', auth, { method: 'POST', body: bad })));
    expect([refused.status, await refused.json()]).toEqual([415, { code: 'NOTE_IMAGE_TYPE', message: NOTE_MESSAGES.imageType }]);

    // edit: a student may not comment; the teacher may; a stale version conflicts.
    const put = (who: string, json: unknown) =>
      bearer(who).then((a) =>
        apiEdit.action(args(call(`/api/user/book/edit/${sent.noteId}`, a, { method: 'PUT', json }), { id: String(sent.noteId) })),
      );
    expect((await put('student', { noteInput: '셀프 댓글' })).status).toBe(403);
    const ok = await put('teacher', { noteInput: '잘 읽었어요!' });
    expect(ok.status).toBe(200);
    expect((await ok.json()).data).toMatchObject({ noteInput: '잘 읽었어요!', stateName: 'TEACHER_SHOW', hasUnreadComment: true });
    const stale = await put('head', { noteInput: '늦은 댓글', version: sent.version });
    expect([stale.status, (await stale.json()).code]).toEqual([409, 'NOTE_CONFLICT']);
    expect((await put('teacher2', { noteInput: '다른 학원' })).status).toBe(403);

    // note: the teacher reads it by result book; another academy cannot.
    const read = await apiNote.loader(args(call(`/api/user/book/note/${rb}`, await bearer('teacher')), { id: String(rb) }));
    expect((await read.json()).data.history.map((h: { action: string }) => h.action)).toEqual(['submit', 'comment']);
    expect((await apiNote.loader(args(call(`/api/user/book/note/${rb}`, await bearer('teacher2')), { id: String(rb) }))).status).toBe(403);
    expect((await apiNote.loader(args(call(`/api/user/book/note/${rb}`, await bearer('student2')), { id: String(rb) }))).status).toBe(404);
    // A malformed id answers the API's JSON shape, like every other failure.
    const malformed = await apiNote.loader(args(call('/api/user/book/note/abc', auth), { id: 'abc' }));
    expect(malformed.status).toBe(404);
    expect(await malformed.json()).toEqual({ code: 'NOT_FOUND', message: '요청하신 페이지를 찾을 수 없습니다.' });
    const rows = await db().select().from(notes).where(eq(notes.resultBookId, rb));
    expect(rows).toHaveLength(1);
  });
});
