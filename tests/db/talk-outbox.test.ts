// The message outbox against the Solapi simulator (issue 13, acceptance): a teacher's comment writes one message per
// recipient in its transaction and the simulator delivers it; transient failures are retried with growing delays and
// complete with every attempt counted; 3105 FAILs at once with its reason; a worker killed mid-batch (or an answer
// lost to a timeout) never makes a message go twice; the reconciler and the delivery webhook (a hint) settle SENDING.
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { inboxItems, messages, notes, parentProfiles, talkTemplates, type Message } from '~/db/schema';
import { SendState } from '~/domain/enums';
import { MAX_SEND_ATTEMPTS } from '~/domain/talk';
import { setClock } from '~/lib/clock.server';
import { enqueueMessage } from '~/services/messages.server';
import { useMessageProvider } from '~/services/message-provider.server';
import { reviewNote } from '~/services/notes/review.server';
import { saveStudentNote } from '~/services/notes/student-notes.server';
import { RECONCILE_AFTER_MS, STALE_CLAIM_MS, handleDeliveryReport } from '~/services/talk/delivery.server';
import { claimDueMessages, runOutbox, sendClaimed } from '~/services/talk/outbox.server';
import { talkForNoteReview } from '~/services/talk/events.server';
import { useTestDatabase } from '../support/db';
import { LONG_NOTE, noteBook, userByLogin } from '../support/notes';
import { startSolapi, type SolapiSimulator } from '../support/solapi';

useTestDatabase();

let solapi: SolapiSimulator;
beforeAll(async () => {
  // The adapter gives up after 300 ms; a 'timeout' script answers after 1.5 s.
  solapi = await startSolapi({ timeoutMs: 300, timeoutDelayMs: 1500 });
});
afterAll(async () => {
  await solapi.close();
});
let clock = Date.now();
afterEach(() => {
  setClock(undefined);
  clock = Date.now();
});

/** Moves the app's clock forward (the simulator keeps real time, as Solapi would). */
const advance = (ms: number) => {
  // At least a millisecond past the real time: PostgreSQL stamps a row's next attempt in microseconds, so a clock of
  // the same millisecond could still be before it.
  clock = Math.max(clock, Date.now() + 1) + ms;
  setClock(() => clock);
};

const row = async (id: number) => (await db().select().from(messages).where(eq(messages.id, id)))[0];
let phoneSeq = 0;
/** A number of its own per test (the simulator's scripts go by number). */
const newPhone = () => `010-88${String(++phoneSeq).padStart(2, '0')}-${String(1000 + Math.floor(Math.random() * 8999))}`;
const textTo = async (phone: string, body = '[리드인] 시험 메시지') =>
  (await enqueueMessage({ recipientUserId: null, phone, channel: 'SMS', kind: 'TEST', body }))!;

/** Runs the outbox, moving the clock to each row's next attempt, until every row of `ids` is settled (or 20 rounds). */
async function drain(ids: number[]) {
  for (let round = 0; round < 20; round += 1) {
    await runOutbox();
    const rows = await db().select().from(messages).where(inArray(messages.id, ids));
    if (rows.every((r) => r.sendState === SendState.COMPLETE || r.sendState === SendState.FAIL)) return rows;
    const next = Math.max(...rows.filter((r) => r.sendState === SendState.WAITING).map((r) => r.nextAttemptAt.getTime()), 0);
    advance(Math.max(0, next - clock) + 1);
  }
  throw new Error('the outbox did not settle the rows');
}

