import { z } from '~/web/form-action.server';
import { PARENT_MESSAGES } from '~/services/parents/links.server';

/** The parents' sign-in, two steps of one page: `phone` (a code is sent) and `code` (the code, with the phone kept). */
export function parentSignInSchema() {
  const phone = z.string({ required_error: PARENT_MESSAGES.phoneRequired }).trim().min(1, PARENT_MESSAGES.phoneRequired);
  const redirectTo = z.string().optional();
  return z.discriminatedUnion('intent', [
    z.object({ intent: z.literal('phone'), phone, redirectTo }),
    z.object({
      intent: z.literal('code'),
      phone,
      redirectTo,
      code: z
        .string({ required_error: PARENT_MESSAGES.codeRequired })
        .trim()
        .regex(/^\d{6}$/, PARENT_MESSAGES.codeRequired),
    }),
  ]);
}
