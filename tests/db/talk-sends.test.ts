// /talk and the templates (issue 13): who may open the talk area, the compose preview and its refusals, a send written
// once per form key with one outbox row per recipient, who sees which sends, '실패한 메시지 다시 보내기' (not for a failure
// of the number itself), operators' templates with their audit trail, and an event turned off with its template.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { auditEvents, classes, inboxItems, messages, talkSends, talkTemplates, users } from '~/db/schema';
import { SendState } from '~/domain/enums';
import { MAX_SEND_ATTEMPTS, TALK_MESSAGES as M } from '~/domain/talk';
import { setClock } from '~/lib/clock.server';
import { SPEC_MESSAGES } from '~/messages';
import * as talkIndex from '~/routes/talk+/_index';
import * as talkNew from '~/routes/talk+/new';
import * as talkWebhook from '~/routes/talk+/webhook';
import * as superMessages from '~/routes/super+/messages';
import * as templateEdit from '~/routes/super+/talk.templates.$templateId';
import * as templateNew from '~/routes/super+/talk.templates.new';
import { assignBook } from '~/services/assignments.server';
import { runOutbox } from '~/services/talk/outbox.server';
import { previewSend, sendTalk, type SendInput } from '~/services/talk/sends.server';
import { getSend, listSends, retryFailed } from '~/services/talk/send-history.server';
import { createTemplate, updateTemplate } from '~/services/talk/templates.server';
import { makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { replyErrors, replyValues } from '../support/form-reply';
import { createBook } from '../support/factories';
import { userByLogin } from '../support/notes';
import { startSolapi, type SolapiSimulator } from '../support/solapi';

useTestDatabase();

let solapi: SolapiSimulator;
beforeAll(async () => {
  solapi = await startSolapi();
});
afterAll(async () => {
  setClock(undefined);
  await solapi.close();
});

const origin = { address: '127.0.0.1', origin: 'http://localhost' };
const templateId = async (code: string) => (await db().select().from(talkTemplates).where(eq(talkTemplates.code, code)))[0].id;
const classId = async (name: string) => (await db().select().from(classes).where(eq(classes.name, name)))[0].id;
const userId = async (loginId: string) => (await db().select().from(users).where(eq(users.loginId, loginId)))[0].id;
let keys = 0;
const newKey = () => `test-key-${Date.now()}-${++keys}`.padEnd(20, 'x');

async function readingDue(overrides: Partial<SendInput> = {}): Promise<SendInput> {
  return {
    academyId: null,
    templateId: await templateId('READING_DUE'),
    target: 'class',
    classId: await classId('햇살반'),
    studentIds: [],
    audience: 'PARENTS',
    values: { 마감일: '이번 주 금요일' },
    ...overrides,
  };
}

describe('who may open /talk', () => {
  it('heads and teachers with the basic payment, and ADMIN1/ADMIN2; others are sent away', async () => {
    const outcome = async (loginId: string) => {
      const request = makeRequest('/talk', { cookie: await sessionCookie(loginId) });
      const res = await respond(() => talkIndex.loader({ request, params: {}, context: {} } as LoaderFunctionArgs));
      if (res.status === 200) return 200;
      if (res.status === 302) return `→ ${res.headers.get('Location')}`;
      if (res.status === 403) return ((await res.json()) as { alert: { message: string } }).alert.message;
      return res.status;
    };
    const actual: Record<string, unknown> = {};
    for (const id of ['student', 'head', 'teacher', 'head2', 'super', 'admin2', 'coach', 'branch', 'product'])
      actual[id] = await outcome(id);
    expect(actual).toEqual({
      student: '→ /member/login',
      head: 200,
      teacher: 200,
      head2: SPEC_MESSAGES.basicPayRequired,
      super: 200,
      admin2: 200,
      coach: '→ /super/coach/sharpening',
      branch: '→ /super/tax/u/region/agency',
      product: '→ /super/books',
    });
    const anonymous = await respond(() => talkIndex.loader({ request: makeRequest('/talk'), params: {}, context: {} }));
    expect(anonymous).toHaveRedirect('/member/login?redirectTo=%2Ftalk');
  });
});

describe('compose and preview', () => {
  it('fills the variables for the first recipient and lists every recipient with or without a number', async () => {
    const teacher = await userByLogin('teacher');
    const preview = await previewSend(teacher, await readingDue());
    expect(preview.audienceLabel).toBe('햇살반 · 학부모');
    expect(preview.template.name).toBe('독서 과제 마감 안내');
    const first = preview.recipients.find((r) => r.phone)!;
    expect(preview.previewText).toBe(
      `[해오름 독서학원] ${first.studentName} 학생의 독서 과제 마감일은 이번 주 금요일입니다. 리드인에서 남은 독서활동을 마쳐 주세요.`,
    );
    expect(preview.recipients.every((r) => r.role === 'parent')).toBe(true);
    expect(preview.sendable + preview.withoutPhone).toBe(preview.recipients.length);
    expect(preview.recipients.find((r) => r.studentName === '김하늘')).toMatchObject({ phone: '010-2100-0001', className: '햇살반' });
  });

  it('refuses, in Korean: a missing value, a template not approved, a class the teacher does not teach, no audience', async () => {
    const teacher = await userByLogin('teacher');
    await expect(previewSend(teacher, await readingDue({ values: {} }))).toBeDomainError(
      'TALK_VALUE',
      '#{마감일}에 들어갈 내용을 입력해 주세요.',
    );
    await expect(previewSend(teacher, await readingDue({ templateId: await templateId('MONTHLY_REPORT') }))).toBeDomainError(
      'TALK_TEMPLATE',
      M.templateNotSendable,
    );
    await expect(previewSend(teacher, await readingDue({ templateId: await templateId('NOTE_COMMENT') }))).toBeDomainError(
      'TALK_TEMPLATE',
      M.templateNotSendable,
    );
    await expect(previewSend(teacher, await readingDue({ classId: await classId('달빛반') }))).toBeDomainError('CLASS_NOT_FOUND');
    await expect(previewSend(teacher, await readingDue({ audience: null }))).toBeDomainError('TALK_AUDIENCE', M.chooseAudience);
    await expect(previewSend(teacher, await readingDue({ target: 'students', classId: null, studentIds: [] }))).toBeDomainError(
      'TALK_STUDENTS',
      M.chooseStudents,
    );
    // Another academy's student is "not found".
    const other = await userId('student6');
    await expect(previewSend(teacher, await readingDue({ target: 'students', classId: null, studentIds: [other] }))).toBeDomainError(
      'STUDENT_NOT_FOUND',
    );
  });

  it('an operator chooses the academy first', async () => {
    const operator = await userByLogin('super');
    await expect(previewSend(operator, await readingDue())).toBeDomainError('TALK_ACADEMY', M.chooseAcademy);
    const [student] = await db().select({ organisationId: users.organisationId }).from(users).where(eq(users.loginId, 'student'));
    const preview = await previewSend(operator, await readingDue({ academyId: student.organisationId }));
    expect(preview.academy.name).toBe('해오름 독서학원');
  });
});

describe('sending', () => {
  it('writes one send and one WAITING row per recipient with a number, once per form key; the outbox delivers them', async () => {
    const teacher = await userByLogin('teacher');
    const student = await userId('student');
    const student2 = await userId('student2');
    const input = await readingDue({ target: 'students', classId: null, studentIds: [student, student2], audience: 'BOTH' });
    const key = newKey();
    const first = await sendTalk(teacher, input, key);
    expect(first).toMatchObject({ created: true, count: 4 });
    const rows = await db().select().from(messages).where(eq(messages.sendId, first.sendId)).orderBy(messages.id);
    expect(rows.map((r) => [r.phone, r.kind, r.channel, r.sendState, r.dedupeKey!.split(':').pop()])).toEqual([
      ['010-1000-0001', 'TALK_SEND', 'TALK', SendState.WAITING, 'student'],
      ['010-2100-0001', 'TALK_SEND', 'TALK', SendState.WAITING, 'parent'],
      ['010-1000-0002', 'TALK_SEND', 'TALK', SendState.WAITING, 'student'],
      ['010-2100-0002', 'TALK_SEND', 'TALK', SendState.WAITING, 'parent'],
    ]);
    expect(rows[0].body).toBe(
      '[해오름 독서학원] 김하늘 학생의 독서 과제 마감일은 이번 주 금요일입니다. 리드인에서 남은 독서활동을 마쳐 주세요.',
    );
    const [send] = await db().select().from(talkSends).where(eq(talkSends.id, first.sendId));
    expect(send).toMatchObject({
      senderId: teacher.id,
      organisationId: teacher.organisationId,
      recipientCount: 4,
      audience: '학생 2명 · 학생과 학부모',
    });
    // The students find it in their inbox.
    const inbox = await db().select().from(inboxItems).where(eq(inboxItems.messageId, rows[0].id));
    expect(inbox).toMatchObject([{ userId: student, kind: 'TALK', title: '독서 과제 마감 안내' }]);

    // The same form posted again: the first send, nothing more written.
    const again = await sendTalk(teacher, input, key);
    expect(again).toEqual({ sendId: first.sendId, count: 0, created: false });
    expect(await db().select().from(talkSends).where(eq(talkSends.templateId, input.templateId!))).toHaveLength(2); // the demo's and this one
    expect(
      await db()
        .select()
        .from(messages)
        .where(like(messages.dedupeKey, `send:${key}:%`)),
    ).toHaveLength(4);

    await runOutbox();
    const detail = await getSend(teacher, first.sendId);
    expect(detail.counts[SendState.COMPLETE]).toBe(4);
    for (const r of rows) expect(await solapi.received(r.id)).toBe(1);
  });

  it('a post of the page: redirects to the send with the flash; a key that is not one is refused', async () => {
    const cookie = await sessionCookie('teacher');
    const form = {
      template: String(await templateId('CLASS_SCHEDULE')),
      target: 'class',
      classId: String(await classId('햇살반')),
      audience: 'PARENTS',
      'v.바뀐일정': '다음 주 화요일 오후 4시',
      key: newKey(),
    };
    const res = await respond(() => talkNew.action({ request: makeRequest('/talk/new', { cookie, form }), params: {}, context: {} }));
    expect(res.status).toBe(302);
    const sendId = Number(res.headers.get('Location')!.match(/^\/talk\/(\d+)$/)![1]);
    const rows = await db().select().from(messages).where(eq(messages.sendId, sendId));
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.find((r) => r.phone === '010-2100-0001')!.body).toBe(
      '[해오름 독서학원] 김하늘 학생의 햇살반 수업 일정이 바뀌었습니다. 바뀐 일정: 다음 주 화요일 오후 4시 궁금한 점은 학원으로 연락해 주세요.',
    );
    const refused = await respond(() =>
      talkNew.action({ request: makeRequest('/talk/new', { cookie, form: { ...form, key: 'x' } }), params: {}, context: {} }),
    );
    expect(refused.status).toBe(400);
    expect(replyErrors(await refused.json())).toEqual({ form: M.formExpired });
  });

  it('a head sees the academy’s sends, a teacher their own, another academy none (404)', async () => {
    const teacher = await userByLogin('teacher');
    const head = await userByLogin('head');
    const head3 = await userByLogin('head2');
    const { sendId } = await sendTalk(teacher, await readingDue(), newKey());
    expect((await listSends(head, 1)).rows.map((r) => r.id)).toContain(sendId);
    expect((await listSends(teacher, 1)).rows.map((r) => r.id)).toContain(sendId);
    expect((await listSends(head3, 1)).rows.map((r) => r.id)).not.toContain(sendId);
    await expect(getSend(head3, sendId)).toBeDomainError('TALK_SEND_NOT_FOUND', M.sendNotFound);
    const { sendId: headsOwn } = await sendTalk(head, await readingDue(), newKey());
    expect((await listSends(teacher, 1)).rows.map((r) => r.id)).not.toContain(headsOwn);
    await expect(getSend(teacher, headsOwn)).toBeDomainError('TALK_SEND_NOT_FOUND');
  });
});

