import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { auditEvents, inboxItems, inquiries, messages, users } from '~/db/schema';
import { InquiryStatus } from '~/domain/enums';
import { INQUIRY_MESSAGES } from '~/domain/inquiries';
import * as adminNewInquiry from '~/routes/admin+/inquiry.new';
import * as inquiryFile from '~/routes/resources+/inquiry-file.$id';
import * as queuePage from '~/routes/super+/inquiries._index';
import * as operatorPage from '~/routes/super+/inquiries.$id';
import * as myInquiry from '~/routes/user+/inquiry.$id';
import * as myInquiries from '~/routes/user+/inquiry._index';
import * as newInquiry from '~/routes/user+/inquiry.new';
import { LocalStorage, useStorage } from '~/services/storage.server';
import { csrfFor, makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { createStudent, type Member } from '../support/factories';
import { replyErrors, replyValues } from '../support/form-reply';
import { userByLogin } from '../support/notes';

useTestDatabase();

let store: LocalStorage;
let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'readin-inquiries-'));
  store = new LocalStorage(root);
  useStorage(store);
});
afterAll(() => {
  useStorage(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const BODY = '학습 화면에서 다음 버튼을 눌러도 넘어가지 않습니다. 확인 부탁드립니다.';

type Upload = { bytes: Uint8Array; name: string; type: string };

function multipart(url: string, cookie: string, fields: Record<string, string>, file?: Upload) {
  const form = new FormData();
  form.set('csrf', csrfFor(cookie));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return new Request(new URL(url, 'http://localhost'), { method: 'POST', headers: { Cookie: cookie }, body: form });
}

/** A phone photo with EXIF (orientation and a comment that must not survive). */
const photo = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7bd5' } })
    .withMetadata({ orientation: 6, exif: { IFD0: { Artist: 'kim', Copyright: 'home' } } })
    .jpeg()
    .toBuffer();

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

async function ask(member: Pick<Member, 'loginId'>, fields: Record<string, string>, file?: Upload, route = newInquiry, base = '/user') {
  const cookie = await sessionCookie(member.loginId);
  return respond(() => route.action(args(multipart(`${base}/inquiry/new`, cookie, fields, file))));
}

const idFrom = (res: Response) => Number(res.headers.get('Location')!.split('/').pop());

async function inquiryRow(id: number) {
  const [row] = await db().select().from(inquiries).where(eq(inquiries.id, id));
  return row;
}

async function operatorPost(id: number, form: Record<string, string>, as = 'super') {
  const cookie = await sessionCookie(as);
  return respond(() => operatorPage.action(args(makeRequest(`/super/inquiries/${id}`, { cookie, form }), { id: String(id) })));
}

async function auditsOf(id: number) {
  return db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, 'inquiry'), eq(auditEvents.targetId, id)))
    .orderBy(auditEvents.id);
}

describe('demo inquiries', () => {
  it('exist in every status from student, adult and head, answered ones with their answer', async () => {
    const rows = await db()
      .select({ status: inquiries.status, answer: inquiries.answer, deletedAt: inquiries.deletedAt, loginId: users.loginId })
      .from(inquiries)
      .innerJoin(users, eq(users.id, inquiries.userId));
    for (const status of Object.values(InquiryStatus))
      expect(
        rows.some((r) => r.status === status),
        `status ${status}`,
      ).toBe(true);
    expect(new Set(rows.map((r) => r.loginId))).toEqual(new Set(['student', 'adult', 'head']));
    expect(rows.filter((r) => r.status === InquiryStatus.COMPLETE).every((r) => r.answer)).toBe(true);
    expect(rows.filter((r) => r.status === InquiryStatus.DELETE).every((r) => r.deletedAt)).toBe(true);
  });
});

