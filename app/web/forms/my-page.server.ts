import { parseWithZod } from '@conform-to/zod';
import { json } from '@remix-run/node';
import { passwordChangeSchema as passwordSchema, profileSchema } from '~/auth/account-schemas.server';
import type { SignedIn } from '~/web/guards.server';
import { getSession } from '~/web/session.server';
import { redirectWithFlash } from '~/web/http.server';
import { isMultipart, readMultipart, uploadedBytes } from '~/web/uploads.server';
import { PROFILE_IMAGE_MAX_BYTES } from '~/services/images.server';
import { changePassword, getMyPage, PROFILE_MESSAGES, saveProfileImage, updateProfile } from '~/services/my-page.server';
import { DomainError, isDomainError } from '~/lib/errors';

// The my page of the three areas shares its loaders and actions; each area's route passes its own guard.

/** A profile picture upload (the page's form or the API's user/edit/image): the file of `field`, or null. */
export async function readProfileImageUpload(request: Request, field: string): Promise<Uint8Array | null> {
  const tooLarge = () => new DomainError('IMAGE_TOO_LARGE', PROFILE_MESSAGES.imageTooLarge, 413);
  const form = await readMultipart(request, PROFILE_IMAGE_MAX_BYTES, tooLarge);
  return uploadedBytes(form.get(field));
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
  if (isMultipart(request)) {
    try {
      const bytes = await readProfileImageUpload(request, 'image');
      if (!bytes) return json({ intent: 'image' as const, error: PROFILE_MESSAGES.imageMissing, result: null }, { status: 400 });
      await saveProfileImage(user.id, bytes);
    } catch (error) {
      if (isDomainError(error)) return json({ intent: 'image' as const, error: error.message, result: null }, { status: error.status });
      throw error;
    }
    return redirectWithFlash(back, PROFILE_MESSAGES.imageSaved);
  }
  const formData = await request.formData();
  if (formData.get('intent') === 'password') {
    const submission = parseWithZod(formData, { schema: passwordSchema });
    const hideFields = ['password', 'newPassword', 'confirm'];
    if (submission.status !== 'success')
      return json({ intent: 'password' as const, error: null, result: submission.reply({ hideFields }) }, { status: 400 });
    try {
      const fam = (await getSession(request)).get('fam') ?? '';
      await changePassword(user, submission.value, fam);
    } catch (error) {
      if (isDomainError(error)) {
        const reply =
          error.code === 'WRONG_PASSWORD'
            ? submission.reply({ fieldErrors: { password: [error.message] }, hideFields })
            : submission.reply({ formErrors: [error.message], hideFields });
        return json({ intent: 'password' as const, error: null, result: reply }, { status: error.status });
      }
      throw error;
    }
    return redirectWithFlash(back, PROFILE_MESSAGES.passwordChanged);
  }
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== 'success')
    return json({ intent: 'profile' as const, error: null, result: submission.reply() }, { status: 400 });
  await updateProfile(user.id, submission.value);
  return redirectWithFlash(back, PROFILE_MESSAGES.saved);
}
