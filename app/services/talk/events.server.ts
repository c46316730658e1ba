import { eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '~/db/client.server';
import { books, messages, notes, organisations, parentProfiles, resultBooks, users } from '~/db/schema';
import { SendState } from '~/domain/enums';
import { fillTemplate, phoneDigits, type RecipientRole, type TalkEvent } from '~/domain/talk';
import { addInboxItems } from '../inbox.server';
import { eventTemplate } from './templates.server';

// Event messages (issue 13): 알림톡 written in the transaction of their cause (a note commented or held, books
// assigned, a payment's receipt, refund or refused automatic charge), one outbox row per recipient: the student, the
// parent (the phone on the student's profile) or the payer. Each row's dedupe key names its cause and recipient, so a
// repeat of the cause writes nothing more. An event sends only through its approved, active template: an operator
// turns an event's messages off by deactivating it. A student who receives one also finds it in their inbox.

export type Recipient = { userId: number | null; phone: string | null; role: RecipientRole };

/**
 * Who hears about a student: the student's own phone and the parent's (or, without one, the guardian's). `purpose`:
 * an automatic event's copy (`event`) is not sent to a phone that has its own parent account, which hears through the
 * parent's own events, links and opt-out (parents/talk.server.ts) instead; an academy's own send (`send`) reaches it
 * unless that parent turned 알림톡 off.
 */
export async function studentRecipients(tx: Executor, studentIds: number[], purpose: 'event' | 'send' = 'event') {
  if (studentIds.length === 0) return new Map<number, { name: string; academy: string; recipients: Recipient[] }>();
  const rows = await tx
    .select({
      id: users.id,
      name: users.name,
      phone: users.phone,
      parentPhone: users.parentPhone,
      guardianPhone: users.guardianPhone,
      academy: organisations.name,
    })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .where(inArray(users.id, studentIds));
  const onFile = rows.map((r) => r.parentPhone ?? r.guardianPhone).filter((p): p is string => Boolean(p));
  const accounts = onFile.length
    ? await tx
        .select({ digits: parentProfiles.phoneDigits, optedOut: parentProfiles.talkOptOutAt })
        .from(parentProfiles)
        .where(inArray(parentProfiles.phoneDigits, onFile.map(phoneDigits)))
    : [];
  const kept = new Set(accounts.filter((a) => purpose === 'event' || a.optedOut).map((a) => a.digits));
  return new Map(
    rows.map((r) => {
      const onFilePhone = r.parentPhone ?? r.guardianPhone;
      const parent = onFilePhone && !kept.has(phoneDigits(onFilePhone)) ? onFilePhone : null;
      const recipients: Recipient[] = [
        { userId: r.id, phone: r.phone, role: 'student' },
        // A parent who shares the student's phone gets one message.
        ...(parent && parent !== r.phone ? [{ userId: r.id, phone: parent, role: 'parent' as const }] : []),
      ];
      return [r.id, { name: r.name, academy: r.academy ?? '리드인', recipients }];
    }),
  );
}

/** A variable's value as Kakao takes it: one line, at most 200 characters. */
const value = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
};

/**
 * Writes the event's message to each recipient with a phone, WAITING, in the caller's transaction, and a TALK inbox
 * item for the student (unless `inbox` is false: the cause already puts its own item there, as a note's review does).
 * `cause` names the cause (a repeat of it writes nothing). Returns the rows written.
 */
export async function enqueueEventTalk(
  tx: Executor,
  input: {
    event: TalkEvent;
    cause: string;
    recipients: Recipient[];
    variables: Record<string, string>;
    link?: string | null;
    inbox?: boolean;
  },
) {
  const template = await eventTemplate(tx, input.event);
  const withPhone = input.recipients.filter((r) => r.phone);
  if (!template || withPhone.length === 0) return [];
  const variables = Object.fromEntries(Object.entries(input.variables).map(([k, v]) => [k, value(v)]));
  const body = fillTemplate(template.body, variables);
  const written = await tx
    .insert(messages)
    .values(
      withPhone.map((r) => ({
        recipientUserId: r.userId,
        phone: r.phone!,
        channel: 'TALK' as const,
        kind: input.event,
        body,
        sendState: SendState.WAITING,
        templateId: template.id,
        variables,
        dedupeKey: `${input.cause}:${r.role}`,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: messages.id, recipientUserId: messages.recipientUserId, dedupeKey: messages.dedupeKey });
  const toStudent = input.inbox === false ? [] : written.filter((w) => w.recipientUserId !== null && w.dedupeKey?.endsWith(':student'));
  await addInboxItems(
    toStudent.map((w) => ({
      userId: w.recipientUserId!,
      kind: 'TALK',
      title: template.name,
      body,
      link: input.link ?? null,
      messageId: w.id,
    })),
    tx,
  );
  return written;
}

/**
 * A teacher's or coach's review of a note (notes/review.server.ts), in its transaction: a comment or a correction
 * sends NOTE_COMMENT, a hold NOTE_HOLD with its reason, to the student and the parent. `version` is the note's version
 * after the change: one message per review action.
 */
export async function talkForNoteReview(tx: Tx, input: { noteId: number; action: string; version: number; comment: string | null }) {
  const event: TalkEvent | null =
    input.action === 'hold' ? 'NOTE_HOLD' : input.action === 'comment' || input.action === 'correct' ? 'NOTE_COMMENT' : null;
  if (!event) return [];
  const [note] = await tx
    .select({ studentId: notes.userId, title: books.title })
    .from(notes)
    .innerJoin(resultBooks, eq(resultBooks.id, notes.resultBookId))
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .where(eq(notes.id, input.noteId));
  if (!note) return [];
  const student = (await studentRecipients(tx, [note.studentId])).get(note.studentId);
  if (!student) return [];
  return enqueueEventTalk(tx, {
    event,
    cause: `note:${input.noteId}:v${input.version}`,
    recipients: student.recipients,
    variables: {
      학생명: student.name,
      도서명: note.title,
      학원명: student.academy,
      ...(event === 'NOTE_HOLD' ? { 보류사유: input.comment ?? '' } : {}),
    },
    link: '/user/note/list',
    // The review writes the student's COMMENT item itself (inbox.server.ts addNoteCommentItem): one item, not two.
    inbox: false,
  });
}

/**
 * Books assigned (one or many, to one or many students), in the assignment's transaction: one BOOK_ASSIGNED per
 * student ('어린 왕자 외 2권'), to the student and the parent.
 */
export async function talkForAssignedBooks(tx: Tx, assigned: { studentId: number; resultBookId: number; title: string }[]) {
  const byStudent = new Map<number, { resultBookId: number; title: string }[]>();
  for (const a of assigned) byStudent.set(a.studentId, [...(byStudent.get(a.studentId) ?? []), a]);
  const people = await studentRecipients(tx, [...byStudent.keys()]);
  const written = [];
  for (const [studentId, list] of byStudent) {
    const student = people.get(studentId);
    if (!student) continue;
    list.sort((a, b) => a.resultBookId - b.resultBookId);
    written.push(
      ...(await enqueueEventTalk(tx, {
        event: 'BOOK_ASSIGNED',
        cause: `assign:${list[0].resultBookId}`,
        recipients: student.recipients,
        variables: {
          학생명: student.name,
          도서명: list.length > 1 ? `${list[0].title} 외 ${list.length - 1}권` : list[0].title,
          학원명: student.academy,
        },
        link: '/user/activity',
      })),
    );
  }
  return written;
}
