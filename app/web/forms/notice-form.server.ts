import type { ActionFunctionArgs } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { z } from 'zod';
import type { SignedIn } from '~/web/guards.server';
import {
  AUDIENCE_AUTHORITIES,
  AUDIENCE_KINDS,
  MAX_NOTICE_BODY,
  MAX_NOTICE_TITLE,
  MAX_NOTICE_UPLOAD_BYTES,
  MAX_POPUP_DAYS,
  NOTICE_MESSAGES as M,
  type NoticeAudience,
  type NoticeFormValues,
  type NoticePreview,
} from '~/domain/notices';
import { ORGANISATION_KINDS } from '~/domain/enums';
import { seoulDay, seoulDayStart } from '~/lib/dates';
import { DomainError } from '~/lib/errors';
import { done, formAction } from '~/web/form-action.server';
import { positiveInt, redirectWithFlash } from '~/web/http.server';
import { renderMarkdown } from '~/lib/markdown.server';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { uploadsOf } from '~/services/notices/files.server';
import { createNotice, deleteNotice, updateNotice, type NoticeInput } from '~/services/notices/writing.server';
import { activePopups } from '~/services/notices/popups.server';

// The notice form of the super and admin areas (new and edit): a multipart post with the Markdown body, the audience
// (operators), the popup period and attachments. '미리보기' posts the same form (without its files) and gets the form
// back with the typed values and the body rendered as it will be shown (in place: the reply's data).

const DAY_MS = 24 * 60 * 60 * 1000;

/** The form's values for an existing notice (edit) or a new one. */
export function noticeFormDefaults(
  notice?: Pick<NoticeInput, 'title' | 'body' | 'audience' | 'popupFrom' | 'popupUntil'> | null,
): NoticeFormValues {
  const a = notice?.audience ?? { kind: 'ALL' };
  return {
    title: notice?.title ?? '',
    body: notice?.body ?? '',
    audienceKind: a.kind,
    orgKinds: a.kind === 'ORG_KINDS' ? a.orgKinds : [],
    academyIds: a.kind === 'ACADEMIES' ? a.academyIds.map(String) : [],
    authorities: a.kind === 'AUTHORITIES' ? a.authorities : [],
    popupFromDay: notice?.popupFrom ? seoulDay(new Date(notice.popupFrom)) : '',
    popupUntilDay: notice?.popupUntil ? seoulDay(new Date(new Date(notice.popupUntil).getTime() - 1)) : '',
  };
}

type AudienceFields = Pick<NoticeFormValues, 'audienceKind' | 'orgKinds' | 'academyIds' | 'authorities'>;

function audienceOf(v: AudienceFields): NoticeAudience | string {
  switch (v.audienceKind as (typeof AUDIENCE_KINDS)[number]) {
    case 'ALL':
      return { kind: 'ALL' };
    case 'ORG_KINDS': {
      const orgKinds = ORGANISATION_KINDS.filter((k) => v.orgKinds.includes(k));
      return orgKinds.length ? { kind: 'ORG_KINDS', orgKinds } : M.orgKindsRequired;
    }
    case 'ACADEMIES': {
      const academyIds = [...new Set(v.academyIds.map(positiveInt).filter((n): n is number => n !== null))];
      return academyIds.length ? { kind: 'ACADEMIES', academyIds } : M.academiesRequired;
    }
    case 'AUTHORITIES': {
      const authorities = AUDIENCE_AUTHORITIES.filter((a) => v.authorities.includes(a));
      return authorities.length ? { kind: 'AUTHORITIES', authorities } : M.authoritiesRequired;
    }
    default:
      return M.audienceRequired;
  }
}

type Popup = { popupFrom: Date | null; popupUntil: Date | null };

/** The popup period as whole Seoul days: from the start of the first to the end of the last; both empty: none. */
function popupOf(v: Pick<NoticeFormValues, 'popupFromDay' | 'popupUntilDay'>): Popup | string {
  if (!v.popupFromDay && !v.popupUntilDay) return { popupFrom: null, popupUntil: null };
  if (!v.popupFromDay || !v.popupUntilDay) return M.popupBothDays;
  const from = seoulDayStart(v.popupFromDay);
  const last = seoulDayStart(v.popupUntilDay);
  if (!from || !last) return M.popupBadDay;
  if (last < from) return M.popupOrder;
  const until = new Date(last.getTime() + DAY_MS);
  if (until.getTime() - from.getTime() > MAX_POPUP_DAYS * DAY_MS) return M.popupTooLong;
  return { popupFrom: from, popupUntil: until };
}

// Every field has a default, so that one empty field does not stop the others from being checked: the form says
// everything that is wrong at once (the audience and the popup period are checked across their fields).
const text = z.string().trim().default('');
/** The body as typed, its line endings as one (browsers send CRLF); trailing white space is not content. */
const bodyText = z
  .string()
  .transform((s) => s.replace(/\r\n?/g, '\n').trimEnd())
  .default('');
/** The attachments: File entries (a preview, posted without its files, sends their names); an empty input, none. */
const fileEntries = z.array(z.custom<FormDataEntryValue | undefined>()).transform((entries) => entries.filter((e) => e !== undefined));

