import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, like, type SQL } from 'drizzle-orm';

import { db, type Executor } from '~/db/client.server';
import { classMemberships, classes, messages, organisations, talkSends, users } from '~/db/schema';
import { SendState } from '~/domain/enums';
import {
  AUTO_VARIABLES,
  TALK_AUDIENCES,
  TALK_MESSAGES as M,
  fillTemplate,
  recipientRole,
  templateVariables,
  type TalkAudience,
} from '~/domain/talk';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { addInboxItems } from '../inbox.server';

import { classInScope, openClassesInScope, studentsInScope, type AcademyStaff } from '../academy/scope.server';
import { studentRecipients, type Recipient } from './events.server';
import { sendableTemplates } from './templates.server';

// Sends from /talk (issue 13): academy staff (a head for the academy, a teacher for the classes they teach) and
// operators (for an academy they choose) send an approved template to a class or chosen students, their parents, or
// both. The preview fills the variables for the first recipient; the send writes one talk_sends row and one outbox row
// per recipient in one transaction, each row keyed by the form's key, so a double submit sends once. The history
// counts each send's rows per state; '실패한 메시지 다시 보내기' queues a send's failed rows again, except failures of the
// number itself (a wrong number, opt-out, not on KakaoTalk), which would only fail again. The history and the retry are
// send-history.server.ts.

/** Who sends: academy staff (role ADMIN) or an operator (role SUPER with ADMIN1 / ADMIN2). */
export type TalkSender = AcademyStaff;

export const isOperator = (sender: TalkSender) => sender.role === 'SUPER';

export const SENDS_PAGE_SIZE = 20;
const MAX_STUDENTS = 1000;

export type SendInput = {
  /** Operators choose the academy; staff send for their own. */
  academyId: number | null;
  templateId: number | null;
  target: 'class' | 'students';
  classId: number | null;
  studentIds: number[];
  audience: string | null;
  /** The values the sender typed for the template's other variables. */
  values: Record<string, string>;
};

export const invalid = (code: string, message: string, status = 400) => new DomainError(code, message, status);

/** The academies an operator may choose (by name). */
export async function academyChoices() {
  return db()
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.kind, 'academy'))
    .orderBy(asc(organisations.name), asc(organisations.id));
}

/** The academy of a send: the staff member's own, or the operator's choice. */
async function academyOf(sender: TalkSender, academyId: number | null, ex: Executor = db()) {
  const id = isOperator(sender) ? academyId : sender.organisationId;
  if (!id) throw isOperator(sender) ? invalid('TALK_ACADEMY', M.chooseAcademy) : invalid('TALK_ACADEMY', M.studentNotFound, 404);
  const [row] = await ex
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(and(eq(organisations.id, id), eq(organisations.kind, 'academy')));
  if (!row) throw invalid('TALK_ACADEMY', M.chooseAcademy, isOperator(sender) ? 400 : 404);
  return row;
}

/** The students a sender may send to in the academy: staff by their scope (scope.server), operators the academy's. */
function studentScope(sender: TalkSender, academyId: number): SQL {
  if (!isOperator(sender)) return studentsInScope(sender);
  return and(eq(users.organisationId, academyId), eq(users.role, 'USER'))!;
}

/** The open classes the sender may send to. */
function classChoices(sender: TalkSender, academyId: number, ex: Executor = db()) {
  if (!isOperator(sender)) return openClassesInScope(sender, ex);
  return ex
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.organisationId, academyId), eq(classes.status, 'OPEN')))
    .orderBy(asc(classes.name), asc(classes.id));
}

/** What the compose page offers: the academy, the templates, the classes and the students (with their class). */
export async function composeChoices(sender: TalkSender, academyId: number | null) {
  const academy = await academyOf(sender, academyId);
  const [templates, classList, students] = await Promise.all([
    sendableTemplates(),
    classChoices(sender, academy.id),
    db()
      .select({ id: users.id, name: users.name, loginId: users.loginId, className: classes.name })
      .from(users)
      .leftJoin(classMemberships, and(eq(classMemberships.userId, users.id), isNull(classMemberships.leftAt)))
      .leftJoin(classes, eq(classes.id, classMemberships.classId))
      .where(and(studentScope(sender, academy.id), eq(users.status, 'ACTIVE')))
      .orderBy(asc(users.name), asc(users.id))
      .limit(MAX_STUDENTS),
  ]);
  return { academy, templates, classes: classList, students };
}