describe("a teacher's comment", () => {
  // The copy to the parent's phone is for a parent without an account of their own: the demo's parent of 'student' has
  // one, and hears through the parents' events instead (tests/db/parents.test.ts), so it is taken away here.
  beforeAll(async () => {
    await db().delete(parentProfiles).where(eq(parentProfiles.phoneDigits, '01021000001'));
  });

  it('writes exactly one talk message per recipient with the comment, in its transaction; the simulator delivers them', async () => {
    const student = await userByLogin('student');
    const teacher = await userByLogin('teacher');
    const rb = await noteBook('student');
    const { note } = await saveStudentNote(student.id, { resultBookId: rb, text: LONG_NOTE, submit: true });
    const comments = async () =>
      (await db().select({ kind: inboxItems.kind }).from(inboxItems).where(eq(inboxItems.userId, student.id))).filter(
        (i) => i.kind === 'COMMENT',
      ).length;
    const commentsBefore = await comments();
    const after = await reviewNote(teacher, {
      noteId: note.id,
      version: note.version,
      action: 'comment',
      comment: '생각이 잘 드러났어요.',
    });

    const written = await db()
      .select()
      .from(messages)
      .where(like(messages.dedupeKey, `note:${note.id}:v${after.version}:%`))
      .orderBy(messages.id);
    expect(written.map((m) => [m.kind, m.channel, m.phone, m.sendState, m.dedupeKey!.split(':').pop()])).toEqual([
      ['NOTE_COMMENT', 'TALK', '010-1000-0001', SendState.WAITING, 'student'],
      ['NOTE_COMMENT', 'TALK', '010-2100-0001', SendState.WAITING, 'parent'],
    ]);
    const [template] = await db().select().from(talkTemplates).where(eq(talkTemplates.code, 'NOTE_COMMENT'));
    expect(written[0].templateId).toBe(template.id);
    expect(written[0].body).toMatch(
      /^\[해오름 독서학원\] 김하늘 학생의 독서 노트 '.+'에 선생님 코멘트가 등록되었습니다\. 리드인에서 확인해 주세요\.$/,
    );
    expect(written[0].variables).toMatchObject({ 학생명: '김하늘', 학원명: '해오름 독서학원' });
    // The student's inbox holds the comment once: the review's COMMENT item, not a second TALK item for the message.
    expect(await db().select().from(inboxItems).where(eq(inboxItems.messageId, written[0].id))).toEqual([]);
    expect(await comments()).toBe(commentsBefore + 1);

    // The same cause again writes nothing more.
    await db().transaction((tx) =>
      talkForNoteReview(tx, { noteId: note.id, action: 'comment', version: after.version, comment: '생각이 잘 드러났어요.' }),
    );
    expect(
      await db()
        .select()
        .from(messages)
        .where(like(messages.dedupeKey, `note:${note.id}:v${after.version}:%`)),
    ).toHaveLength(2);

    const settled = await drain(written.map((m) => m.id));
    expect(settled.map((m) => [m.sendState, m.attempts, m.replacedBySms])).toEqual([
      [SendState.COMPLETE, 1, false],
      [SendState.COMPLETE, 1, false],
    ]);
    expect(settled.every((m) => m.providerId?.startsWith('M4V') && m.sentAt)).toBe(true);
    for (const m of written) expect(await solapi.received(m.id)).toBe(1);
    const sent = solapi.state.messages.get(settled[0].providerId!);
    expect(sent).toMatchObject({
      type: 'ATA',
      to: '01010000001',
      kakaoOptions: { templateId: template.providerTemplateId, disableSms: false },
    });
    expect(sent.kakaoOptions.variables['#{학생명}']).toBe('김하늘');
  });

  it('no comment, no message: when the review fails after the message was written, neither is kept', async () => {
    const student = await userByLogin('student');
    const teacher = await userByLogin('teacher');
    const rb = await noteBook('student');
    const { note } = await saveStudentNote(student.id, { resultBookId: rb, text: LONG_NOTE, submit: true });
    const before = (
      await db()
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(messages)
    )[0].n;
    // A failure after the message's insert: the inbox copy (written after it, in the same transaction) is refused.
    await db().execute(sql`create or replace function talk_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'inbox unavailable'; end $$`);
    await db().execute(sql`create trigger talk_test_refuse before insert on inbox_items for each row execute function talk_test_refuse()`);
    try {
      await expect(
        reviewNote(teacher, { noteId: note.id, version: note.version, action: 'comment', comment: '남지 않을 코멘트' }),
      ).rejects.toThrow();
    } finally {
      await db().execute(sql`drop trigger talk_test_refuse on inbox_items`);
    }
    expect(
      (
        await db()
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(messages)
      )[0].n,
    ).toBe(before);
    const [unchanged] = await db()
      .select()
      .from(messages)
      .where(like(messages.dedupeKey, `note:${note.id}:%`));
    expect(unchanged).toBeUndefined();
    const [reread] = await db().select().from(notes).where(eq(notes.id, note.id));
    expect(reread).toMatchObject({ state: note.state, version: note.version, noteInput: null });
  });

  it('a hold sends NOTE_HOLD with its reason', async () => {
    const student = await userByLogin('student');
    const teacher = await userByLogin('teacher');
    const rb = await noteBook('student');
    const { note } = await saveStudentNote(student.id, { resultBookId: rb, text: LONG_NOTE, submit: true });
    const held = await reviewNote(teacher, { noteId: note.id, version: note.version, action: 'hold', comment: '줄거리를 더 써 주세요.' });
    const written = await db()
      .select()
      .from(messages)
      .where(like(messages.dedupeKey, `note:${note.id}:v${held.version}:%`));
    expect(written).toHaveLength(2);
    expect(written[0]).toMatchObject({ kind: 'NOTE_HOLD' });
    expect(written[0].body).toContain('보류되었습니다. 사유: 줄거리를 더 써 주세요. 노트를 고쳐 다시 제출해 주세요.');
  });
});

