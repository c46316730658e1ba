import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { preparedQuery } from '~/db/prepared.server';
import { books, inboxItems, resultBooks } from '~/db/schema';
import { INBOX_MESSAGES, INBOX_PAGE_SIZE, noteCommentItem, type InboxKind } from '~/domain/inbox';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { pageCount } from './paged-list.server';

export type { InboxKind } from '~/domain/inbox';

// The in-app inbox (spec user/message). Whatever tells a user something (a talk message, a comment on their note, a
// notice for them, the answer to their inquiry) adds an item here in the transaction of its cause, so the inbox and
// the cause commit together. A user reads only their own items: another user's id answers 404 like a missing one.

export type NewInboxItem = {
  userId: number;
  kind: InboxKind;
  title: string;
  body: string;
  link?: string | null;
  messageId?: number | null;
};

export async function addInboxItems(items: NewInboxItem[], executor: Executor = db()) {
  if (items.length === 0) return;
  await executor.insert(inboxItems).values(items.map((i) => ({ ...i, link: i.link ?? null, messageId: i.messageId ?? null })));
}

const itemColumns = {
  id: inboxItems.id,
  kind: inboxItems.kind,
  title: inboxItems.title,
  body: inboxItems.body,
  link: inboxItems.link,
  readAt: inboxItems.readAt,
  createdAt: inboxItems.createdAt,
};

export type InboxEntry = {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  readAt: Date | null;
  createdAt: Date;
};

const notFound = () => new DomainError('MESSAGE_NOT_FOUND', INBOX_MESSAGES.notFound, 404);
const mine = (userId: number, id: number) => and(eq(inboxItems.id, id), eq(inboxItems.userId, userId));

/** A user's items, newest first, with the totals. Two queries whatever the page. */
export async function listInbox(userId: number, page = 1) {
  const [[totals], items] = await Promise.all([
    db()
      .select({ total: count(), unread: sql<number>`count(*) filter (where ${inboxItems.readAt} is null)`.mapWith(Number) })
      .from(inboxItems)
      .where(eq(inboxItems.userId, userId)),
    db()
      .select(itemColumns)
      .from(inboxItems)
      .where(eq(inboxItems.userId, userId))
      .orderBy(desc(inboxItems.createdAt), desc(inboxItems.id))
      .limit(INBOX_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * INBOX_PAGE_SIZE),
  ]);
  const total = Number(totals.total);
  return { items, total, unread: totals.unread, page: Math.max(1, page), pages: pageCount(total, INBOX_PAGE_SIZE) };
}

/** How many of a user's items are unread (one query on the partial index inbox_items_unread_idx). */
/** The menu's count on every signed-in member page: prepared once (app/db/prepared.server.ts). */
const unreadCountQuery = preparedQuery((executor) =>
  executor
    .select({ n: count() })
    .from(inboxItems)
    .where(and(eq(inboxItems.userId, sql.placeholder('userId')), isNull(inboxItems.readAt)))
    .prepare('inbox_unread_count'),
);

export async function unreadCount(userId: number): Promise<number> {
  const [row] = await unreadCountQuery(db()).execute({ userId });
  return Number(row.n);
}

/** One of the user's items as it is (reading it changes nothing: a GET never writes). */
export async function getInboxItem(userId: number, id: number): Promise<InboxEntry> {
  const [item] = await db().select(itemColumns).from(inboxItems).where(mine(userId, id));
  if (!item) throw notFound();
  return item;
}

/** Opens one of the user's items: marks it read (once; a repeat keeps the first time) and returns it. */
export async function openInboxItem(userId: number, id: number): Promise<InboxEntry> {
  const [marked] = await db()
    .update(inboxItems)
    .set({ readAt: now() })
    .where(and(mine(userId, id), isNull(inboxItems.readAt)))
    .returning(itemColumns);
  return marked ?? getInboxItem(userId, id);
}

/** Marks every unread item of the user read; returns how many changed. */
export async function markAllInboxRead(userId: number): Promise<number> {
  const rows = await db()
    .update(inboxItems)
    .set({ readAt: now() })
    .where(and(eq(inboxItems.userId, userId), isNull(inboxItems.readAt)))
    .returning({ id: inboxItems.id });
  return rows.length;
}

/** Where opening an item goes: its page of the app when it has one (a path of this site only), else the item itself. */
export function inboxTarget(item: Pick<InboxEntry, 'id' | 'link'>, base: string): string {
  const link = item.link;
  return link && link.startsWith('/') && !link.startsWith('//') && !link.includes('\\') ? link : `${base}/${item.id}`;
}

/**
 * The student's COMMENT item for a teacher's or coach's review that carries a comment or a correction, written in the
 * review's transaction (no comment, no item). It opens the student's note page.
 */
export async function addNoteCommentItem(
  tx: Executor,
  input: { studentId: number; resultBookId: number; action: string; by: 'TEACHER' | 'COACH'; text: string },
) {
  const [book] = await tx
    .select({ title: books.title })
    .from(resultBooks)
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .where(eq(resultBooks.id, input.resultBookId));
  const { title, body } = noteCommentItem({ bookTitle: book?.title ?? '독서', action: input.action, by: input.by, text: input.text });
  await addInboxItems(
    [{ userId: input.studentId, kind: 'COMMENT', title, body, link: `/user/activity/readingBook/note/${input.resultBookId}` }],
    tx,
  );
}
