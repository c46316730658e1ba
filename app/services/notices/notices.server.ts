import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { db, type Tx } from '~/db/client.server';
import { inboxItems, noticeFiles, notices, organisations, users, type NoticeAudience } from '~/db/schema';
import { ItemStatus } from '~/domain/enums';
import { NOTICE_MESSAGES, noticeFilePath } from '~/domain/notices';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { renderMarkdown } from '~/lib/markdown.server';
import { recordAudit } from '../operators/audit.server';
import { canManageNotice, noticeForReader, noticeVisible, noticeWriterKind, reader, readerOrg, type NoticeActor } from './audience.server';
import { checkUploads, discardStored, storeUploads, type NoticeUpload } from './files.server';

// Notices (spec §3): operators' platform notices and academies' notices for their students, with attachments, an
// optional popup period and an inbox item for every reader when written. Markdown is kept as written and rendered
// (sanitised, app/lib/markdown.server.ts) whenever it is shown.

export const NOTICE_PAGE_SIZE = 20;

export type NoticeInput = {
  title: string;
  body: string;
  /** Platform notices only; an academy notice is for the academy's students. */
  audience: NoticeAudience;
  popupFrom: Date | null;
  popupUntil: Date | null;
};

export type Origin = { address: string | null };

const notFound = () => new DomainError('NOTICE_NOT_FOUND', NOTICE_MESSAGES.notFound, 404);

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
  const safePage = Math.max(1, Math.floor(page) || 1);
  const [rows, [{ total }]] = await Promise.all([
    db()
      .select(listFields)
      .from(notices)
      .innerJoin(reader, eq(reader.id, userId))
      .leftJoin(readerOrg, eq(readerOrg.id, reader.organisationId))
      .leftJoin(noticeOrg, eq(noticeOrg.id, notices.organisationId))
      .innerJoin(author, eq(author.id, notices.authorId))
      .where(noticeVisible())
      .orderBy(desc(notices.publishedAt), desc(notices.id))
      .limit(NOTICE_PAGE_SIZE)
      .offset((safePage - 1) * NOTICE_PAGE_SIZE),
    db()
      .select({ total: count() })
      .from(notices)
      .innerJoin(reader, eq(reader.id, userId))
      .leftJoin(readerOrg, eq(readerOrg.id, reader.organisationId))
      .where(noticeVisible()),
  ]);
  const chosen = rows.flatMap((r) => (r.audience.kind === 'ACADEMIES' ? r.audience.academyIds : []));
  return {
    rows,
    academyNames: await academyNames([...new Set(chosen)]),
    total: Number(total),
    page: safePage,
    pages: Math.max(1, Math.ceil(Number(total) / NOTICE_PAGE_SIZE)),
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

/** GET /api/total/notice/{id} (spec §7, §3 Notice: noticeId, content, files with filePath and fileName). */
export const noticeAnswer = z.object({
  noticeId: z.number().int(),
  title: z.string(),
  /** The body as HTML (rendered from Markdown, sanitised). */
  content: z.string(),
  markdown: z.string(),
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
    markdown: n.body,
    files: n.files.map((f) => ({ filePath: f.href, fileName: f.fileName })),
    publishedAt: n.publishedAt.toISOString(),
    popupFrom: n.popupFrom?.toISOString() ?? null,
    popupUntil: n.popupUntil?.toISOString() ?? null,
  };
}

/** A plain-text excerpt of a Markdown body, for the inbox. */
export function plainExcerpt(markdown: string, max = 120): string {
  const text = markdown
    .replace(/<[^>]*>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_~`|]+/g, ' ')
    .replace(/^\s*[-+]\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * One inbox item (NOTICE) for every active reader the notice reaches, in the transaction that wrote it: a single
 * INSERT … SELECT over the users, with the same audience rule as the lists. Returns how many were written.
 */
export async function addNoticeToInboxes(tx: Tx, noticeId: number, title: string, body: string, at: Date = now()): Promise<number> {
  const result = await tx.execute(sql`
    insert into ${inboxItems} (user_id, kind, title, body, link, created_at)
    select "reader"."id", 'NOTICE', ${title}, ${plainExcerpt(body)},
      case "reader"."role" when 'USER' then '/user/notices/' when 'ADMIN' then '/admin/notices/' else '/super/notices/' end
        || ${notices.id}::text, ${at}
    from ${notices}
    inner join ${users} "reader" on "reader"."status" = 'ACTIVE'
    left join ${organisations} "reader_org" on "reader_org"."id" = "reader"."organisation_id"
    where ${notices.id} = ${noticeId} and ${noticeForReader()}`);
  return Number(
    (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0,
  );
}

const auditable = (n: { title: string; body: string; audience: NoticeAudience; popupFrom: Date | null; popupUntil: Date | null }) => ({
  title: n.title,
  body: n.body,
  audience: n.audience,
  popupFrom: n.popupFrom?.toISOString() ?? null,
  popupUntil: n.popupUntil?.toISOString() ?? null,
});

/** Checks the academies an operator chose exist (a posted id of something else is refused, not stored). */
async function checkAudience(audience: NoticeAudience) {
  if (audience.kind !== 'ACADEMIES') return;
  const names = await academyNames(audience.academyIds);
  if (audience.academyIds.some((id) => !names[id])) throw new DomainError('NOTICE_AUDIENCE', NOTICE_MESSAGES.academiesRequired);
}

/** A second post of the same notice (double click, resubmitted form) within this time is the first one. */
const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

/**
 * Writes a notice with its attachments and the readers' inbox items, in one transaction (and the audit event for an
 * operator). Files are stored first; if the transaction fails they are removed. The same author posting the same
 * title and body again within ten minutes gets the first notice back and nothing is written twice.
 */
export async function createNotice(actor: NoticeActor, input: NoticeInput, uploads: NoticeUpload[], origin: Origin) {
  const kind = noticeWriterKind(actor);
  if (!kind) throw new DomainError('NOTICE_FORBIDDEN', NOTICE_MESSAGES.forbidden, 403);
  const audience: NoticeAudience = kind === 'academy' ? { kind: 'ALL' } : input.audience;
  await checkAudience(audience);
  checkUploads(uploads, 0);
  const stored = await storeUploads(uploads);
  try {
    const result = await db().transaction(async (tx) => {
      // One author's posts are taken one at a time, so two copies of one form cannot both pass the duplicate check.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
      const organisationId = kind === 'academy' ? actor.organisationId : null;
      const [earlier] = await tx
        .select({ id: notices.id })
        .from(notices)
        .where(
          and(
            eq(notices.authorId, actor.id),
            eq(notices.title, input.title),
            eq(notices.body, input.body),
            eq(notices.status, ItemStatus.ACTIVE),
            gte(notices.createdAt, new Date(now().getTime() - DUPLICATE_WINDOW_MS)),
          ),
        )
        .limit(1);
      if (earlier) return { id: earlier.id, duplicate: true };
      const at = now();
      const [row] = await tx
        .insert(notices)
        .values({
          organisationId,
          authorId: actor.id,
          title: input.title,
          body: input.body,
          audience,
          popupFrom: input.popupFrom,
          popupUntil: input.popupUntil,
          status: ItemStatus.ACTIVE,
          publishedAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: notices.id });
      if (stored.length) await tx.insert(noticeFiles).values(stored.map((f) => ({ ...f, noticeId: row.id })));
      const recipients = await addNoticeToInboxes(tx, row.id, input.title, input.body, at);
      if (kind === 'platform') {
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'notice.create',
          targetType: 'notice',
          targetId: row.id,
          after: { ...auditable({ ...input, audience }), files: stored.map((f) => f.fileName), recipients },
          address: origin.address,
        });
      }
      return { id: row.id, duplicate: false };
    });
    if (result.duplicate) await discardStored(stored);
    return result;
  } catch (error) {
    await discardStored(stored);
    throw error;
  }
}

/** The notice for its editor: 404 when they cannot see it, 403 when they see it but may not change it. */
export async function noticeForEditor(actor: NoticeActor, noticeId: number) {
  const notice = await readNotice(actor, noticeId);
  if (!notice.canManage) throw new DomainError('NOTICE_FORBIDDEN', NOTICE_MESSAGES.forbidden, 403);
  return notice;
}

/**
 * Edits the fields the form shows (title, body, the audience of a platform notice, the popup period), removes the
 * attachments ticked for removal and adds new ones (at most five in all). The inbox items written at first stay.
 */
export async function updateNotice(
  actor: NoticeActor,
  noticeId: number,
  input: NoticeInput,
  uploads: NoticeUpload[],
  removeFileIds: number[],
  origin: Origin,
) {
  const before = await noticeForEditor(actor, noticeId);
  const platform = before.organisationId === null;
  const audience = platform ? input.audience : before.audience;
  await checkAudience(audience);
  const removing = before.files.filter((f) => removeFileIds.includes(f.id));
  checkUploads(uploads, before.files.length - removing.length);
  const stored = await storeUploads(uploads);
  let removedPaths: string[] = [];
  try {
    await db().transaction(async (tx) => {
      const changed = await tx
        .update(notices)
        .set({
          title: input.title,
          body: input.body,
          audience,
          popupFrom: input.popupFrom,
          popupUntil: input.popupUntil,
          updatedAt: now(),
        })
        .where(and(eq(notices.id, noticeId), eq(notices.status, ItemStatus.ACTIVE)))
        .returning({ id: notices.id });
      if (changed.length === 0) throw notFound();
      if (removing.length) {
        const removed = await tx
          .delete(noticeFiles)
          .where(
            and(
              eq(noticeFiles.noticeId, noticeId),
              inArray(
                noticeFiles.id,
                removing.map((f) => f.id),
              ),
            ),
          )
          .returning({ filePath: noticeFiles.filePath });
        removedPaths = removed.map((r) => r.filePath);
      }
      if (stored.length) await tx.insert(noticeFiles).values(stored.map((f) => ({ ...f, noticeId })));
      if (platform) {
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'notice.update',
          targetType: 'notice',
          targetId: noticeId,
          before: { ...auditable(before), files: before.files.map((f) => f.fileName) },
          after: {
            ...auditable({ ...input, audience }),
            files: [...before.files.filter((f) => !removeFileIds.includes(f.id)).map((f) => f.fileName), ...stored.map((f) => f.fileName)],
          },
          address: origin.address,
        });
      }
    });
  } catch (error) {
    await discardStored(stored);
    throw error;
  }
  await discardStored(removedPaths.map((filePath) => ({ filePath })));
  return { id: noticeId, title: input.title };
}

/** Deletes a notice (status INACTIVE): it leaves every list, page, popup and download; its rows stay. */
export async function deleteNotice(actor: NoticeActor, noticeId: number, origin: Origin) {
  const before = await noticeForEditor(actor, noticeId);
  await db().transaction(async (tx) => {
    const changed = await tx
      .update(notices)
      .set({ status: ItemStatus.INACTIVE, updatedAt: now() })
      .where(and(eq(notices.id, noticeId), eq(notices.status, ItemStatus.ACTIVE)))
      .returning({ id: notices.id });
    if (changed.length === 0) throw notFound();
    if (before.organisationId === null) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'notice.delete',
        targetType: 'notice',
        targetId: noticeId,
        before: { title: before.title, status: ItemStatus.ACTIVE },
        after: { title: before.title, status: ItemStatus.INACTIVE },
        address: origin.address,
      });
    }
  });
  return { id: noticeId, title: before.title };
}
