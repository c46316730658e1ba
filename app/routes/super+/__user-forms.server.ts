import { z } from 'zod';
import { DomainError } from '~/lib/errors';
import { checkStepUp } from '~/web/step-up.server';

// The forms of an operator's user page (/super/user/:userId): lock, unlock, password reset and a staff account's
// authorities, and the step-up every change but unlocking asks for.

/** The repeated `authority` boxes: none, one or several. */
const list = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

// Each form's fields; the step-up password (`stepUpPassword`) is read by `stepUp`, never kept in a reply.
export const userIntents = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('lock') }),
  z.object({ intent: z.literal('unlock') }),
  z.object({ intent: z.literal('reset') }),
  z.object({ intent: z.literal('authorities'), authority: z.preprocess(list, z.array(z.string())) }),
]);

/** The operator's password again for every change but unlocking; the new proof's cookie goes with the answer. */
export async function stepUp(request: Request, operatorId: number, formData: FormData): Promise<HeadersInit> {
  const stepUp = await checkStepUp(request, operatorId, formData);
  if (!stepUp.ok) throw new DomainError('STEP_UP', stepUp.message, 401);
  return stepUp.setCookie ? { 'Set-Cookie': stepUp.setCookie } : {};
}
