import { redirect } from '@remix-run/node';
import { getOptionalUser, loginUrl, requireBasicPay, requireSuper, type SignedIn } from '~/web/guards.server';

/**
 * The talk area (/talk, spec §2 "talk: notice talk feature"): academy staff (role ADMIN, head or teacher, with this
 * month's basic payment: '이번 달 기본 결제를 해 주세요.') and operators (SUPER with ADMIN1 or ADMIN2; other operator
 * accounts go to their own home). Anyone else is signed out to the login page, as the spec's guards do for a wrong role.
 */
export async function requireTalkSender(request: Request): Promise<SignedIn> {
  const user = await getOptionalUser(request);
  if (!user) throw redirect(loginUrl(request));
  if (user.role === 'SUPER') return requireSuper(request);
  return requireBasicPay(request, { role: 'ADMIN' });
}
