import { LANDING_FAQ_SECTIONS, POLICY_DOCS } from '~/content/landing';
import { FAQ_SECTIONS, POLICY_CODES, type FaqSection, type PolicyCode } from './enums';
import { seoulParts } from '~/lib/dates';

// The texts operators edit in the console (/super/content): the three FAQ sections and the seven policies, each kept
// as numbered versions with an effective time. The rules that need no database live here: which documents exist, what
// a posted version must hold, and the Korean messages of the form.

/** The two kinds of edited text (the content_versions table's `kind`). */
export type ContentKind = 'FAQ' | 'POLICY';
/** One question of a FAQ section, its answer in Markdown. */
export type FaqEntry = { question: string; answer: string };

/** A document of the console: its kind, its code, the name menus give it, and its public pages. */
export type ContentDocument = { kind: ContentKind; code: string; name: string; slug: 'faq' | 'policy' };

export const CONTENT_DOCUMENTS: ContentDocument[] = [
  ...LANDING_FAQ_SECTIONS.map((s) => ({ kind: 'FAQ' as const, code: s.code, name: s.title, slug: 'faq' as const })),
  ...POLICY_DOCS.map((d) => ({ kind: 'POLICY' as const, code: d.code, name: d.title, slug: 'policy' as const })),
];

/** The document a console address names (`faq/operating`, `policy/privacy`), or undefined. */
export function contentDocument(slug: string | undefined, code: string | undefined): ContentDocument | undefined {
  if (slug === 'faq' && FAQ_SECTIONS.includes(code as FaqSection))
    return CONTENT_DOCUMENTS.find((d) => d.kind === 'FAQ' && d.code === code);
  if (slug === 'policy' && POLICY_CODES.includes(code as PolicyCode))
    return CONTENT_DOCUMENTS.find((d) => d.kind === 'POLICY' && d.code === code);
  return undefined;
}

// A form post may carry 1 MB (server/edge.mjs), and a Hangul character takes 9 bytes once URL-encoded: the largest
// policy (30,000 characters, ten times today's longest) or FAQ section (40 pairs) stays well within it.
export const CONTENT_LIMITS = { title: 100, body: 30_000, question: 200, answer: 2_000, entries: 40 } as const;
const count = (n: number) => n.toLocaleString('en-US');

/** How many empty question/answer pairs the FAQ form offers below the written ones. */
export const BLANK_ENTRIES = 3;

export const CONTENT_MESSAGES = {
  titleRequired: '제목을 입력해 주세요.',
  titleTooLong: `제목은 ${CONTENT_LIMITS.title}자 이하로 입력해 주세요.`,
  bodyRequired: '본문을 입력해 주세요.',
  bodyTooLong: `본문은 ${count(CONTENT_LIMITS.body)}자 이하로 입력해 주세요.`,
  entriesRequired: '질문과 답변을 한 쌍 이상 입력해 주세요.',
  questionRequired: '질문을 입력해 주세요. 이 질문을 지우려면 답변도 비워 주세요.',
  answerRequired: '답변을 입력해 주세요. 이 질문을 지우려면 질문도 비워 주세요.',
  questionTooLong: `질문은 ${CONTENT_LIMITS.question}자 이하로 입력해 주세요.`,
  answerTooLong: `답변은 ${count(CONTENT_LIMITS.answer)}자 이하로 입력해 주세요.`,
  tooManyEntries: `질문은 ${CONTENT_LIMITS.entries}개까지 둘 수 있습니다.`,
  effectiveRequired: '시행 일시를 입력해 주세요.',
  effectiveInvalid: '시행 일시를 올바르게 입력해 주세요.',
  effectivePast: "지난 시각으로는 시행할 수 없습니다. 바로 시행하려면 '지금 바로'를 고르세요.",
  effectiveUnchosen: "시행 일시를 적었습니다. 그 일시부터 시행하려면 '정한 일시부터'를 고르고, 바로 시행하려면 시행 일시를 비워 주세요.",
  scheduledExists: '예약된 버전이 있습니다. 새 버전은 예약된 버전을 고치거나 삭제한 뒤에 쓸 수 있습니다.',
  staleBase: '그사이 이 문서의 다른 버전이 저장되었습니다. 버전 목록을 확인하고 다시 써 주세요.',
  inEffectNoEdit: '이미 시행된 버전은 고칠 수 없습니다. 새 버전을 써 주세요.',
  inEffectNoDelete: '이미 시행된 버전은 삭제할 수 없습니다.',
  versionNotFound: '버전을 찾을 수 없습니다.',
  documentNotFound: '문서를 찾을 수 없습니다.',
  fixBelow: '입력한 내용을 확인해 주세요.',
} as const;

/** The form as posted: every field a string, the FAQ pairs in their order (empty pairs included). */
export type ContentDraft = {
  title: string;
  body: string;
  entries: FaqEntry[];
  /** 'now' takes effect at once; 'at' at `effectiveAt`, a Seoul 'YYYY-MM-DDTHH:MM'. */
  when: 'now' | 'at';
  effectiveAt: string;
  /** The time the form was opened with ('' for a new version): a time typed with 'now' still chosen is a mistake. */
  effectiveShown: string;
};