describe('asking', () => {
  it('stores the inquiry WAIT with its photo re-encoded (no EXIF); the same post again is the same inquiry', async () => {
    const member = await createStudent();
    const fields = { category: 'ERROR', title: '다음 버튼이 안 눌려요', body: BODY };
    const file = { bytes: await photo(), name: 'C:\\사진\\화면.JPG', type: 'image/jpeg' };
    const res = await ask(member, fields, file);
    const id = idFrom(res);
    expect(res).toHaveRedirect(`/user/inquiry/${id}`);
    await expect(res).toHaveFlash({ message: INQUIRY_MESSAGES.created });
    const row = await inquiryRow(id);
    expect(row).toMatchObject({
      userId: member.id,
      category: 'ERROR',
      title: '다음 버튼이 안 눌려요',
      body: BODY,
      status: InquiryStatus.WAIT,
    });
    expect([row.fileName, row.fileType]).toEqual(['화면.jpg', 'image/jpeg']);
    const stored = (await store.get(row.filePath!))!;
    const meta = await sharp(stored.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 600, 900, undefined]);
    // Served to its asker as an image in the page, by its name.
    const cookie = await sessionCookie(member.loginId);
    const served = await respond(() =>
      inquiryFile.loader(args(makeRequest(`/resources/inquiry-file/${id}`, { cookie }), { id: String(id) })),
    );
    expect(served.headers.get('Content-Type')).toBe('image/jpeg');
    expect(served.headers.get('Content-Disposition')).toBe(`inline; filename="__.jpg"; filename*=UTF-8''${encodeURIComponent('화면.jpg')}`);

    // A double submit: the same inquiry, one row, one stored file.
    const again = await ask(member, fields, file);
    expect(again).toHaveRedirect(`/user/inquiry/${id}`);
    expect(await db().select().from(inquiries).where(eq(inquiries.userId, member.id))).toHaveLength(1);
    expect((await store.list()).filter((k) => k.startsWith(`inquiries/u${member.id}/`))).toEqual([row.filePath]);
  });

  it('refuses a missing category, a short text and a file that is neither an image nor a PDF, keeping what was typed', async () => {
    const member = await createStudent();
    const noCategory = await ask(member, { category: '', title: '제목', body: BODY });
    expect(noCategory.status).toBe(400);
    const reply = await noCategory.json();
    expect(reply.error.category).toEqual([INQUIRY_MESSAGES.categoryRequired]);
    expect(reply.initialValue).toMatchObject({ title: '제목', body: BODY });

    const short = await ask(member, { category: 'USAGE', title: '제목', body: '짧아요' });
    expect((await short.json()).error.body).toEqual([INQUIRY_MESSAGES.bodyTooShort]);

    const html = { bytes: new TextEncoder().encode('<html><script>alert(1)</script></html>'), name: 'shot.png', type: 'image/png' };
    const badFile = await ask(member, { category: 'USAGE', title: '제목', body: BODY }, html);
    expect(badFile.status).toBe(415);
    const badReply = await badFile.json();
    expect(badReply.error.file).toEqual([INQUIRY_MESSAGES.fileType]);
    expect(badReply.initialValue).toMatchObject({ title: '제목' });
    expect(await db().select().from(inquiries).where(eq(inquiries.userId, member.id))).toHaveLength(0);
    expect((await store.list()).filter((k) => k.startsWith(`inquiries/u${member.id}/`))).toEqual([]);
  });

  it('serves the attachment to its asker and the operators only: a PDF as a download by its RFC 6266 name, never sniffed', async () => {
    const member = await createStudent();
    const id = idFrom(
      await ask(
        member,
        { category: 'PAYMENT', title: '영수증', body: BODY },
        { bytes: PDF, name: '../../영수증 3월.pdf', type: 'application/pdf' },
      ),
    );
    const fetchAs = async (cookie: string | undefined) =>
      respond(() => inquiryFile.loader(args(makeRequest(`/resources/inquiry-file/${id}`, { cookie }), { id: String(id) })));

    const own = await fetchAs(await sessionCookie(member.loginId));
    expect(own.status).toBe(200);
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PDF);
    expect(own.headers.get('Content-Type')).toBe('application/pdf');
    expect(own.headers.get('Content-Disposition')).toBe(
      `attachment; filename="___ 3_.pdf"; filename*=UTF-8''${encodeURIComponent('영수증 3월.pdf')}`,
    );
    expect(own.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(own.headers.get('Cache-Control')).toBe('private, no-store');
    expect((await fetchAs(await sessionCookie('super'))).status).toBe(200);
    expect((await fetchAs(await sessionCookie('admin2'))).status).toBe(200);
    for (const other of [await sessionCookie('student2'), await sessionCookie('coach'), await sessionCookie('head'), undefined]) {
      const res = await fetchAs(other);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe(INQUIRY_MESSAGES.notFound);
    }
  });
});

