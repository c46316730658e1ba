import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { db } from '~/db/client.server';
import { noticeFiles, notices, organisations, users } from '~/db/schema';
import { NOTICE_MESSAGES, noticeFilePath } from '~/domain/notices';
import { DomainError } from '~/lib/errors';
import { renderMarkdown } from '~/lib/markdown.server';
import { onePage } from '../paged-list.server';
import { canManageNotice, noticeVisible, reader, readerOrg, type NoticeActor } from './audience.server';

// Notices (spec §3): operators' platform notices and academies' notices for their students, with attachments, an
// optional popup period and an inbox item for every reader when written. Markdown is kept as written and rendered
// (sanitised, app/lib/markdown.server.ts) whenever it is shown. This file reads them (the lists, the dashboards, a
// notice's page, its editor and the API); writing.server.ts writes them.

export const NOTICE_PAGE_SIZE = 20;

export const notFound = () => new DomainError('NOTICE_NOT_FOUND', NOTICE_MESSAGES.notFound, 404);

const noticeOrg = alias(organisations, 'notice_org');
const author = alias(users, 'author');

const listFields = {
  id: notices.id,
  title: notices.title,
  organisationId: notices.organisationId,
  organisationName: noticeOrg.name,
  authorId: notices.authorId,
  authorName: author.name,
  audience: notices.audience,
  popupFrom: notices.popupFrom,
  popupUntil: notices.popupUntil,
  publishedAt: notices.publishedAt,
  fileCount: sql<number>`(select count(*)::int from ${noticeFiles} where ${noticeFiles.noticeId} = ${notices.id})`,
};

/** The notices a user may see, newest first, a page at a time, with the names of the academies they address. Three queries. */
export async function listNotices(userId: number, page: number) {
  const { rows, ...paging } = await onePage(
    page,
    NOTICE_PAGE_SIZE,
    db()
      .select(listFields)
      .from(notices)
      .innerJoin(reader, eq(reader.id, userId))
      .leftJoin(readerOrg, eq(readerOrg.id, reader.organisationId))
      .leftJoin(noticeOrg, eq(noticeOrg.id, notices.organisationId))
      .innerJoin(author, eq(author.id, notices.authorId))
      .where(noticeVisible())
      .orderBy(desc(notices.publishedAt), desc(notices.id)),
    db()
      .select({ total: count() })
      .from(notices)
      .innerJoin(reader, eq(reader.id, userId))
      .leftJoin(readerOrg, eq(readerOrg.id, reader.organisationId))
      .where(noticeVisible()),
  );
  const chosen = rows.flatMap((r) => (r.audience.kind === 'ACADEMIES' ? r.audience.academyIds : []));
  return {
    rows,
    academyNames: await academyNames([...new Set(chosen)]),
    ...paging,
  };
}

/** The newest few notices addressed to the user, for the dashboards. One query. */
export async function latestNotices(userId: number, limit = 5) {
  return db()
    .select({ id: notices.id, title: notices.title, publishedAt: notices.publishedAt, organisationId: notices.organisationId })
    .from(notices)
    .innerJoin(reader, eq(reader.id, userId))
    .leftJoin(readerOrg, eq(readerOrg.id, reader.organisationId))
    .where(noticeVisible())
    .orderBy(desc(notices.publishedAt), desc(notices.id))
    .limit(limit);
}

/** The notice row if the user may see it, else null (a guessed id and a notice for others look the same). */
export async function findVisibleNotice(userId: number, noticeId: number) {
  const [row] = await db()
    .select({ ...listFields, body: notices.body, status: notices.status, updatedAt: notices.updatedAt })
    .from(notices)
    .innerJoin(reader, eq(reader.id, userId))
    .leftJoin(readerOrg, eq(readerOrg.id, reader.organisationId))
    .leftJoin(noticeOrg, eq(noticeOrg.id, notices.organisationId))
    .innerJoin(author, eq(author.id, notices.authorId))
    .where(and(eq(notices.id, noticeId), noticeVisible()));
  return row ?? null;
}

export async function noticeFilesOf(noticeIds: number[]) {
  if (noticeIds.length === 0) return [];
  return db()
    .select({
      id: noticeFiles.id,
      noticeId: noticeFiles.noticeId,
      fileName: noticeFiles.fileName,
      size: noticeFiles.size,
    })
    .from(noticeFiles)
    .where(inArray(noticeFiles.noticeId, noticeIds))
    .orderBy(noticeFiles.id);
}

/** The names of academies, for audience labels. */
export async function academyNames(ids: number[]): Promise<Record<number, string>> {
  if (ids.length === 0) return {};
  const rows = await db()
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(and(inArray(organisations.id, ids), eq(organisations.kind, 'academy')));
  return Object.fromEntries(rows.map((r) => [r.id, r.name]));
}

/** The academies an operator may address (the audience chooser). */
export async function academyChoices() {
  return db()
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(and(eq(organisations.kind, 'academy'), eq(organisations.status, 'ACTIVE')))
    .orderBy(organisations.name);
}

/**
 * A notice as its page shows it: the row, its Markdown rendered and sanitised, its attachments with our download
 * addresses, and whether this user may edit it. Throws NOTICE_NOT_FOUND (404) outside the audience.
 */
export async function readNotice(user: NoticeActor, noticeId: number) {
  const row = await findVisibleNotice(user.id, noticeId);
  if (!row) throw notFound();
  const [files, names] = await Promise.all([
    noticeFilesOf([row.id]),
    row.audience.kind === 'ACADEMIES' ? academyNames(row.audience.academyIds) : Promise.resolve({}),
  ]);
  return {
    ...row,
    html: renderMarkdown(row.body),
    files: files.map((f) => ({ id: f.id, fileName: f.fileName, size: f.size, href: noticeFilePath(row.id, f.id) })),
    academyNames: names,
    canManage: canManageNotice(user, row),
  };
}

/** The notice for its editor: 404 when they cannot see it, 403 when they see it but may not change it. */
export async function noticeForEditor(actor: NoticeActor, noticeId: number) {
  const notice = await readNotice(actor, noticeId);
  if (!notice.canManage) throw new DomainError('NOTICE_FORBIDDEN', NOTICE_MESSAGES.forbidden, 403);
  return notice;
}

/** GET /api/total/notice/{id} (spec §7, §3 Notice: noticeId, content, files with filePath and fileName). */
export const noticeAnswer = z.object({
  noticeId: z.number().int(),
  title: z.string(),
  /** The body as HTML (rendered from Markdown, sanitised). The author's Markdown is not handed out: it is the editor's. */
  content: z.string(),
  files: z.array(z.object({ filePath: z.string(), fileName: z.string() })),
  publishedAt: z.string().datetime(),
  popupFrom: z.string().datetime().nullable(),
  popupUntil: z.string().datetime().nullable(),
});

export async function noticeForApi(user: NoticeActor, noticeId: number): Promise<z.infer<typeof noticeAnswer>> {
  const n = await readNotice(user, noticeId);
  return {
    noticeId: n.id,
    title: n.title,
    content: n.html,
    files: n.files.map((f) => ({ filePath: f.href, fileName: f.fileName })),
    publishedAt: n.publishedAt.toISOString(),
    popupFrom: n.popupFrom?.toISOString() ?? null,
    popupUntil: n.popupUntil?.toISOString() ?? null,
  };
}
