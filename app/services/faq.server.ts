import { and, desc, eq, lte } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { contentVersions } from '~/db/schema';
import { FAQ_SECTIONS, type FaqSection } from '~/domain/enums';
import { now } from '~/lib/clock.server';

export function isFaqSection(value: string | undefined): value is FaqSection {
  return FAQ_SECTIONS.includes(value as FaqSection);
}

/** The entries of one FAQ section in the version in effect now (the newest whose effective time has passed). */
export async function listFaqs(section: FaqSection) {
  const [current] = await db()
    .select({ entries: contentVersions.entries })
    .from(contentVersions)
    .where(and(eq(contentVersions.kind, 'FAQ'), eq(contentVersions.code, section), lte(contentVersions.effectiveFrom, now())))
    .orderBy(desc(contentVersions.effectiveFrom), desc(contentVersions.version))
    .limit(1);
  return (current?.entries ?? []).map((entry, i) => ({ id: i + 1, question: entry.question, answer: entry.answer }));
}
