import { json } from '@remix-run/node';
import { readFlash } from '~/web/session.server';
import { EXTEND_PROMPT_BEFORE_MS } from '~/auth/tokens.server';
import type { SignedIn } from '~/web/guards.server';
import { nowMs } from '~/lib/clock.server';
import { unreadCount } from '~/services/inbox.server';
import { waitingInquiryCount } from '~/services/operators/inquiries.server';
import { areaMenu } from '~/web/area-menus.server';
import { hasBasicPay } from '~/services/payments/basic-pay.server';

/** A count beside a menu entry of the shell (by the entry's path), with what it counts for screen readers. */
export type MenuBadge = { count: number; label: string };

/**
 * The menu's counts: unread messages for members and academy staff, inquiries waiting for an answer for ADMIN1 and
 * ADMIN2. One query per page load (on a partial or status index), whatever the menu.
 */
async function menuBadges(user: SignedIn): Promise<Record<string, MenuBadge>> {
  if (user.role === 'USER' || user.role === 'ADMIN') {
    const count = await unreadCount(user.id);
    return count ? { [user.role === 'USER' ? '/user/message' : '/admin/message']: { count, label: '읽지 않은 메시지' } } : {};
  }
  if (user.authorities.includes('ADMIN1') || user.authorities.includes('ADMIN2')) {
    const count = await waitingInquiryCount();
    return count ? { '/super/inquiries': { count, label: '답변 대기' } } : {};
  }
  return {};
}

/**
 * What every signed-in area layout (user, admin, super) sends to its shell: who is signed in, the session timing of
 * the extend-login prompt, the flash message of the last post (cleared by the same response), the area's menu and its
 * counts.
 */
export async function areaLayoutData(request: Request, user: SignedIn) {
  const [{ flash, setCookie }, badges, basicPaid] = await Promise.all([
    readFlash(request),
    menuBadges(user),
    // Academy staff: the menu marks the pages the basicPay guard locks this month.
    user.role === 'ADMIN' ? hasBasicPay(user.organisationId) : true,
  ]);
  const expiresAt = user.sessionExpiresAt;
  return json(
    {
      user: { id: user.id, name: user.name, role: user.role, authorities: user.authorities, profileImage: user.profileImage },
      timing: { expiresAt, promptAt: expiresAt - EXTEND_PROMPT_BEFORE_MS, serverNow: nowMs() },
      flash,
      nav: areaMenu(user, basicPaid),
      badges,
    },
    setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined,
  );
}
