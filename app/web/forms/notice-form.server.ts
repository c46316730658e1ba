import { json } from '@remix-run/node';
import { z } from 'zod';
import type { SignedIn } from '~/web/guards.server';
import { clientIp } from '~/auth/rate-limit.server';
import {
  AUDIENCE_AUTHORITIES,
  AUDIENCE_KINDS,
  MAX_NOTICE_BODY,
  MAX_NOTICE_TITLE,
  MAX_NOTICE_UPLOAD_BYTES,
  MAX_POPUP_DAYS,
} from '~/domain/notices';
import {
  NOTICE_MESSAGES as M,
  type NoticeAudience,
  type NoticeFormField,
  type NoticeFormReply,
  type NoticeFormValues,
} from '~/domain/notices';
import { ORGANISATION_KINDS } from '~/domain/enums';
import { seoulDay, seoulDayStart } from '~/lib/dates';
import { DomainError, isDomainError } from '~/lib/errors';
import { domainErrorResponse, positiveInt, redirectWithFlash } from '~/web/http.server';
import { renderMarkdown } from '~/lib/markdown.server';
import { isMultipart, readMultipart } from '~/web/uploads.server';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { uploadsOf } from '~/services/notices/files.server';
import { createNotice, deleteNotice, updateNotice, type NoticeInput } from '~/services/notices/notices.server';
import { activePopups } from '~/services/notices/popups.server';

// The notice form of the super and admin areas (new and edit): a multipart post with the Markdown body, the audience
// (operators), the popup period and attachments. '미리보기' posts the same form (without its files) and gets the form
// back with the typed values and the body rendered as it will be shown. Only these fields are read.

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

function valuesOf(form: FormData): NoticeFormValues {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  const list = (name: string) => form.getAll(name).filter((v): v is string => typeof v === 'string');
  return {
    title: text('title').trim(),
    // Line endings as typed (browsers send CRLF); trailing white space is not content.
    body: text('body').replace(/\r\n?/g, '\n').trimEnd(),
    audienceKind: text('audienceKind'),
    orgKinds: list('orgKinds'),
    academyIds: list('academyIds'),
    authorities: list('authorities'),
    popupFromDay: text('popupFromDay').trim(),
    popupUntilDay: text('popupUntilDay').trim(),
  };
}

const textSchema = z.object({
  title: z.string().min(1, M.titleRequired).max(MAX_NOTICE_TITLE, M.titleTooLong),
  body: z.string().trim().min(1, M.bodyRequired).max(MAX_NOTICE_BODY, M.bodyTooLong),
});

function audienceOf(v: NoticeFormValues): NoticeAudience | string {
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

/** The popup period as whole Seoul days: from the start of the first to the end of the last; both empty: none. */
function popupOf(v: NoticeFormValues): { popupFrom: Date | null; popupUntil: Date | null } | string {
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

/** The form's values checked: the service's input, or the message of each field that is wrong. */
export function parseNoticeForm(v: NoticeFormValues, platform: boolean): { input: NoticeInput } | { errors: NoticeFormReply['errors'] } {
  const errors: NoticeFormReply['errors'] = {};
  const text = textSchema.safeParse(v);
  if (!text.success) for (const issue of text.error.issues) errors[issue.path[0] as 'title' | 'body'] ??= issue.message;
  const audience = platform ? audienceOf(v) : ({ kind: 'ALL' } as const);
  if (typeof audience === 'string') errors.audience = audience;
  const popup = popupOf(v);
  if (typeof popup === 'string') errors.popup = popup;
  if (!text.success || typeof audience === 'string' || typeof popup === 'string') return { errors };
  return { input: { title: v.title, body: v.body, audience, ...popup } };
}

const FIELD_OF_CODE: Record<string, NoticeFormField> = { NOTICE_FILES: 'files', NOTICE_AUDIENCE: 'audience' };

const reply = (r: NoticeFormReply, status = 200) => json(r, { status });

/**
 * The action of the notice form: preview, or save (create when `noticeId` is absent, else update), then back to
 * the notice's page with a flash. A refusal comes back beside its field with everything typed kept.
 */
export async function noticeFormAction(
  request: Request,
  user: SignedIn,
  options: { platform: boolean; noticeId?: number; pathOf: (id: number) => string },
) {
  let form: FormData;
  try {
    form = isMultipart(request)
      ? await readMultipart(request, MAX_NOTICE_UPLOAD_BYTES, () => new DomainError('NOTICE_FILES', M.fileTooLarge, 413))
      : await request.formData();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // The body was cut off: nothing typed can be given back. Say why above an empty form.
    return reply({ values: noticeFormDefaults(), errors: { files: error.message }, preview: null }, error.status);
  }
  const values = valuesOf(form);
  const uploads = await uploadsOf(form.getAll('files'));
  if (form.get('intent') === 'preview') {
    const chosen = form.getAll('files').some((f) => typeof f === 'string' && f !== '');
    return reply({ values, errors: {}, preview: renderMarkdown(values.body), filesNotKept: chosen || uploads.length > 0 });
  }
  const parsed = parseNoticeForm(values, options.platform);
  if ('errors' in parsed) return reply({ values, errors: parsed.errors, preview: null }, 400);
  const origin = { address: clientIp(request) };
  try {
    if (options.noticeId === undefined) {
      const created = await createNotice(user, parsed.input, uploads, origin);
      return redirectWithFlash(options.pathOf(created.id), M.created);
    }
    const removeFileIds = form
      .getAll('removeFile')
      .map(positiveInt)
      .filter((n): n is number => n !== null);
    await updateNotice(user, options.noticeId, parsed.input, uploads, removeFileIds, origin);
    return redirectWithFlash(options.pathOf(options.noticeId), M.updated);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.status === 404 || error.status === 403) throw domainErrorResponse(error);
    const field = FIELD_OF_CODE[error.code] ?? 'form';
    return reply({ values, errors: { [field]: error.message }, preview: null }, error.status);
  }
}

/** The delete button of a notice's page: INACTIVE, then the list with a flash. */
export async function noticeDeleteAction(request: Request, user: SignedIn, noticeId: number, listPath: string) {
  try {
    await deleteNotice(user, noticeId, { address: clientIp(request) });
  } catch (error) {
    if (isDomainError(error)) throw domainErrorResponse(error);
    throw error;
  }
  return redirectWithFlash(listPath, M.deleted);
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
