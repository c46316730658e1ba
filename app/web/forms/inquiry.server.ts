import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import type { SignedIn } from '~/web/guards.server';
import { INQUIRY_LIMITS, INQUIRY_MESSAGES } from '~/domain/inquiries';
import { formAction } from '~/web/form-action.server';
import { notFound, orRespond, pageData, pageParam, positiveInt, redirectWithFlash } from '~/web/http.server';
import { uploadedBytes } from '~/web/uploads.server';
import {
  createInquiry,
  deleteMyInquiry,
  fileSizeError,
  getMyInquiry,
  inquiryInput,
  listMyInquiries,
  prepareInquiryFile,
} from '~/services/inquiries.server';
import { requireMember, type MemberArea } from '~/web/forms/member-area.server';

// The asker's inquiry pages of the user and admin areas (/user/inquiry, /admin/inquiry).

const inquiryBase = (area: MemberArea) => `${area}/inquiry`;

export async function inquiryListData(request: Request, user: SignedIn, area: MemberArea) {
  return pageData({ list: await listMyInquiries(user.id, pageParam(request)), base: inquiryBase(area) });
}

/** The new-inquiry form (multipart: the fields and one optional file); a refused file is said beside its field. */
export async function newInquiryAction(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireMember(request),
    schema: inquiryInput.extend({ file: z.instanceof(File).optional() }),
    upload: { maxBytes: INQUIRY_LIMITS.fileMaxBytes, tooLarge: fileSizeError },
    fields: { INQUIRY_FILE_TYPE: 'file', INQUIRY_FILE_TOO_LARGE: 'file' },
    hideFields: ['file'],
    run: async ({ user: { user, area }, value: { file: upload, ...input } }) => {
      const bytes = await uploadedBytes(upload ?? null);
      const file = bytes ? await prepareInquiryFile(bytes, upload?.name ?? '') : null;
      const { id } = await createInquiry(user.id, input, file);
      return redirectWithFlash(`${inquiryBase(area)}/${id}`, INQUIRY_MESSAGES.created);
    },
  });
}

export function inquiryId(params: { id?: string }) {
  const id = positiveInt(params.id);
  if (id === null) throw notFound(INQUIRY_MESSAGES.notFound);
  return id;
}

export async function inquiryData(request: Request, user: SignedIn, id: number, area: MemberArea) {
  const inquiry = await orRespond(() => getMyInquiry(user.id, id));
  return pageData({ inquiry, confirmDelete: new URL(request.url).searchParams.get('delete') === '1', base: inquiryBase(area) });
}

/** Delete (after the confirm step): back to the list, whose page no longer shows it. */
export async function inquiryAction(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireMember(request),
    ids: ['id'],
    notFound: INQUIRY_MESSAGES.notFound,
    schema: z.object({ intent: z.literal('delete') }),
    run: async ({ user: { user, area }, ids: { id } }) => {
      await deleteMyInquiry(user.id, id);
      return redirectWithFlash(inquiryBase(area), INQUIRY_MESSAGES.deleted);
    },
  });
}
