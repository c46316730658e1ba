import { z } from 'zod';
import type { LoaderFunctionArgs } from '@remix-run/node';
import {
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  contentDocument,
  entriesForForm,
  MAX_POSTED_PAIRS,
  validateContent,
  type ContentDocument,
  type ContentDraft,
} from '~/domain/content';
import { now } from '~/lib/clock.server';
import { positiveInt } from '~/lib/numbers';
import { notFound } from '~/web/http.server';

// The form of a FAQ section's or a policy's version (content.$slug.$code.tsx), read on the server: the title, the body,
// the FAQ pairs `entries[i].question` / `entries[i].answer` in the order of `i` (empty ones included), the effective
// time, and which version it writes. Each text is cut a little past its limit (the browser enforces the limit
// already) and at most MAX_POSTED_PAIRS pairs are read, so a forged post cannot make the page hold more. '미리보기'
// checks nothing; '저장' checks the draft with the document's rules (app/domain/content.ts), each error beside its
// field ('entries[i]' for a pair).

export function documentOf(params: LoaderFunctionArgs['params']): ContentDocument {
  const doc = contentDocument(params.slug, params.code);
  if (!doc) throw notFound(CONTENT_MESSAGES.documentNotFound);
  return doc;
}

/** What the form shows: a draft with the FAQ pairs as the form lays them out (blank pairs to add more). */
export const formValues = (draft: ContentDraft) => ({ ...draft, entries: entriesForForm(draft.entries) });

/** A text field: anything but one text (a repeated or forged field) reads as empty. */
const text = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v : undefined), z.string().optional()).transform((v) => (v ?? '').slice(0, max + 1));

const pair = z
  .preprocess(
    (p) => (typeof p === 'object' && p !== null && !Array.isArray(p) ? p : undefined),
    z.object({ question: text(CONTENT_LIMITS.question), answer: text(CONTENT_LIMITS.answer) }).optional(),
  )
  .transform((p) => p ?? { question: '', answer: '' });

const draftShape = {
  title: text(CONTENT_LIMITS.title),
  body: text(CONTENT_LIMITS.body),
  entries: z.preprocess((v) => (Array.isArray(v) ? v.slice(0, MAX_POSTED_PAIRS) : []), z.array(pair)),
  when: z.preprocess((v) => (v === 'at' ? 'at' : 'now'), z.enum(['now', 'at'])),
  effectiveAt: text(20),
  effectiveShown: text(20),
};

/** The draft a posted form holds. */
export const draftOf = (v: { [K in keyof ContentDraft]: ContentDraft[K] }): ContentDraft => ({
  title: v.title,
  body: v.body,
  entries: v.entries,
  when: v.when,
  effectiveAt: v.effectiveAt,
  effectiveShown: v.effectiveShown,
});

/** The document page's forms: a preview (any button but 저장 and 삭제), a save, the scheduled version's delete. */
export function contentSchema(doc: ContentDocument) {
  return z
    .object({
      intent: z.preprocess((v) => (v === 'save' || v === 'delete' ? v : 'preview'), z.enum(['preview', 'save', 'delete'])),
      /** The scheduled version the form edits. */
      editing: z.preprocess((v) => positiveInt(v) ?? undefined, z.number().optional()),
      /** The newest version when the form was opened (0: none yet; -1: not posted). */
      base: z.preprocess((v) => positiveInt(v) ?? (v === '0' ? 0 : -1), z.number()),
      ...draftShape,
    })
    .superRefine((v, ctx) => {
      if (v.intent !== 'save') return;
      const checked = validateContent(doc.kind, draftOf(v), now());
      if (!('errors' in checked)) return;
      const { entry, ...fields } = checked.errors;
      for (const [name, message] of Object.entries(fields)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message });
      for (const [index, message] of Object.entries(entry ?? {}))
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['entries', Number(index)], message });
    });
}

/** Who changed the document and from where, for the audit trail. */
