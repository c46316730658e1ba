import { and, asc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { faqs } from '~/db/schema';
import { FAQ_SECTIONS, type FaqSection } from '~/domain/enums';

export function isFaqSection(value: string | undefined): value is FaqSection {
  return FAQ_SECTIONS.includes(value as FaqSection);
}

/** Published FAQ entries of one section, in the operators' order. */
export function listFaqs(section: FaqSection) {
  return db()
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .where(and(eq(faqs.section, section), eq(faqs.published, true)))
    .orderBy(asc(faqs.sortOrder), asc(faqs.id));
}