/** The variables the sender types (the template's, less those filled for each recipient). */
export const manualVariables = (body: string) => templateVariables(body).filter((v) => !(AUTO_VARIABLES as readonly string[]).includes(v));

type PlannedRow = {
  studentId: number;
  studentName: string;
  className: string | null;
  role: Recipient['role'];
  phone: string | null;
  variables: Record<string, string>;
  body: string;
};

/** Everything a preview shows and a send writes, checked: the template, the recipients, the filled texts. */
async function plan(sender: TalkSender, input: SendInput, ex: Executor) {
  const academy = await academyOf(sender, input.academyId, ex);
  if (!input.templateId) throw invalid('TALK_TEMPLATE', M.chooseTemplate);
  const template = (await sendableTemplates(ex)).find((t) => t.id === input.templateId);
  if (!template) throw invalid('TALK_TEMPLATE', M.templateNotSendable);
  const audience = input.audience && Object.hasOwn(TALK_AUDIENCES, input.audience) ? (input.audience as TalkAudience) : null;

  const scope = and(studentScope(sender, academy.id), eq(users.status, 'ACTIVE'))!;
  let where: SQL;
  let className: string | null = null;
  if (input.target === 'class') {
    if (!input.classId) throw invalid('TALK_CLASS', M.chooseClass);
    const found = isOperator(sender)
      ? (
          await ex
            .select()
            .from(classes)
            .where(and(eq(classes.id, input.classId), eq(classes.organisationId, academy.id)))
        )[0]
      : await classInScope(sender, input.classId, ex);
    if (!found || found.status !== 'OPEN') throw invalid('TALK_CLASS', M.classNotFound, 404);
    className = found.name;
    where = and(scope, eq(classMemberships.classId, found.id))!;
  } else {
    const ids = [...new Set(input.studentIds)];
    if (ids.length === 0 || ids.length > MAX_STUDENTS) throw invalid('TALK_STUDENTS', M.chooseStudents);
    where = and(scope, inArray(users.id, ids))!;
  }
  if (!audience) throw invalid('TALK_AUDIENCE', M.chooseAudience);

  const students = await ex
    .select({ id: users.id, name: users.name, className: classes.name })
    .from(users)
    .leftJoin(classMemberships, and(eq(classMemberships.userId, users.id), isNull(classMemberships.leftAt)))
    .leftJoin(classes, eq(classes.id, classMemberships.classId))
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(MAX_STUDENTS);
  if (input.target === 'students' && students.length !== new Set(input.studentIds).size)
    throw invalid('STUDENT_NOT_FOUND', M.studentNotFound, 404);
  if (students.length === 0) throw invalid('TALK_STUDENTS', M.chooseStudents);

  const typed: Record<string, string> = {};
  for (const name of manualVariables(template.body)) {
    const value = (input.values[name] ?? '').replace(/\s+/g, ' ').trim();
    if (!value) throw invalid('TALK_VALUE', M.valueRequired(name));
    if (value.length > 100) throw invalid('TALK_VALUE', M.valueTooLong(name));
    typed[name] = value;
  }
  const used = new Set(templateVariables(template.body));
  const people = await studentRecipients(
    ex,
    students.map((s) => s.id),
    'send',
  );
  const rows: PlannedRow[] = [];
  for (const s of students) {
    const person = people.get(s.id);
    const auto: Record<string, string> = { 학생명: s.name, 학원명: academy.name, 반이름: s.className ?? '' };
    const variables = Object.fromEntries(Object.entries({ ...auto, ...typed }).filter(([k]) => used.has(k)));
    const body = fillTemplate(template.body, variables);
    const wanted: Recipient['role'][] = audience === 'STUDENTS' ? ['student'] : audience === 'PARENTS' ? ['parent'] : ['student', 'parent'];
    for (const role of wanted) {
      const found = person?.recipients.find((r) => r.role === role);
      rows.push({ studentId: s.id, studentName: s.name, className: s.className, role, phone: found?.phone ?? null, variables, body });
    }
  }
  const target = className ?? `학생 ${students.length}명`;
  return { academy, template, audience, audienceLabel: `${target} · ${TALK_AUDIENCES[audience]}`, rows, values: typed };
}