/** Errors of a draft, beside their fields; `entries` is keyed by the pair's index in the posted draft. */
export type ContentErrors = { title?: string; body?: string; entries?: string; entry?: Record<number, string>; effectiveAt?: string };

export type ContentValue = { title: string; body: string; entries: FaqEntry[]; effectiveFrom: Date | 'now' };

const newlines = (text: string) => text.replace(/\r\n?/g, '\n');
const two = (n: number) => String(n).padStart(2, '0');

/** The Seoul wall-clock time of `date` as a datetime-local value, 'YYYY-MM-DDTHH:MM'. */
export function seoulDateTimeInput(date: Date | string): string {
  const p = seoulParts(date);
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/** A datetime-local value read on the Seoul clock (Korea keeps no daylight saving time); null for anything else. */
export function parseSeoulDateTime(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  if (!m) return null;
  const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:00+09:00`);
  if (Number.isNaN(date.getTime())) return null;
  return seoulDateTimeInput(date) === `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}` ? date : null;
}

/** The pairs that hold any text, trimmed; an emptied pair is how an operator deletes a question. */
export function writtenEntries(entries: FaqEntry[]): { index: number; entry: FaqEntry }[] {
  return entries
    .map((e, index) => ({ index, entry: { question: e.question.trim(), answer: newlines(e.answer).trim() } }))
    .filter(({ entry }) => entry.question !== '' || entry.answer !== '');
}

/**
 * Checks a posted version of a document at `at`: the title, then the policy's body or the FAQ's pairs, then the
 * effective time ('now', or a Seoul time after `at`). Returns the clean value or every error beside its field.
 */
export function validateContent(kind: ContentKind, draft: ContentDraft, at: Date): { value: ContentValue } | { errors: ContentErrors } {
  const M = CONTENT_MESSAGES;
  const errors: ContentErrors = {};
  const title = draft.title.trim();
  if (!title) errors.title = M.titleRequired;
  else if (title.length > CONTENT_LIMITS.title) errors.title = M.titleTooLong;

  const body = kind === 'POLICY' ? newlines(draft.body).trim() : '';
  if (kind === 'POLICY') {
    if (!body) errors.body = M.bodyRequired;
    else if (body.length > CONTENT_LIMITS.body) errors.body = M.bodyTooLong;
  }

  const written = kind === 'FAQ' ? writtenEntries(draft.entries) : [];
  if (kind === 'FAQ') {
    const entry: Record<number, string> = {};
    for (const { index, entry: e } of written) {
      if (!e.question) entry[index] = M.questionRequired;
      else if (!e.answer) entry[index] = M.answerRequired;
      else if (e.question.length > CONTENT_LIMITS.question) entry[index] = M.questionTooLong;
      else if (e.answer.length > CONTENT_LIMITS.answer) entry[index] = M.answerTooLong;
    }
    if (Object.keys(entry).length) errors.entry = entry;
    if (written.length === 0) errors.entries = M.entriesRequired;
    else if (written.length > CONTENT_LIMITS.entries) errors.entries = M.tooManyEntries;
  }

  let effectiveFrom: Date | 'now' = 'now';
  if (draft.when === 'now') {
    const typed = draft.effectiveAt.trim();
    if (typed && typed !== draft.effectiveShown.trim()) errors.effectiveAt = M.effectiveUnchosen;
  } else {
    const time = draft.effectiveAt.trim() ? parseSeoulDateTime(draft.effectiveAt) : null;
    if (!draft.effectiveAt.trim()) errors.effectiveAt = M.effectiveRequired;
    else if (!time) errors.effectiveAt = M.effectiveInvalid;
    else if (time.getTime() <= at.getTime()) errors.effectiveAt = M.effectivePast;
    else effectiveFrom = time;
  }

  if (Object.keys(errors).length) return { errors };
  return { value: { title, body, entries: written.map((w) => w.entry), effectiveFrom } };
}

/**
 * The pairs the FAQ form shows: those given (as posted, so an error's index still points at its pair) without the
 * empty ones at the end, then `BLANK_ENTRIES` empty pairs to add questions.
 */
export function entriesForForm(entries: FaqEntry[]): FaqEntry[] {
  let end = entries.length;
  while (end > 0 && !entries[end - 1].question.trim() && !entries[end - 1].answer.trim()) end--;
  return [...entries.slice(0, end), ...Array.from({ length: BLANK_ENTRIES }, () => ({ question: '', answer: '' }))];
}

/** The version's place in time: in effect now, scheduled for later, or replaced by a newer one. */
export type VersionState = 'current' | 'scheduled' | 'past';

export const VERSION_STATE_LABELS: Record<VersionState, string> = { current: '시행 중', scheduled: '예약', past: '지난 버전' };

/** How many FAQ pairs a posted form may carry (the limit, and room for pairs an operator is emptying). */
export const MAX_POSTED_PAIRS = CONTENT_LIMITS.entries + 20;
