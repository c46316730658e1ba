import {
  json,
  MaxPartSizeExceededError,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod';
import { passwordChangeSchema as passwordSchema, profileSchema } from './account-schemas.server';
import { readLimited } from '~/lib/body-limit.server';
import { DomainError, isDomainError } from '~/lib/errors';
import { changePassword, getMyPage, PROFILE_IMAGE_MAX_BYTES, PROFILE_MESSAGES, saveProfileImage, updateProfile } from '~/services/my-page.server';
import type { SignedIn } from './guards.server';
import { getSession, setFlash } from './session.server';

// The my page of the three areas shares its loaders and actions; each area's route passes its own guard.

/** The size-limited upload handler of image uploads: anything over 5 MB stops at the limit. */
export function imageUploadHandler() {
  return unstable_createMemoryUploadHandler({ maxPartSize: PROFILE_IMAGE_MAX_BYTES });
}

/** A multipart body may carry the image plus a few text fields. */
const IMAGE_UPLOAD_MAX_BODY_BYTES = PROFILE_IMAGE_MAX_BYTES + 64 * 1024;

/**
 * Reads a multipart body with the image limit, per part and on the whole body (counted as it arrives): a too-large
 * part or body becomes IMAGE_TOO_LARGE.
 */
export async function readImageUpload(request: Request, field: string): Promise<{ form: FormData; bytes: Uint8Array | null }> {
  const tooLarge = () => new DomainError('IMAGE_TOO_LARGE', PROFILE_MESSAGES.imageTooLarge, 413);
  let form: FormData;
  try {
    form = await readLimited(request, IMAGE_UPLOAD_MAX_BODY_BYTES, (limited) => unstable_parseMultipartFormData(limited, imageUploadHandler()), tooLarge);
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw tooLarge();
    throw error;
  }
  const file = form.get(field);
  const bytes = file && typeof file !== 'string' && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  return { form, bytes };
}

export async function myPageData(user: SignedIn) {
  const me = await getMyPage(user.id);
  return json({
    me: {
      id: me.id,
      loginId: me.loginId,
      name: me.name,
      email: me.email,
      phone: me.phone,
      role: me.role,
      authorities: me.authorities,
      profileImage: me.profileImage,
      organisationName: me.organisationName,
      organisationKind: me.organisationKind,
      basicPay: me.basicPay,
      createdAt: me.createdAt.toISOString(),
      lastLoginAt: me.lastLoginAt?.toISOString() ?? null,
    },
  });
}

/** The three forms of /…/my-page/me: profile, password, picture (intent). */
export async function myPageAction(request: Request, user: SignedIn, base: string) {
  const back = `${base}/me`;
  const isMultipart = (request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data');
  if (isMultipart) {
    try {
      const { bytes } = await readImageUpload(request, 'image');
      if (!bytes) return json({ intent: 'image' as const, error: PROFILE_MESSAGES.imageMissing, result: null }, { status: 400 });
      await saveProfileImage(user.id, bytes);
    } catch (error) {
      if (isDomainError(error)) return json({ intent: 'image' as const, error: error.message, result: null }, { status: error.status });
      throw error;
    }
    return redirect(back, { headers: { 'Set-Cookie': await setFlash({ kind: 'success', message: PROFILE_MESSAGES.imageSaved }) } });
  }
  const formData = await request.formData();
  if (formData.get('intent') === 'password') {
    const submission = parseWithZod(formData, { schema: passwordSchema });
    const hideFields = ['password', 'newPassword', 'confirm'];
    if (submission.status !== 'success') return json({ intent: 'password' as const, error: null, result: submission.reply({ hideFields }) }, { status: 400 });
    try {
      const fam = (await getSession(request)).get('fam') ?? '';
      await changePassword(user, submission.value, fam);
    } catch (error) {
      if (isDomainError(error)) {
        const reply = error.code === 'WRONG_PASSWORD'
          ? submission.reply({ fieldErrors: { password: [error.message] }, hideFields })
          : submission.reply({ formErrors: [error.message], hideFields });
        return json({ intent: 'password' as const, error: null, result: reply }, { status: error.status });
      }
      throw error;
    }
    return redirect(back, { headers: { 'Set-Cookie': await setFlash({ kind: 'success', message: PROFILE_MESSAGES.passwordChanged }) } });
  }
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== 'success') return json({ intent: 'profile' as const, error: null, result: submission.reply() }, { status: 400 });
  await updateProfile(user.id, submission.value);
  return redirect(back, { headers: { 'Set-Cookie': await setFlash({ kind: 'success', message: PROFILE_MESSAGES.saved }) } });
}