describe('retries and failures', () => {
  it('a transient failure (1024) three times: retried with growing delays, COMPLETE with 4 attempts, accepted once', async () => {
    const phone = newPhone();
    await solapi.script({ to: phone }, 'transient', 3);
    const message = await textTo(phone);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      advance(0);
      const at = clock;
      await runOutbox();
      const r = await row(message.id);
      expect(r).toMatchObject({
        sendState: SendState.WAITING,
        attempts: attempt,
        lastErrorCode: '1024',
        lastError: '발송사 서버 오류 (1024)',
      });
      expect(r.providerId).toBeNull();
      delays.push(r.nextAttemptAt.getTime() - at);
      // Not due yet: nothing happens.
      await runOutbox();
      expect((await row(message.id)).attempts).toBe(attempt);
      advance(r.nextAttemptAt.getTime() - clock + 1);
    }
    // 30 s · 2^(n−1) ± 25 %.
    expect(delays[0]).toBeGreaterThanOrEqual(22_500);
    expect(delays[0]).toBeLessThanOrEqual(37_500);
    expect(delays[1]).toBeGreaterThanOrEqual(45_000);
    expect(delays[2]).toBeGreaterThanOrEqual(90_000);
    await runOutbox();
    expect(await row(message.id)).toMatchObject({ sendState: SendState.COMPLETE, attempts: 4, lastErrorCode: null, lastError: null });
    expect(await solapi.received(message.id)).toBe(1);
  });

  it(`a failure that does not go away FAILs after ${MAX_SEND_ATTEMPTS} attempts, with its reason`, async () => {
    const phone = newPhone();
    await solapi.script({ to: phone }, 'carrier');
    const message = await textTo(phone);
    const [settled] = await drain([message.id]);
    expect(settled).toMatchObject({
      sendState: SendState.FAIL,
      attempts: MAX_SEND_ATTEMPTS,
      lastErrorCode: '3041',
      lastError: `단말기가 통화 중입니다 (3041) · ${MAX_SEND_ATTEMPTS}번 시도했습니다`,
    });
  });

  it('an unapproved template (3105) FAILs at once with its reason', async () => {
    const [template] = await db().select().from(talkTemplates).where(eq(talkTemplates.code, 'READING_DUE'));
    await solapi.script({ templateId: template.providerTemplateId! }, 'template', 1);
    const message = (await enqueueMessage({
      recipientUserId: null,
      phone: newPhone(),
      channel: 'TALK',
      kind: 'TALK_SEND',
      body: '[해오름 독서학원] 시험 학생의 독서 과제 마감일은 금요일입니다.',
      templateId: template.id,
      variables: { 학원명: '해오름 독서학원', 학생명: '시험', 마감일: '금요일' },
    }))!;
    const summary = await runOutbox();
    expect(summary.failed).toBeGreaterThanOrEqual(1);
    expect(await row(message.id)).toMatchObject({
      sendState: SendState.FAIL,
      attempts: 1,
      lastErrorCode: '3105',
      lastError: '승인되지 않은 템플릿입니다 (3105)',
    });
  });

  it('a bad number (3010) FAILs at once; not on KakaoTalk (3104) is delivered as SMS and noted', async () => {
    const bad = newPhone();
    const noKakao = newPhone();
    await solapi.script({ to: bad }, 'number');
    await solapi.script({ to: noKakao }, 'nokakao');
    const [template] = await db().select().from(talkTemplates).where(eq(talkTemplates.code, 'READING_DUE'));
    const talk = (phone: string) =>
      enqueueMessage({
        recipientUserId: null,
        phone,
        channel: 'TALK',
        kind: 'TALK_SEND',
        body: '시험',
        templateId: template.id,
        variables: { 학원명: '해오름', 학생명: '시험', 마감일: '금요일' },
      });
    const [a, b] = [(await talk(bad))!, (await talk(noKakao))!];
    await runOutbox();
    expect(await row(a.id)).toMatchObject({
      sendState: SendState.FAIL,
      lastErrorCode: '3010',
      lastError: '받는 번호의 형식이 올바르지 않습니다 (3010)',
    });
    expect(await row(b.id)).toMatchObject({ sendState: SendState.COMPLETE, replacedBySms: true });
  });

  it('a refused request (a wrong secret: SignatureDoesNotMatch) sends nothing and waits to try again', async () => {
    const { createSolapiProvider } = await import('~/services/talk/solapi.server');
    const previous = useMessageProvider(createSolapiProvider({ ...solapi.config, apiSecret: 'not-the-secret' }));
    try {
      const message = await textTo(newPhone());
      await runOutbox();
      expect(await row(message.id)).toMatchObject({ sendState: SendState.WAITING, attempts: 1, lastErrorCode: 'SignatureDoesNotMatch' });
      expect(await solapi.received(message.id)).toBe(0);
    } finally {
      useMessageProvider(previous);
    }
  });
});