describe('실패한 메시지 다시 보내기', () => {
  it('queues the failures that may go through, not those of the number itself, once', async () => {
    const teacher = await userByLogin('teacher');
    const student = await userId('student');
    const student2 = await userId('student2');
    await solapi.script({ to: '010-1000-0001' }, 'carrier', MAX_SEND_ATTEMPTS);
    await solapi.script({ to: '010-1000-0002' }, 'number', 1);
    const { sendId } = await sendTalk(
      teacher,
      await readingDue({ target: 'students', classId: null, studentIds: [student, student2], audience: 'STUDENTS' }),
      newKey(),
    );
    let clock = Date.now();
    for (let i = 0; i < MAX_SEND_ATTEMPTS + 1; i += 1) {
      await runOutbox();
      clock += 24 * 60 * 60_000;
      setClock(() => clock);
    }
    let detail = await getSend(teacher, sendId);
    expect(detail.recipients.map((r) => [r.studentName, r.sendState, r.lastErrorCode, r.attempts])).toEqual([
      ['김하늘', SendState.FAIL, '3041', MAX_SEND_ATTEMPTS],
      ['이바다', SendState.FAIL, '3010', 1],
    ]);
    expect(detail).toMatchObject({ failed: 2, retryable: 1 });

    expect(await retryFailed(teacher, sendId)).toBe(1);
    detail = await getSend(teacher, sendId);
    expect(detail.recipients.map((r) => [r.sendState, r.attempts])).toEqual([
      [SendState.WAITING, 0],
      [SendState.FAIL, 1],
    ]);
    // A second click finds nothing more to queue.
    await expect(retryFailed(teacher, sendId)).toBeDomainError('TALK_NOTHING_TO_RETRY', M.nothingToRetry);
    await runOutbox();
    expect((await getSend(teacher, sendId)).recipients[0]).toMatchObject({ sendState: SendState.COMPLETE, attempts: 1 });
    setClock(undefined);
  });
});