const previewForm = z.object({ intent: z.literal('preview'), body: bodyText, files: fileEntries });
const saveForm = z.object({
  intent: z.literal('save'),
  title: z.string().trim().min(1, M.titleRequired).max(MAX_NOTICE_TITLE, M.titleTooLong).default(''),
  body: bodyText.superRefine((body, ctx) => {
    const shown = body.trim();
    if (!shown) ctx.addIssue({ code: 'custom', message: M.bodyRequired });
    else if (shown.length > MAX_NOTICE_BODY) ctx.addIssue({ code: 'custom', message: M.bodyTooLong });
  }),
  audienceKind: text,
  orgKinds: z.array(z.string()),
  academyIds: z.array(z.string()),
  authorities: z.array(z.string()),
  popupFromDay: text,
  popupUntilDay: text,
  files: fileEntries,
  removeFile: z.array(z.string()),
});

/** The notice form's contract: the audience is the operators' choice (`platform`), an academy's is its students. */
export function noticeFormSchema(platform: boolean) {
  const audience = (v: AudienceFields) => (platform ? audienceOf(v) : ({ kind: 'ALL' } as const));
  return z
    .discriminatedUnion('intent', [previewForm, saveForm])
    .superRefine((v, ctx) => {
      if (v.intent !== 'save') return;
      const refused = audience(v);
      if (typeof refused === 'string') ctx.addIssue({ code: 'custom', path: ['audience'], message: refused });
      const popup = popupOf(v);
      if (typeof popup === 'string') ctx.addIssue({ code: 'custom', path: ['popup'], message: popup });
    })
    .transform((v) => {
      if (v.intent === 'preview') return v;
      const input: NoticeInput = { title: v.title, body: v.body, audience: audience(v) as NoticeAudience, ...(popupOf(v) as Popup) };
      const removeFileIds = v.removeFile.map(positiveInt).filter((n): n is number => n !== null);
      return { intent: v.intent, input, files: v.files, removeFileIds };
    });
}

/** The service's refusals that belong to a part of the form (others: above it). */
const FIELDS = { NOTICE_FILES: 'files', NOTICE_AUDIENCE: 'audience' } as const;

/**
 * The action of the notice form: preview (in place), or save (create when `noticeId` is absent, else update), then
 * the notice's page with a flash. A refusal comes back beside its field with everything typed kept.
 */
export async function noticeFormAction(
  args: ActionFunctionArgs,
  options: { guard: (request: Request) => Promise<SignedIn>; platform: boolean; edit: boolean; pathOf: (id: number) => string },
) {
  return formAction<SignedIn, ReturnType<typeof noticeFormSchema>, NoticePreview, 'noticeId'>(args, {
    guard: ({ request }) => options.guard(request),
    // The edit page's notice; the new page has none.
    ids: options.edit ? ['noticeId'] : [],
    schema: noticeFormSchema(options.platform),
    fields: FIELDS,
    hideFields: ['files'],
    upload: { maxBytes: MAX_NOTICE_UPLOAD_BYTES, tooLarge: () => new DomainError('NOTICE_FILES', M.fileTooLarge, 413) },
    run: async ({ user, ids, request, value }) => {
      const uploads = await uploadsOf(value.files);
      if (value.intent === 'preview') {
        const chosen = value.files.some((f) => typeof f === 'string' && f !== '');
        return done({ preview: renderMarkdown(value.body), filesNotKept: chosen || uploads.length > 0 });
      }
      const origin = requestOrigin(request);
      if (!options.edit) {
        const created = await createNotice(user, value.input, uploads, origin);
        return redirectWithFlash(options.pathOf(created.id), M.created);
      }
      await updateNotice(user, ids.noticeId, value.input, uploads, value.removeFileIds, origin);
      return redirectWithFlash(options.pathOf(ids.noticeId), M.updated);
    },
  });
}

/** The delete button of a notice's page: INACTIVE, then the list with a flash. */
export async function noticeDeleteAction(args: ActionFunctionArgs, guard: (request: Request) => Promise<SignedIn>, listPath: string) {
  return formAction(args, {
    guard: ({ request }) => guard(request),
    ids: ['noticeId'],
    schema: z.object({}),
    run: async ({ user, ids: { noticeId }, request }) => {
      await deleteNotice(user, noticeId, requestOrigin(request));
      return redirectWithFlash(listPath, M.deleted);
    },
  });
}

/**
 * The popups of a home page (/user/dashboard, /user/activity, /admin/dashboard): none right after the inline panel's
 * 닫기 (`?noticePopup=closed`), else the user's active ones.
 */
export async function homePopups(request: Request, userId: number) {
  if (new URL(request.url).searchParams.get('noticePopup') === 'closed') return [];
  return activePopups(userId);
}

/** Where the inline panel's 닫기 returns: the page it was on, without the panel when nothing was hidden. */
export function afterPopupPanel(returnTo: unknown, hidden: boolean): string | null {
  const path = safeRedirectPath(returnTo, '');
  if (!path) return null;
  if (hidden) return path;
  const url = new URL(path, 'http://readin.invalid');
  url.searchParams.set('noticePopup', 'closed');
  return url.pathname + url.search;
}