describe('a worker killed mid-batch', () => {
  it('after sending but before settling: the restarted worker finds the messages at the provider and sends none twice', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await textTo(newPhone(), `[리드인] 일괄 ${i}`)).id);
    advance(0);
    const claimed = (await claimDueMessages(500)).filter((m) => ids.includes(m.id));
    expect(claimed).toHaveLength(5);
    // The worker sends the batch and dies before it records the answer.
    const real = solapi.provider;
    const previous = useMessageProvider({
      ...real,
      send: async (batch) => {
        await real.send(batch);
        throw new Error('killed');
      },
    });
    await expect(sendClaimed(claimed)).rejects.toThrow('killed');
    useMessageProvider(previous);
    for (const id of ids) expect(await row(id)).toMatchObject({ sendState: SendState.SENDING, providerId: null, attempts: 1 });

    // Restarted at once: the claims are not stale yet, nothing is touched or sent.
    await runOutbox();
    for (const id of ids) expect(await row(id)).toMatchObject({ sendState: SendState.SENDING, providerId: null });
    // A minute later the reconciler looks them up by number and custom fields and settles them.
    advance(STALE_CLAIM_MS + 1);
    await runOutbox();
    for (const id of ids) {
      expect(await row(id)).toMatchObject({ sendState: SendState.COMPLETE, attempts: 1 });
      expect(await solapi.received(id)).toBe(1);
    }
  });

  it('before sending: the claim goes back to WAITING and the message is sent once', async () => {
    const message = await textTo(newPhone());
    advance(0);
    const claimed = (await claimDueMessages(500)).filter((m) => m.id === message.id);
    expect(claimed).toHaveLength(1);
    advance(STALE_CLAIM_MS + 1);
    await runOutbox();
    const r = await row(message.id);
    // Looked up, not found, sent again on this pass or the next.
    if (r.sendState === SendState.WAITING) {
      expect(r).toMatchObject({ lastErrorCode: 'INTERRUPTED' });
      advance(r.nextAttemptAt.getTime() - clock + 1);
      await runOutbox();
    }
    expect(await row(message.id)).toMatchObject({ sendState: SendState.COMPLETE, attempts: 2 });
    expect(await solapi.received(message.id)).toBe(1);
  });

  it('an answer lost to a timeout: the row stays SENDING, is found at the provider later, and goes once', async () => {
    const phone = newPhone();
    await solapi.script({ to: phone }, 'timeout', 1);
    const message = await textTo(phone);
    advance(0);
    await runOutbox();
    expect(await row(message.id)).toMatchObject({ sendState: SendState.SENDING, providerId: null, lastErrorCode: 'TIMEOUT' });
    advance(STALE_CLAIM_MS + 1);
    await runOutbox();
    expect(await row(message.id)).toMatchObject({ sendState: SendState.COMPLETE, attempts: 1 });
    expect(await solapi.received(message.id)).toBe(1);
  });

  it('a server error (500) registers nothing: the rows are looked up, then sent again', async () => {
    const message = await textTo(newPhone());
    await solapi.failRequests(1);
    advance(0);
    await runOutbox();
    expect(await row(message.id)).toMatchObject({ sendState: SendState.SENDING, lastErrorCode: 'InternalError' });
    advance(STALE_CLAIM_MS + 1);
    const [settled] = await drain([message.id]);
    expect(settled).toMatchObject({ sendState: SendState.COMPLETE, attempts: 2 });
    expect(await solapi.received(message.id)).toBe(1);
  });
});