describe('templates', () => {
  it('operators create and edit them, audited; the checks speak Korean', async () => {
    const operator = await userByLogin('super');
    const values = {
      code: 'TEST_NOTICE',
      name: '시험 안내',
      body: '[#{학원명}] #{학생명} 학생의 시험은 #{시험일}입니다.',
      event: '',
      approval: 'REQUESTED',
      providerTemplateId: '',
      active: true,
    };
    await expect(createTemplate(operator, { ...values, code: 'lower' }, origin)).toBeDomainError('TEMPLATE_CODE', M.codeInvalid);
    await expect(createTemplate(operator, { ...values, approval: 'APPROVED' }, origin)).toBeDomainError(
      'TEMPLATE_PROVIDER_ID',
      M.approvedNeedsProviderId,
    );
    await expect(createTemplate(operator, { ...values, event: 'BOOK_ASSIGNED' }, origin)).toBeDomainError(
      'TEMPLATE_BODY',
      '이 이벤트가 채울 수 없는 변수가 있습니다: #{시험일}',
    );
    const created = await createTemplate(operator, values, origin);
    expect(created).toMatchObject({ code: 'TEST_NOTICE', variables: ['학원명', '학생명', '시험일'], approval: 'REQUESTED', event: null });
    await expect(createTemplate(operator, values, origin)).toBeDomainError('TEMPLATE_CODE', M.codeTaken);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'talk_template.create'))
      .orderBy(desc(auditEvents.id));
    expect(audit).toMatchObject({ actorId: operator.id, targetType: 'talk_template', targetId: created.id, address: '127.0.0.1' });

    const approved = await updateTemplate(
      operator,
      created.id,
      { ...values, approval: 'APPROVED', providerTemplateId: 'KA01TP_TEST' },
      origin,
    );
    expect(approved).toMatchObject({ code: 'TEST_NOTICE', approval: 'APPROVED', providerTemplateId: 'KA01TP_TEST' });
    const [edit] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'talk_template.update'))
      .orderBy(desc(auditEvents.id));
    expect(edit).toMatchObject({
      targetId: created.id,
      before: { approval: 'REQUESTED' },
      after: { approval: 'APPROVED', providerTemplateId: 'KA01TP_TEST' },
    });
    // Approved and active: it can be sent now.
    const teacher = await userByLogin('teacher');
    const preview = await previewSend(teacher, await readingDue({ templateId: created.id, values: { 시험일: '7월 3일' } }));
    expect(preview.previewText).toContain('학생의 시험은 7월 3일입니다.');
  });

  it('the template pages refuse beside the field with what was typed kept, then save it', async () => {
    const cookie = await sessionCookie('super');
    const post = (path: string, form: Record<string, string>, params: Record<string, string> = {}) =>
      respond(() =>
        (params.templateId ? templateEdit : templateNew).action({ request: makeRequest(path, { cookie, form }), params, context: {} }),
      );
    const form = { code: 'PAGE_NOTICE', name: '페이지 안내', body: '#{학생명} 학생 안내', event: '', approval: 'APPROVED', active: 'on' };
    const refused = await post('/super/talk/templates/new', form);
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(replyErrors(body)).toEqual({ providerTemplateId: M.approvedNeedsProviderId });
    expect(replyValues(body)).toMatchObject({ code: 'PAGE_NOTICE', name: '페이지 안내', active: 'on' });

    const created = await post('/super/talk/templates/new', { ...form, approval: 'REQUESTED' });
    expect(created).toHaveRedirect('/super/talk/templates');
    await expect(created).toHaveFlash({ message: M.templateCreated('페이지 안내') });
    const id = await templateId('PAGE_NOTICE');
    expect((await db().select().from(talkTemplates).where(eq(talkTemplates.id, id)))[0]).toMatchObject({ active: true, event: null });

    // The edit form: the checkbox left unticked turns the template off; an unknown template is the area's 404.
    const { active: _, code: __, ...edit } = { ...form, approval: 'REQUESTED' };
    const saved = await post(`/super/talk/templates/${id}`, edit, { templateId: String(id) });
    await expect(saved).toHaveFlash({ message: M.templateSaved('페이지 안내') });
    expect((await db().select().from(talkTemplates).where(eq(talkTemplates.id, id)))[0]).toMatchObject({
      active: false,
      code: 'PAGE_NOTICE',
    });
    expect((await post('/super/talk/templates/999999', edit, { templateId: '999999' })).status).toBe(404);
  });

  it('an event whose template is turned off sends nothing', async () => {
    const operator = await userByLogin('super');
    const head = await userByLogin('head');
    const id = await templateId('BOOK_ASSIGNED');
    const [t] = await db().select().from(talkTemplates).where(eq(talkTemplates.id, id));
    const values = {
      name: t.name,
      body: t.body,
      event: t.event!,
      approval: t.approval,
      providerTemplateId: t.providerTemplateId ?? '',
      active: false,
    };
    await updateTemplate(operator, id, values, origin);
    try {
      const book = await createBook();
      const { resultBookId } = await assignBook(head, await userId('student3'), { bookId: book.id, readMethod: 1 });
      expect(
        await db()
          .select()
          .from(messages)
          .where(like(messages.dedupeKey, `assign:${resultBookId}:%`)),
      ).toHaveLength(0);
    } finally {
      await updateTemplate(operator, id, { ...values, active: true }, origin);
    }
    const book = await createBook();
    const { resultBookId } = await assignBook(head, await userId('student3'), { bookId: book.id, readMethod: 1 });
    const written = await db()
      .select()
      .from(messages)
      .where(like(messages.dedupeKey, `assign:${resultBookId}:%`));
    expect(written.map((m) => m.kind)).toEqual(['BOOK_ASSIGNED', 'BOOK_ASSIGNED']);
    expect(written[0].body).toBe(
      `[해오름 독서학원] 박지우 학생에게 새 도서 '${book.title}' 한 권이 배정되었습니다. 리드인에서 읽기를 시작해 주세요.`,
    );
  });
});

