import { LANDING_FAQ_SECTIONS } from '~/content/landing';
import { FAQ_SECTIONS, type FaqSection } from '~/domain/enums';
import { renderContent, versionInEffect } from './content-versions.server';

export function isFaqSection(value: string | undefined): value is FaqSection {
  return FAQ_SECTIONS.includes(value as FaqSection);
}

/**
 * One FAQ section in the version in effect now (the newest whose effective time has passed): its title and its
 * questions, each answer's Markdown rendered and sanitised. A section without a version has no questions yet.
 */
export async function faqInEffect(section: FaqSection) {
  const current = await versionInEffect('FAQ', section);
  const title = current?.title ?? LANDING_FAQ_SECTIONS.find((s) => s.code === section)!.title;
  const items = (current?.entries ?? []).map((entry, i) => ({
    id: i + 1,
    question: entry.question,
    answerHtml: renderContent(entry.answer),
  }));
  return { title, items };
}