/** The preview: recipients (with or without a number), the text filled for the first recipient with a number. */
export async function previewSend(sender: TalkSender, input: SendInput) {
  const planned = await plan(sender, input, db());
  const sendable = planned.rows.filter((r) => r.phone);
  return {
    academy: planned.academy,
    template: { id: planned.template.id, name: planned.template.name, body: planned.template.body },
    audienceLabel: planned.audienceLabel,
    recipients: planned.rows.map(({ studentId, studentName, className, role, phone }) => ({
      studentId,
      studentName,
      className,
      role,
      phone,
    })),
    sendable: sendable.length,
    withoutPhone: planned.rows.length - sendable.length,
    previewText: (sendable[0] ?? planned.rows[0])?.body ?? '',
  };
}

/** A form's key: made when the preview was shown, so a second submit of the same page finds the first send. */
export const newSendKey = () => randomUUID();

export const isSendKey = (key: unknown): key is string => typeof key === 'string' && /^[A-Za-z0-9-]{16,64}$/.test(key);

class AlreadySent extends Error {}

/**
 * Sends: one talk_sends row and one WAITING outbox row per recipient with a number, in one transaction, each keyed
 * `send:<key>:<student>:<role>`; a student recipient also gets a TALK inbox item. The same key again writes nothing
 * and answers the first send.
 */
export async function sendTalk(sender: TalkSender, input: SendInput, key: string) {
  if (!isSendKey(key)) throw invalid('TALK_KEY', M.formExpired);
  try {
    return await db().transaction(async (tx) => {
      const planned = await plan(sender, input, tx);
      const rows = planned.rows.filter((r) => r.phone);
      if (rows.length === 0) throw invalid('TALK_NO_RECIPIENTS', M.noRecipients);
      const [send] = await tx
        .insert(talkSends)
        .values({
          senderId: sender.id,
          organisationId: planned.academy.id,
          templateId: planned.template.id,
          audience: planned.audienceLabel,
          recipientCount: rows.length,
          createdAt: now(),
        })
        .returning();
      const written = await tx
        .insert(messages)
        .values(
          rows.map((r) => ({
            recipientUserId: r.studentId,
            phone: r.phone!,
            channel: 'TALK' as const,
            kind: 'TALK_SEND',
            body: r.body,
            sendState: SendState.WAITING,
            templateId: planned.template.id,
            variables: r.variables,
            sendId: send.id,
            dedupeKey: `send:${key}:${r.studentId}:${r.role}`,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: messages.id, recipientUserId: messages.recipientUserId, dedupeKey: messages.dedupeKey, body: messages.body });
      if (written.length === 0) throw new AlreadySent();
      await addInboxItems(
        written
          .filter((w) => recipientRole(w.dedupeKey) === 'student')
          .map((w) => ({ userId: w.recipientUserId!, kind: 'TALK', title: planned.template.name, body: w.body, messageId: w.id })),
        tx,
      );
      return { sendId: send.id, count: written.length, created: true };
    });
  } catch (error) {
    if (!(error instanceof AlreadySent)) throw error;
    const [first] = await db()
      .select({ sendId: messages.sendId })
      .from(messages)
      .where(like(messages.dedupeKey, `send:${key}:%`))
      .limit(1);
    if (!first?.sendId) throw invalid('TALK_KEY', M.formExpired);
    return { sendId: first.sendId, count: 0, created: false };
  }
}