describe('SENDING rows', () => {
  async function pending(): Promise<Message> {
    const phone = newPhone();
    await solapi.script({ to: phone }, 'pending', 1);
    const message = await textTo(phone);
    advance(0);
    await runOutbox();
    const r = await row(message.id);
    expect(r).toMatchObject({ sendState: SendState.SENDING });
    expect(r.providerId).toMatch(/^M4V/);
    return r;
  }

  it('the reconciler reads an unreported message back by its id after a minute and settles it', async () => {
    const message = await pending();
    await solapi.settle({ messageId: message.providerId! }, '4000');
    await runOutbox();
    expect((await row(message.id)).sendState).toBe(SendState.SENDING);
    advance(RECONCILE_AFTER_MS + 1);
    await runOutbox();
    expect(await row(message.id)).toMatchObject({ sendState: SendState.COMPLETE, attempts: 1 });
  });

  it('the delivery webhook is a hint: a forged report changes nothing, a real one makes us read the result', async () => {
    const message = await pending();
    // Someone posts a report claiming delivery: the provider still says 3000.
    expect(await handleDeliveryReport([{ messageId: message.providerId, statusCode: '4000', groupId: message.providerGroupId }])).toBe(1);
    expect((await row(message.id)).sendState).toBe(SendState.SENDING);
    // The carrier reports a failure; the simulator posts its report (here handed over as our webhook would get it).
    await solapi.settle({ messageId: message.providerId! }, '3010');
    const report = (await solapi.reports()).at(-1)!;
    expect(report.body).toMatchObject([{ messageId: message.providerId, statusCode: '3010' }]);
    await handleDeliveryReport(report.body);
    expect(await row(message.id)).toMatchObject({ sendState: SendState.FAIL, lastErrorCode: '3010' });
    // Unknown ids and other bodies are ignored.
    expect(await handleDeliveryReport([{ messageId: 'M4V-unknown', statusCode: '4000' }])).toBe(0);
    expect(await handleDeliveryReport({ hello: 'world' })).toBe(0);
  });
});

describe('two passes at once', () => {
  it('claims never overlap: every row is sent once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1) ids.push((await textTo(newPhone(), `[리드인] 동시 ${i}`)).id);
    advance(0);
    await Promise.all([runOutbox({ batch: 7 }), runOutbox({ batch: 7 }), runOutbox({ batch: 7 })]);
    await drain(ids);
    for (const id of ids) expect(await solapi.received(id)).toBe(1);
    const rows = await db()
      .select()
      .from(messages)
      .where(and(inArray(messages.id, ids), eq(messages.sendState, SendState.COMPLETE)));
    expect(rows).toHaveLength(30);
  });
});
