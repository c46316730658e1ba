import { z } from 'zod';
import { positiveInt } from '~/lib/numbers';
import { alertResponse, requireSuper } from '~/web/guards.server';

// The form of the branch's page (/super/tax/u/region/agency), read by the page-action protocol (formAction): an
// operator marks a branch's month paid out. A BRANCH user opens the page but cannot post; anything malformed is the one
// "cannot process" message, and the rules of a payout (something waiting to be paid) are the settlement service's.

export const BAD_REQUEST = '요청을 처리할 수 없습니다.';

/** Who may pay out: the operators (ADMIN1, ADMIN2); a BRANCH user is refused with the alert. */
export async function requirePayout(request: Request) {
  const user = await requireSuper(request, { allow: ['BRANCH'] });
  if (!user.authorities.includes('ADMIN1') && !user.authorities.includes('ADMIN2'))
    throw alertResponse('정산 지급은 운영 관리자만 처리할 수 있습니다.');
  return user;
}

export const payoutSchema = z.object({
  intent: z.literal('payout'),
  branch: z.string({ required_error: BAD_REQUEST }).transform((v, ctx) => {
    const id = positiveInt(v);
    if (id === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: BAD_REQUEST });
      return z.NEVER;
    }
    return id;
  }),
  month: z.string({ required_error: BAD_REQUEST }).regex(/^\d{4}-\d{2}$/, BAD_REQUEST),
});
