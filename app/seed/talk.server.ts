import { and, eq, inArray, isNull } from 'drizzle-orm';
import { SendState } from '~/domain/enums';
import { fillTemplate, statusReason, templateVariables } from '~/domain/talk';
import type { Tx } from '~/db/client.server';
import { seoulTimeOfDay } from './times';
import { classMemberships, classes, inboxItems, messages, talkSends, talkTemplates, users } from '~/db/schema';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type DemoTemplate = {
  code: string;
  name: string;
  event: string | null;
  body: string;
  approval: 'REQUESTED' | 'APPROVED' | 'REJECTED';
  providerTemplateId: string | null;
};

/**
 * The demo's 알림톡 templates: one approved template per event, two approved ones academy staff send from /talk, and
 * one still under Kakao's review (it cannot be sent until an operator marks it approved).
 */
export const DEMO_TALK_TEMPLATES: DemoTemplate[] = [
  {
    code: 'NOTE_COMMENT',
    name: '독서 노트 코멘트 알림',
    event: 'NOTE_COMMENT',
    body: "[#{학원명}] #{학생명} 학생의 독서 노트 '#{도서명}'에 선생님 코멘트가 등록되었습니다. 리드인에서 확인해 주세요.",
    approval: 'APPROVED',
    providerTemplateId: 'KA01TP_READIN_NOTE_COMMENT',
  },
  {
    code: 'NOTE_HOLD',
    name: '독서 노트 보류 알림',
    event: 'NOTE_HOLD',
    body: "[#{학원명}] #{학생명} 학생의 '#{도서명}' 독서 노트가 보류되었습니다. 사유: #{보류사유} 노트를 고쳐 다시 제출해 주세요.",
    approval: 'APPROVED',
    providerTemplateId: 'KA01TP_READIN_NOTE_HOLD',
  },
  {
    code: 'BOOK_ASSIGNED',
    name: '도서 배정 알림',
    event: 'BOOK_ASSIGNED',
    body: "[#{학원명}] #{학생명} 학생에게 새 도서 '#{도서명}' 한 권이 배정되었습니다. 리드인에서 읽기를 시작해 주세요.",
    approval: 'APPROVED',
    providerTemplateId: 'KA01TP_READIN_BOOK_ASSIGNED',
  },
  {
    code: 'PAYMENT_RECEIPT',
    name: '결제 완료 알림',
    event: 'PAYMENT_RECEIPT',
    body: '[리드인] #{주문명} #{금액} 결제가 완료되었습니다. 주문번호 #{주문번호}',
    approval: 'APPROVED',
    providerTemplateId: 'KA01TP_READIN_PAYMENT_RECEIPT',
  },
  {
    code: 'PAYMENT_REFUND',
    name: '환불 완료 알림',
    event: 'PAYMENT_REFUND',
    body: '[리드인] #{주문명} #{환불금액} 환불이 처리되었습니다. #{환불안내} 주문번호 #{주문번호}',
    approval: 'APPROVED',
    providerTemplateId: 'KA01TP_READIN_PAYMENT_REFUND',
  },
  {
    code: 'AUTOMATIC_PAYMENT_FAILED',
    name: '자동 결제 실패 알림',
    event: 'AUTOMATIC_PAYMENT_FAILED',
    body: '[리드인] #{주문명} #{금액} 자동 결제에 실패했습니다. 사유: #{사유} 결제 페이지에서 카드를 바꾸거나 직접 결제해 주세요.',
    approval: 'APPROVED',
    providerTemplateId: 'KA01TP_READIN_AUTO_PAY_FAILED',
  },
  {
    code: 'READING_DUE',
    name: '독서 과제 마감 안내',
    event: null,
    body: '[#{학원명}] #{학생명} 학생의 독서 과제 마감일은 #{마감일}입니다. 리드인에서 남은 독서활동을 마쳐 주세요.',
    approval: 'APPROVED',
    providerTemplateId: 'KA01TP_READIN_READING_DUE',
  },
  {
    code: 'CLASS_SCHEDULE',
    name: '수업 일정 변경 안내',
    event: null,
    body: '[#{학원명}] #{학생명} 학생의 #{반이름} 수업 일정이 바뀌었습니다. 바뀐 일정: #{바뀐일정} 궁금한 점은 학원으로 연락해 주세요.',
    approval: 'APPROVED',
    providerTemplateId: 'KA01TP_READIN_CLASS_SCHEDULE',
  },
  {
    code: 'MONTHLY_REPORT',
    name: '월간 독서 리포트 안내',
    event: null,
    body: '[#{학원명}] #{학생명} 학생의 #{월} 독서 리포트가 나왔습니다. 리드인 학부모 리포트에서 확인해 주세요.',
    approval: 'REQUESTED',
    providerTemplateId: null,
  },
];