describe('the state machine', () => {
  it('WAIT → CHECK (확인, once) → COMPLETE (answer, once): audited, the asker told in the inbox and by text message', async () => {
    const member = await createStudent();
    const id = idFrom(await ask(member, { category: 'USAGE', title: '진도 문의', body: BODY }));
    const operator = await userByLogin('super');

    // Opening the page changes nothing (a GET never writes).
    const superCookie = await sessionCookie('super');
    const page = await respond(() =>
      operatorPage.loader(args(makeRequest(`/super/inquiries/${id}`, { cookie: superCookie }), { id: String(id) })),
    );
    expect((await page.json()).inquiry.status).toBe(InquiryStatus.WAIT);
    expect((await inquiryRow(id)).status).toBe(InquiryStatus.WAIT);

    const checked = await operatorPost(id, { intent: 'check' });
    expect(checked).toHaveRedirect(`/super/inquiries/${id}`);
    await expect(checked).toHaveFlash({ message: INQUIRY_MESSAGES.checked });
    const afterCheck = await inquiryRow(id);
    expect(afterCheck.status).toBe(InquiryStatus.CHECK);
    expect(afterCheck.checkedAt).toBeInstanceOf(Date);
    const repeat = await operatorPost(id, { intent: 'check' }, 'admin2');
    await expect(repeat).toHaveFlash({ message: INQUIRY_MESSAGES.alreadyChecked });
    expect((await inquiryRow(id)).checkedAt).toEqual(afterCheck.checkedAt);
    expect((await auditsOf(id)).map((a) => [a.action, a.actorId, a.before, a.after])).toEqual([
      ['inquiry.check', operator.id, { status: 1 }, { status: 2 }],
    ]);

    const empty = await operatorPost(id, { intent: 'answer', answer: '   ' });
    expect(empty.status).toBe(400);
    const emptyReply = await empty.json();
    expect(replyErrors(emptyReply)).toEqual({ answer: INQUIRY_MESSAGES.answerRequired });
    expect(replyValues(emptyReply)).toMatchObject({ intent: 'answer' });

    const answer = '안녕하세요. 다음 버튼 문제를 고쳤습니다. 다시 해 보세요.';
    const answered = await operatorPost(id, { intent: 'answer', answer });
    await expect(answered).toHaveFlash({ message: INQUIRY_MESSAGES.answered });
    const done = await inquiryRow(id);
    expect(done).toMatchObject({ status: InquiryStatus.COMPLETE, answer, answeredBy: operator.id, checkedAt: afterCheck.checkedAt });
    expect(done.answeredAt).toBeInstanceOf(Date);
    const inbox = await db().select().from(inboxItems).where(eq(inboxItems.userId, member.id));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      kind: 'INQUIRY',
      title: '1:1 문의에 답변이 등록되었습니다',
      link: `/user/inquiry/${id}`,
      readAt: null,
    });
    expect(inbox[0].body).toContain('‘진도 문의’ 문의에 답변이 등록되었습니다.');
    const texts = await db().select().from(messages).where(eq(messages.recipientUserId, member.id));
    expect(texts.map((m) => [m.kind, m.channel, m.sendState])).toEqual([['INQUIRY_ANSWERED', 'SMS', 1]]);
    expect((await auditsOf(id)).map((a) => a.action)).toEqual(['inquiry.check', 'inquiry.answer']);

    // The same answer again is harmless; another answer is refused; nothing more is written.
    expect(await operatorPost(id, { intent: 'answer', answer })).toHaveRedirect(`/super/inquiries/${id}`);
    const other = await operatorPost(id, { intent: 'answer', answer: '다른 답변' }, 'admin2');
    expect(other.status).toBe(409);
    const otherReply = await other.json();
    expect(replyErrors(otherReply)).toEqual({ answer: INQUIRY_MESSAGES.alreadyAnswered });
    expect(replyValues(otherReply)).toMatchObject({ intent: 'answer', answer: '다른 답변' });
    expect((await inquiryRow(id)).answer).toBe(answer);
    expect(await db().select().from(inboxItems).where(eq(inboxItems.userId, member.id))).toHaveLength(1);
    expect(await auditsOf(id)).toHaveLength(2);

    // The asker reads the answer on the page.
    const memberCookie = await sessionCookie(member.loginId);
    const mine = await respond(() =>
      myInquiry.loader(args(makeRequest(`/user/inquiry/${id}`, { cookie: memberCookie }), { id: String(id) })),
    );
    expect((await mine.json()).inquiry).toMatchObject({ status: InquiryStatus.COMPLETE, answer });
  });

  it('an answer straight from WAIT records the check too; the answer of a head links to the admin area', async () => {
    const head = await userByLogin('head2');
    const res = await ask(head, { category: 'PAYMENT', title: '무통장입금 확인', body: BODY }, undefined, adminNewInquiry, '/admin');
    const id = idFrom(res);
    expect(res).toHaveRedirect(`/admin/inquiry/${id}`);
    await operatorPost(id, { intent: 'answer', answer: '입금을 확인했습니다.' }, 'admin2');
    const row = await inquiryRow(id);
    expect(row.status).toBe(InquiryStatus.COMPLETE);
    expect(row.checkedAt).toEqual(row.answeredAt);
    const [item] = await db().select().from(inboxItems).where(eq(inboxItems.userId, head.id)).orderBy(desc(inboxItems.id)).limit(1);
    expect(item.link).toBe(`/admin/inquiry/${id}`);
  });

  it('only the asker deletes: hidden from the asker, kept for operators, no longer answerable; a repeat is harmless', async () => {
    const member = await createStudent();
    const id = idFrom(
      await ask(member, { category: 'ETC', title: '지울 문의', body: BODY }, { bytes: PDF, name: 'a.pdf', type: 'application/pdf' }),
    );
    const cookie = await sessionCookie(member.loginId);
    const del = (as: string) =>
      respond(() =>
        myInquiry.action(args(makeRequest(`/user/inquiry/${id}`, { cookie: as, form: { intent: 'delete' } }), { id: String(id) })),
      );

    // Another member: 404, nothing changes.
    const stranger = await del(await sessionCookie('student2'));
    expect(stranger.status).toBe(404);
    expect((await inquiryRow(id)).status).toBe(InquiryStatus.WAIT);

    const done = await del(cookie);
    expect(done).toHaveRedirect('/user/inquiry');
    await expect(done).toHaveFlash({ message: INQUIRY_MESSAGES.deleted });
    const row = await inquiryRow(id);
    expect(row.status).toBe(InquiryStatus.DELETE);
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await del(cookie)).toHaveRedirect('/user/inquiry');
    expect((await inquiryRow(id)).deletedAt).toEqual(row.deletedAt);

    const list = await (await respond(() => myInquiries.loader(args(makeRequest('/user/inquiry', { cookie }))))).json();
    expect(list.list.rows).toEqual([]);
    const page = await respond(() => myInquiry.loader(args(makeRequest(`/user/inquiry/${id}`, { cookie }), { id: String(id) })));
    expect(page.status).toBe(404);
    const file = await respond(() =>
      inquiryFile.loader(args(makeRequest(`/resources/inquiry-file/${id}`, { cookie }), { id: String(id) })),
    );
    expect(file.status).toBe(404);

    // Operators still see it (page, attachment, the DELETE tab) and cannot answer it.
    const superCookie = await sessionCookie('super');
    const seen = await respond(() =>
      operatorPage.loader(args(makeRequest(`/super/inquiries/${id}`, { cookie: superCookie }), { id: String(id) })),
    );
    expect((await seen.json()).inquiry.status).toBe(InquiryStatus.DELETE);
    const opFile = await respond(() =>
      inquiryFile.loader(args(makeRequest(`/resources/inquiry-file/${id}`, { cookie: superCookie }), { id: String(id) })),
    );
    expect(opFile.status).toBe(200);
    const deletedTab = await (
      await respond(() => queuePage.loader(args(makeRequest('/super/inquiries?status=delete', { cookie: superCookie }))))
    ).json();
    expect(deletedTab.rows.map((r: { id: number }) => r.id)).toContain(id);
    const refused = await operatorPost(id, { intent: 'answer', answer: '답변' });
    expect(refused.status).toBe(409);
    expect(replyErrors(await refused.json())).toEqual({ answer: INQUIRY_MESSAGES.deletedByAsker });
    expect((await operatorPost(id, { intent: 'check' })).status).toBe(302);
    expect((await inquiryRow(id)).status).toBe(InquiryStatus.DELETE);
  });

  it("another member's inquiry answers 404 like a missing one", async () => {
    const member = await createStudent();
    const id = idFrom(await ask(member, { category: 'USAGE', title: '비밀 문의', body: BODY }));
    const other = await sessionCookie('student2');
    for (const target of [id, 999999]) {
      const res = await respond(() =>
        myInquiry.loader(args(makeRequest(`/user/inquiry/${target}`, { cookie: other }), { id: String(target) })),
      );
      expect(res.status).toBe(404);
      expect(await res.text()).toBe(INQUIRY_MESSAGES.notFound);
    }
    const missing = await operatorPost(999999, { intent: 'check' });
    expect(missing.status).toBe(404);
  });
});

