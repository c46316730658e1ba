import { parseWithZod } from '@conform-to/zod';
import { json } from '@remix-run/node';
import type { SignedIn } from '~/web/guards.server';
import { INQUIRY_LIMITS, INQUIRY_MESSAGES } from '~/domain/inquiries';
import { isDomainError } from '~/lib/errors';
import { notFound, orRespond, pageData, pageParam, positiveInt, redirectWithFlash } from '~/web/http.server';
import { readMultipart, uploadedBytes } from '~/web/uploads.server';
import {
  createInquiry,
  deleteMyInquiry,
  fileSizeError,
  getMyInquiry,
  inquiryInput,
  listMyInquiries,
  prepareInquiryFile,
} from '~/services/inquiries.server';
import type { MemberArea } from '~/web/forms/member-area.server';

// The asker's inquiry pages of the user and admin areas (/user/inquiry, /admin/inquiry).

const inquiryBase = (area: MemberArea) => `${area}/inquiry`;

export async function inquiryListData(request: Request, user: SignedIn, area: MemberArea) {
  return pageData({ list: await listMyInquiries(user.id, pageParam(request)), base: inquiryBase(area) });
}

/** The new-inquiry form (multipart: the fields and one optional file): the service's reply beside its field. */
export async function newInquiryAction(request: Request, user: SignedIn, area: MemberArea) {
  let formData: FormData;
  try {
    formData = await readMultipart(request, INQUIRY_LIMITS.fileMaxBytes, fileSizeError);
  } catch (error) {
    if (isDomainError(error)) return json({ status: 'error', error: { file: [error.message] } } as const, { status: error.status });
    throw error;
  }
  const submission = parseWithZod(formData, { schema: inquiryInput });
  if (submission.status !== 'success') return json(submission.reply({ hideFields: ['file'] }), { status: 400 });
  try {
    const upload = formData.get('file');
    const bytes = await uploadedBytes(upload);
    const file = bytes ? await prepareInquiryFile(bytes, typeof upload === 'string' || !upload ? '' : upload.name) : null;
    const { id } = await createInquiry(user.id, submission.value, file);
    return redirectWithFlash(`${inquiryBase(area)}/${id}`, INQUIRY_MESSAGES.created);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return json(submission.reply({ fieldErrors: { file: [error.message] }, hideFields: ['file'] }), { status: error.status });
  }
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
export async function inquiryAction(request: Request, user: SignedIn, id: number, area: MemberArea) {
  const form = await request.formData();
  if (form.get('intent') !== 'delete') throw notFound();
  await orRespond(() => deleteMyInquiry(user.id, id));
  return redirectWithFlash(inquiryBase(area), INQUIRY_MESSAGES.deleted);
}