/** 햇살반's pupils get a parent's phone (the staff send below, and /talk's '학부모' sends, need one). */
const PARENT_PHONES: Record<string, string> = {
  student: '010-2100-0001',
  student2: '010-2100-0002',
  student3: '010-2100-0003',
  student4: '010-2100-0004',
  student5: '010-2100-0005',
  migrated: '010-2100-0006',
  migrated2: '010-2100-0007',
};

/**
 * 알림톡 of the demo (issue 13): the templates, parents' phones for 햇살반, and messages in every send state with their
 * reasons, written as rows (nothing is sent at seed time): `teacher`'s send to 햇살반's parents three days ago (delivered,
 * one as SMS because the parent is not on KakaoTalk, one FAILed on a wrong number since corrected), a note comment
 * delivered to a student and a parent, a book assignment FAILed on a template Kakao had not approved yet, one WAITING
 * for its next attempt after the handset was off, and a payment receipt still SENDING (the carrier's report pending).
 */
export async function seedTalk(tx: Tx, at: Date) {
  const templates = await tx
    .insert(talkTemplates)
    .values(DEMO_TALK_TEMPLATES.map((t) => ({ ...t, variables: templateVariables(t.body), createdAt: new Date(at.getTime() - 30 * DAY) })))
    .returning();
  const template = (code: string) => templates.find((t) => t.code === code)!;

  const people = await tx
    .select({ id: users.id, loginId: users.loginId, name: users.name, phone: users.phone, organisationId: users.organisationId })
    .from(users)
    .where(inArray(users.loginId, ['teacher', 'head', ...Object.keys(PARENT_PHONES)]));
  const person = (loginId: string) => people.find((p) => p.loginId === loginId);
  for (const [loginId, phone] of Object.entries(PARENT_PHONES)) {
    await tx
      .update(users)
      .set({ parentPhone: phone })
      .where(and(eq(users.loginId, loginId), isNull(users.parentPhone)));
  }
  const teacher = person('teacher');
  const head = person('head');
  if (!teacher || !head) return;
  const [sunshine] = await tx.select({ id: classes.id, name: classes.name }).from(classes).where(eq(classes.name, '햇살반'));
  const pupils = sunshine
    ? await tx
        .select({ id: users.id, loginId: users.loginId, name: users.name })
        .from(classMemberships)
        .innerJoin(users, eq(users.id, classMemberships.userId))
        .where(and(eq(classMemberships.classId, sunshine.id), isNull(classMemberships.leftAt)))
        .orderBy(users.id)
    : [];

  // teacher → 햇살반 · 학부모, three days ago.
  const due = template('READING_DUE');
  const sentAt = seoulTimeOfDay(at.getTime() - 3 * DAY, 7, 16, 17, at.getTime());
  const parents = pupils.filter((p) => PARENT_PHONES[p.loginId]);
  if (parents.length) {
    const [send] = await tx
      .insert(talkSends)
      .values({
        senderId: teacher.id,
        // The academy the send went to: the teacher's.
        organisationId: teacher.organisationId,
        templateId: due.id,
        audience: `${sunshine!.name} · 학부모`,
        recipientCount: parents.length,
        createdAt: sentAt,
      })
      .returning();
    await tx.insert(messages).values(
      parents.map((p, i) => {
        const variables = { 학원명: '해오름 독서학원', 학생명: p.name, 마감일: '이번 주 금요일' };
        const wrongNumber = i === 3;
        const bySms = i === 2;
        return {
          recipientUserId: p.id,
          phone: wrongNumber ? '010-2100-004' : PARENT_PHONES[p.loginId],
          channel: 'TALK' as const,
          kind: 'TALK_SEND',
          body: fillTemplate(due.body, variables),
          sendState: wrongNumber ? SendState.FAIL : SendState.COMPLETE,
          attempts: 1,
          sentAt: wrongNumber ? null : new Date(sentAt.getTime() + 20_000),
          createdAt: sentAt,
          updatedAt: new Date(sentAt.getTime() + 20_000),
          nextAttemptAt: sentAt,
          claimedAt: new Date(sentAt.getTime() + 3_000),
          sendId: send.id,
          templateId: due.id,
          variables,
          dedupeKey: `send:seed-reading-due:${p.id}:parent`,
          providerId: `M4V_SEED_DUE_${i + 1}`,
          providerGroupId: 'G4V_SEED_DUE',
          replacedBySms: bySms,
          lastErrorCode: wrongNumber ? '3010' : null,
          lastError: wrongNumber ? statusReason('3010') : null,
        };
      }),
    );
  }

  // Event messages to students (and a parent), with the student's inbox copy.
  const student = person('student');
  const student2 = person('student2');
  const student3 = person('student3');
  const eventRow = (
    code: string,
    to: { id: number; phone: string | null; name: string },
    role: 'student' | 'parent' | 'payer',
    variables: Record<string, string>,
    state: { sendState: SendState; at: Date; attempts: number; code?: string; nextAttemptAt?: Date; providerId?: string },
  ) => {
    const t = template(code);
    return {
      recipientUserId: to.id,
      phone: role === 'parent' ? PARENT_PHONES[people.find((p) => p.id === to.id)!.loginId] : to.phone!,
      channel: 'TALK' as const,
      kind: code,
      body: fillTemplate(t.body, variables),
      sendState: state.sendState,
      attempts: state.attempts,
      sentAt: state.sendState === SendState.COMPLETE ? new Date(state.at.getTime() + 15_000) : null,
      createdAt: state.at,
      updatedAt: state.at,
      nextAttemptAt: state.nextAttemptAt ?? state.at,
      claimedAt: state.sendState === SendState.WAITING ? null : new Date(state.at.getTime() + 2_000),
      templateId: t.id,
      variables,
      dedupeKey: `seed:${code}:${to.id}:${state.at.getTime()}:${role}`,
      providerId: state.providerId ?? null,
      lastErrorCode: state.code ?? null,
      lastError: state.code ? statusReason(state.code) : null,
    };
  };
  const rows = [];
  if (student?.phone) {
    const commented = seoulTimeOfDay(at.getTime() - DAY, 11, 17, 19, at.getTime());
    const variables = { 학원명: '해오름 독서학원', 학생명: student.name, 도서명: '어린 왕자' };
    rows.push(eventRow('NOTE_COMMENT', student, 'student', variables, { sendState: SendState.COMPLETE, at: commented, attempts: 1 }));
    rows.push(eventRow('NOTE_COMMENT', student, 'parent', variables, { sendState: SendState.COMPLETE, at: commented, attempts: 1 }));
  }
  if (student3?.phone) {
    // Sent before Kakao approved the template: FAIL at once with 3105.
    const assigned = seoulTimeOfDay(at.getTime() - 2 * DAY, 5, 14, 18, at.getTime());
    const variables = { 학원명: '해오름 독서학원', 학생명: student3.name, 도서명: '마당을 나온 암탉' };
    rows.push(
      eventRow('BOOK_ASSIGNED', student3, 'student', variables, { sendState: SendState.FAIL, at: assigned, attempts: 1, code: '3105' }),
    );
  }
  if (student2?.phone) {
    // The handset was off: tried once, tried again in two hours.
    const assigned = new Date(at.getTime() - 25 * MINUTE);
    const variables = { 학원명: '해오름 독서학원', 학생명: student2.name, 도서명: '나의 라임오렌지나무' };
    rows.push(
      eventRow('BOOK_ASSIGNED', student2, 'student', variables, {
        sendState: SendState.WAITING,
        at: assigned,
        attempts: 1,
        code: '3043',
        nextAttemptAt: new Date(at.getTime() + 2 * HOUR),
      }),
    );
  }
  if (head.phone) {
    // Accepted by the provider, the carrier's report not in yet.
    const paid = new Date(at.getTime() - 5 * MINUTE);
    const variables = { 주문명: '리드인 기본 이용료', 금액: '₩99,000', 주문번호: 'DEMO-RECEIPT-0001' };
    rows.push(
      eventRow('PAYMENT_RECEIPT', head, 'payer', variables, {
        sendState: SendState.SENDING,
        at: paid,
        attempts: 1,
        providerId: 'M4V_SEED_RECEIPT',
      }),
    );
  }
  if (rows.length === 0) return;
  const written = await tx.insert(messages).values(rows).returning();
  const toStudents = written.filter((m) => m.dedupeKey?.endsWith(':student'));
  if (toStudents.length) {
    await tx.insert(inboxItems).values(
      toStudents.map((m) => ({
        userId: m.recipientUserId!,
        kind: 'TALK',
        title: templates.find((t) => t.id === m.templateId)!.name,
        body: m.body,
        link: m.kind === 'NOTE_COMMENT' ? '/user/note/list' : '/user/activity',
        messageId: m.id,
        createdAt: m.createdAt,
      })),
    );
  }
}