describe('the queue', () => {
  it('shows open inquiries first, the longest waiting at the top, filtered by status and category', async () => {
    const cookie = await sessionCookie('super');
    const load = async (query = '') =>
      (await (await respond(() => queuePage.loader(args(makeRequest(`/super/inquiries${query}`, { cookie }))))).json()) as {
        rows: { id: number; status: number; category: string; createdAt: string }[];
        total: number;
        open: number;
        byStatus: Record<string, number>;
      };
    const open = await load();
    expect(open.rows.length).toBe(open.total);
    expect(open.rows.every((r) => r.status === InquiryStatus.WAIT || r.status === InquiryStatus.CHECK)).toBe(true);
    const firstCheck = open.rows.findIndex((r) => r.status === InquiryStatus.CHECK);
    expect(open.rows.slice(firstCheck).every((r) => r.status === InquiryStatus.CHECK)).toBe(true);
    const waits = open.rows.filter((r) => r.status === InquiryStatus.WAIT).map((r) => r.createdAt);
    expect(waits).toEqual([...waits].sort());

    const all = await load('?status=all');
    expect(all.total).toBe(Object.values(all.byStatus).reduce((a, b) => a + b, 0));
    expect(all.rows.findIndex((r) => r.status === InquiryStatus.COMPLETE)).toBeGreaterThan(firstCheck);

    const payments = await load('?status=all&category=PAYMENT');
    expect(payments.rows.length).toBeGreaterThan(0);
    expect(payments.rows.every((r) => r.category === 'PAYMENT')).toBe(true);
  });
});
