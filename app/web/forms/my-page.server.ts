import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { passwordChangeSchema, profileSchema } from '~/auth/account-schemas.server';
import type { SignedIn } from '~/web/guards.server';
import { getSession } from '~/web/session.server';
import { formAction } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
import { readMultipart, uploadedBytes } from '~/web/uploads.server';
import { PROFILE_IMAGE_MAX_BYTES } from '~/services/images.server';
import { changePassword, getMyPage, PROFILE_MESSAGES, saveProfileImage, updateProfile } from '~/services/my-page.server';
import { DomainError } from '~/lib/errors';
import { recordViewersFor } from '~/services/parents/links.server';
import { now } from '~/lib/clock.server';
import { seoulDay } from '~/lib/dates';

// The my page of the three areas shares its loaders and actions; each area's route passes its own guard.

/** A profile picture's upload: its limit and the refusal of a larger one (the page's form and the API's). */
const PROFILE_IMAGE_UPLOAD = {
  maxBytes: PROFILE_IMAGE_MAX_BYTES,
  tooLarge: () => new DomainError('IMAGE_TOO_LARGE', PROFILE_MESSAGES.imageTooLarge, 413),
};

/** The API's user/edit/image: the picture of the multipart field `field`, or null when none was sent. */
export async function readProfileImageUpload(request: Request, field: string): Promise<Uint8Array | null> {
  const form = await readMultipart(request, PROFILE_IMAGE_UPLOAD.maxBytes, PROFILE_IMAGE_UPLOAD.tooLarge);
  return uploadedBytes(form.get(field));
}

export async function myPageData(user: SignedIn) {
  const [me, recordViewers] = await Promise.all([
    getMyPage(user.id),
    // A student of 14 or more sees who can see their record (docs/decisions/039-what-a-guardian-may-see.md).
    user.authorities.includes('STUDENT') ? recordViewersFor(user.id, seoulDay(now())) : null,
  ]);
  return json({
    recordViewers,
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

/** The three forms of /…/my-page/me: profile, password and the picture (multipart), told apart by `intent`. */
const myPageForms = z
  .discriminatedUnion('intent', [
    profileSchema.extend({ intent: z.literal('profile') }),
    passwordChangeSchema.innerType().extend({ intent: z.literal('password') }),
    z.object({
      intent: z.literal('image'),
      image: z.instanceof(File, { message: PROFILE_MESSAGES.imageMissing }).refine((f) => f.size > 0, PROFILE_MESSAGES.imageMissing),
    }),
  ])
  .superRefine((value, ctx) => {
    // The password form's own rule across its fields (the new password typed twice the same).
    if (value.intent !== 'password') return;
    const checked = passwordChangeSchema.safeParse(value);
    if (!checked.success) for (const { path, message } of checked.error.issues) ctx.addIssue({ code: 'custom', path, message });
  });

/** The service's refusals that belong to a field. */
const FIELDS = { WRONG_PASSWORD: 'password', INVALID_IMAGE: 'image', IMAGE_TOO_LARGE: 'image' } as const;

/** The action of /…/my-page/me: `guard` is the area's, `base` its my page. */
export async function myPageAction(args: ActionFunctionArgs, guard: (request: Request) => Promise<SignedIn>, base: string) {
  const back = `${base}/me`;
  return formAction(args, {
    guard: ({ request }) => guard(request),
    schema: myPageForms,
    fields: FIELDS,
    hideFields: ['password', 'newPassword', 'confirm', 'image'],
    upload: PROFILE_IMAGE_UPLOAD,
    run: async ({ user, request, value }) => {
      switch (value.intent) {
        case 'image':
          await saveProfileImage(user.id, new Uint8Array(await value.image.arrayBuffer()));
          return redirectWithFlash(back, PROFILE_MESSAGES.imageSaved);
        case 'password': {
          const fam = (await getSession(request)).get('fam') ?? '';
          await changePassword(user, value, fam);
          return redirectWithFlash(back, PROFILE_MESSAGES.passwordChanged);
        }
        case 'profile':
          await updateProfile(user.id, value);
          return redirectWithFlash(back, PROFILE_MESSAGES.saved);
      }
    },
  });
}
