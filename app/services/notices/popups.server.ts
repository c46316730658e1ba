import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { preparedQuery } from '~/db/prepared.server';
import { noticePopupHides, notices } from '~/db/schema';
import { noticeFilePath } from '~/domain/notices';
import { now } from '~/lib/clock.server';
import { seoulDay, seoulDayStart } from '~/lib/dates';
import { renderMarkdown } from '~/lib/markdown.server';
import { noticeForReader, reader, readerOrg } from './audience.server';
import { noticeFilesOf } from './notices.server';

// The notice popup (spec §2 popup/{noticeId}/{userId}, §9): a notice with a popup period opens on its readers' home
// pages between popupFrom and popupUntil, unless the reader ticked '오늘 하루 보지 않기' today. That choice is a row on
// the server (notice_popup_hides), so it holds on every computer and browser, until the end of the Seoul day.

/** At most this many popups open at once (the newest first). */
export const MAX_POPUPS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first instant of the next Seoul day: where 'do not show today' ends. */
export function endOfSeoulDay(at: Date = now()): Date {
  return new Date(seoulDayStart(seoulDay(at))!.getTime() + DAY_MS);
}

const popupsQuery = preparedQuery((executor) => {
  const userId = sql.placeholder('userId');
  const at = sql.placeholder('at');
  return executor
    .select({ id: notices.id, title: notices.title, body: notices.body })
    .from(notices)
    .innerJoin(reader, eq(reader.id, userId))
    .leftJoin(readerOrg, eq(readerOrg.id, reader.organisationId))
    .where(
      and(
        noticeForReader(),
        lte(notices.popupFrom, at),
        gt(notices.popupUntil, at),
        sql`not exists (select 1 from ${noticePopupHides} where ${noticePopupHides.noticeId} = ${notices.id}
          and ${noticePopupHides.userId} = ${userId} and ${noticePopupHides.hiddenUntil} > ${at})`,
      ),
    )
    .orderBy(desc(notices.popupFrom), desc(notices.id))
    .limit(MAX_POPUPS)
    .prepare('notice_popups');
});

/**
 * The popups a user's home page opens now: notices addressed to them whose popup period holds and that they have not
 * hidden today, newest first, with the rendered body and attachments (the page without JavaScript shows them inline).
 * Two queries.
 */
export async function activePopups(userId: number) {
  // Prepared once (app/db/prepared.server.ts): the time goes in as its ISO text, as drizzle sends a date column's value.
  const rows = await popupsQuery(db()).execute({ userId, at: now().toISOString() });
  const files = await noticeFilesOf(rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    html: renderMarkdown(r.body),
    files: files.filter((f) => f.noticeId === r.id).map((f) => ({ id: f.id, fileName: f.fileName, href: noticeFilePath(r.id, f.id) })),
  }));
}

/** '오늘 하루 보지 않기': hidden for this user until the end of the current Seoul day (again today: the same row). */
export async function hidePopupToday(userId: number, noticeId: number) {
  const hiddenUntil = endOfSeoulDay();
  await db()
    .insert(noticePopupHides)
    .values({ userId, noticeId, hiddenUntil })
    .onConflictDoUpdate({ target: [noticePopupHides.userId, noticePopupHides.noticeId], set: { hiddenUntil } });
  return hiddenUntil;
}
