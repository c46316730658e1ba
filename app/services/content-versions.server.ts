import { and, desc, eq, lte } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { contentVersions, type ContentKind } from '~/db/schema';
import { now } from '~/lib/clock.server';
import { renderMarkdown } from '~/lib/markdown.server';

// The versions of the FAQ sections and policies (content_versions) as the public pages read them: the version in
// effect is the newest whose effective time has passed, looked up on every request, so a scheduled version shows from
// its effective time without a restart. Only the Markdown → HTML step is remembered, keyed by the Markdown itself.

/** The version of a document in effect at `at` (the newest whose effective time has passed), or undefined. */
export async function versionInEffect(kind: ContentKind, code: string, at: Date = now(), executor: Executor = db()) {
  const [row] = await executor
    .select()
    .from(contentVersions)
    .where(and(eq(contentVersions.kind, kind), eq(contentVersions.code, code), lte(contentVersions.effectiveFrom, at)))
    .orderBy(desc(contentVersions.effectiveFrom), desc(contentVersions.version))
    .limit(1);
  return row;
}

// Rendered texts by their Markdown: a version in effect never changes, so the same text always gives the same HTML,
// and an edited or newer version is a different key. Bounded: the oldest entry goes first.
const RENDERED_MAX = 200;
const rendered = new Map<string, string>();

/** Markdown of a version shown to the public → sanitised HTML (renderMarkdown), remembered by its text. */
export function renderContent(markdown: string): string {
  const hit = rendered.get(markdown);
  if (hit !== undefined) return hit;
  const html = renderMarkdown(markdown);
  if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value!);
  rendered.set(markdown, html);
  return html;
}