describe('/super/messages and the webhook route', () => {
  it('operators filter messages by state, kind and channel', async () => {
    const cookie = await sessionCookie('super');
    const load = async (query: string) =>
      (await (
        await respond(() => superMessages.loader({ request: makeRequest(`/super/messages${query}`, { cookie }), params: {}, context: {} }))
      ).json()) as { rows: { kind: string; sendState: number; channel: string; lastError: string | null }[]; total: number };
    const failed = await load('?state=100');
    expect(failed.total).toBeGreaterThan(0);
    expect(failed.rows.every((r) => r.sendState === SendState.FAIL && r.lastError)).toBe(true);
    const assigned = await load('?kind=BOOK_ASSIGNED&channel=TALK');
    expect(assigned.rows.every((r) => r.kind === 'BOOK_ASSIGNED' && r.channel === 'TALK')).toBe(true);
    const nonsense = await load('?state=7&kind=DROP&channel=FAX');
    expect(nonsense.total).toBe((await load('')).total);
  });

  it('/talk/webhook answers 200 to anything and only re-reads what it names', async () => {
    const post = (body: string) =>
      talkWebhook.action({
        request: new Request('http://localhost/talk/webhook', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } }),
        params: {},
        context: {},
      });
    expect((await post('not json')).status).toBe(200);
    expect((await post(JSON.stringify([{ messageId: 'M4V-none', statusCode: '4000' }]))).status).toBe(200);
    // A SENDING row whose id the provider does not know: the hint changes nothing.
    const [waiting] = await db()
      .insert(messages)
      .values({
        recipientUserId: null,
        phone: '010-1234-5678',
        channel: 'SMS',
        kind: 'TEST',
        body: '시험',
        sendState: SendState.SENDING,
        attempts: 1,
        claimedAt: new Date(),
        providerId: 'M4V_UNKNOWN_TO_THE_SIMULATOR',
      })
      .returning();
    await post(JSON.stringify([{ messageId: 'M4V_UNKNOWN_TO_THE_SIMULATOR', statusCode: '4000' }]));
    expect(
      await db()
        .select()
        .from(messages)
        .where(and(eq(messages.id, waiting.id), eq(messages.sendState, SendState.SENDING))),
    ).toHaveLength(1);
  });
});
