import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { db, type Tx } from '~/db/client.server';
import { inboxItems, noticeFiles, notices, organisations, users, type NoticeAudience } from '~/db/schema';
import { ItemStatus } from '~/domain/enums';
import { NOTICE_MESSAGES } from '~/domain/notices';
import { now } from '~/lib/clock.server';
import { DomainError } from '~/lib/errors';
import { recordAudit } from '../operators/audit.server';
import { noticeForReader, noticeWriterKind, type NoticeActor } from './audience.server';
import { checkUploads, discardStored, storeUploads, type NoticeUpload } from './files.server';
import { academyNames, notFound, noticeForEditor } from './notices.server';

// Writing notices (spec §3): a notice with its attachments and an inbox item for every reader, in one transaction;
// editing and deleting it (an operator's with its audit event). Reading them is notices.server.ts.

export type NoticeInput = {
  title: string;
  body: string;
  /** Platform notices only; an academy notice is for the academy's students. */
  audience: NoticeAudience;
  popupFrom: Date | null;
  popupUntil: Date | null;
};

export type Origin = { address: string | null };

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
        await recordAudit(tx, actor, origin, {
          action: 'notice.create',
          targetType: 'notice',
          targetId: row.id,
          after: { ...auditable({ ...input, audience }), files: stored.map((f) => f.fileName), recipients },
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
        await recordAudit(tx, actor, origin, {
          action: 'notice.update',
          targetType: 'notice',
          targetId: noticeId,
          before: { ...auditable(before), files: before.files.map((f) => f.fileName) },
          after: {
            ...auditable({ ...input, audience }),
            files: [...before.files.filter((f) => !removeFileIds.includes(f.id)).map((f) => f.fileName), ...stored.map((f) => f.fileName)],
          },
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
      await recordAudit(tx, actor, origin, {
        action: 'notice.delete',
        targetType: 'notice',
        targetId: noticeId,
        before: { title: before.title, status: ItemStatus.ACTIVE },
        after: { title: before.title, status: ItemStatus.INACTIVE },
      });
    }
  });
  return { id: noticeId, title: before.title };
}
