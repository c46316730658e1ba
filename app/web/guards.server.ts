import { json, redirect } from '@remix-run/node';
import type { Authority, UserRole } from '~/domain/enums';
import { SPEC_MESSAGES } from '~/messages';
import { hasBasicPay } from '~/services/payments/basic-pay.server';
import { once } from '~/lib/request-scope.server';
import { findAuthUser, findSessionUser, type AuthUser } from '~/services/users.server';
import { requireCsrf } from '~/web/csrf.server';
import { endSession, getSession, sessionStorage, writeSession } from '~/web/session.server';
import { isRefreshTokenValid, consumeRefreshToken, verifyAccessToken } from '~/auth/tokens.server';

// Guards (spec §5, §6; architecture.md §3). Plain functions called at the top of every loader and action: they
// return the user or throw a redirect / response. A parent layout's loader does not protect its children.

export type SignedIn = AuthUser & {
  /** When the refresh token expires (ms since epoch): the extend-login prompt shows 10 minutes before. */
  sessionExpiresAt: number;
};

type Resolution =
  | { state: 'anonymous' }
  | { state: 'expired' }
  | { state: 'signed-in'; user: SignedIn }
  /** The refresh token was rotated: the request is answered by a redirect to itself that carries the new cookie. */
  | { state: 'rotated'; setCookie: string };

// The loaders of one page request (the root, the area's layout, the page) resolve the session once between them.
const RESOLUTION = Symbol('session resolution');

function resolve(request: Request): Promise<Resolution> {
  return once(request, RESOLUTION, () => resolveSession(request));
}

async function resolveSession(request: Request): Promise<Resolution> {
  const session = await getSession(request);
  const access = session.get('access');
  const refresh = session.get('refresh');
  if (!access && !refresh) return { state: 'anonymous' };
  const sessionExpiresAt = session.get('refreshExpiresAt') ?? 0;

  const check = verifyAccessToken(access);
  let userId: number | undefined = check.ok ? check.claims.sub : undefined;
  let familyId: string | undefined = check.ok ? check.claims.fam : undefined;

  if (!check.ok) {
    if (request.method === 'GET' || request.method === 'HEAD') {
      // Rotate on reads only; the answer is a redirect to the same URL with the new cookie.
      const used = await consumeRefreshToken(refresh);
      if (used.kind === 'failed') return { state: 'expired' };
      if (used.kind === 'rotated') {
        const user = await findAuthUser(used.userId);
        if (!user || user.status !== 'ACTIVE') return { state: 'expired' };
        const written = await writeSession(user, used.next);
        return { state: 'rotated', setCookie: written.setCookie };
      }
      userId = used.userId; // grace: a parallel request already rotated it
      familyId = used.familyId;
    } else {
      // A form post is never lost to an expired access token: the refresh token only has to be valid (or have been
      // rotated moments ago); the redirect that follows the post rotates it.
      const claims = check.claims;
      if (!claims) return { state: 'expired' };
      const refreshOk = (await isRefreshTokenValid(refresh)) || (await consumeRefreshToken(refresh)).kind === 'grace';
      if (!refreshOk) return { state: 'expired' };
      userId = claims.sub;
      familyId = claims.fam;
    }
  }

  if (!userId) return { state: 'expired' };
  // The session row ends access at once: logout, a password reset or the absolute lifetime (read with the user, in one
  // query by primary keys).
  const { user, live } = await findSessionUser(userId, familyId);
  if (!user || user.status !== 'ACTIVE' || !live) return { state: 'expired' };
  return { state: 'signed-in', user: { ...user, sessionExpiresAt } };
}

function selfUrl(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete('_data');
  return url.pathname + url.search;
}

export function loginUrl(request: Request, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ redirectTo: selfUrl(request), ...extra });
  return `/member/login?${params}`;
}

/** The signed-in user, or null. Never throws for an anonymous visitor. */
export async function getOptionalUser(request: Request): Promise<SignedIn | null> {
  // Every guard passes here first: a post without its session's form token is refused before anything else.
  await requireCsrf(request);
  const r = await resolve(request);
  if (r.state === 'rotated') throw redirect(selfUrl(request), { headers: { 'Set-Cookie': r.setCookie } });
  if (r.state === 'expired') {
    throw redirect(loginUrl(request, { expired: '1' }), {
      headers: { 'Set-Cookie': await sessionStorage.destroySession(await getSession(request)) },
    });
  }
  return r.state === 'signed-in' ? r.user : null;
}

/** Clears the session and sends the visitor to sign in (spec: wrong role). */
async function signOutTo(request: Request, location: string): Promise<never> {
  throw redirect(location, { headers: { 'Set-Cookie': await endSession(request) } });
}

export type RequireOptions = {
  role?: UserRole;
  /** Only the migration page itself may be opened by an account that still has to set its password. */
  allowMigration?: boolean;
};

export async function requireUser(request: Request, options: RequireOptions = {}): Promise<SignedIn> {
  const user = await getOptionalUser(request);
  if (!user) throw redirect(loginUrl(request));
  if (options.role && user.role !== options.role) return signOutTo(request, '/member/login');
  // A parent's account is role USER too, but the student's pages are not theirs: their own area is /parent.
  if (options.role === 'USER' && isParent(user)) throw redirect(PARENT_HOME);
  if (!options.allowMigration && mustSetPassword(user)) throw redirect('/member/migration');
  return user;
}

/**
 * An account that has to choose its own password before anything else: one brought over from the previous system
 * (MIGRATION), or one the academy gave a temporary password (mustChangePassword).
 */
export function mustSetPassword(user: { authorities: readonly string[]; mustChangePassword?: boolean }): boolean {
  return user.authorities.includes('MIGRATION') || user.mustChangePassword === true;
}

/** A way on that the alert dialog offers beside 확인 (a link). */
export type AlertAction = { href: string; label: string };

/** A 403 carrying the spec's alert (title and message); the area's error boundary shows it as the alert dialog. */
export function alertResponse(message: string, title: string = SPEC_MESSAGES.alertTitle, status = 403, action?: AlertAction) {
  return json({ alert: { title, message, ...(action ? { action } : {}) } }, { status });
}

/**
 * The basicPay alert: a head is offered 결제하러 가기 (the payments page); a teacher, who cannot pay, has 확인 (their
 * dashboard says that the head pays).
 */
function basicPayAlert(user: Pick<SignedIn, 'authorities'>) {
  return user.authorities.includes('HEAD')
    ? alertResponse(SPEC_MESSAGES.basicPayRequired, SPEC_MESSAGES.alertTitle, 403, { href: '/admin/payments', label: '결제하러 가기' })
    : alertResponse(SPEC_MESSAGES.basicPayRequired);
}

/** HEAD-only pages: '알림' / '학원장만 접근 가능합니다.' */
export async function requireHead(request: Request, options: { basicPay?: boolean } = {}): Promise<SignedIn> {
  const user = await requireUser(request, { role: 'ADMIN' });
  if (!user.authorities.includes('HEAD')) throw alertResponse(SPEC_MESSAGES.headOnly);
  // Head-only pages that also need this month's basic payment (all but the payment page itself).
  if (options.basicPay && !(await hasBasicPay(user.organisationId))) throw basicPayAlert(user);
  return user;
}

/** Pages that need this month's basic payment: '이번 달 기본 결제를 해 주세요.' */
export async function requireBasicPay(request: Request, options: RequireOptions = { role: 'ADMIN' }): Promise<SignedIn> {
  const user = await requireUser(request, options);
  if (!(await hasBasicPay(user.organisationId))) throw basicPayAlert(user);
  return user;
}

const FULL_SUPER: Authority[] = ['ADMIN1', 'ADMIN2'];

/**
 * The super area: role SUPER. ADMIN1 and ADMIN2 pass everywhere; COACH, BRANCH and PRODUCT only on the pages that
 * list them in `allow`; elsewhere they are sent to their own home.
 */
export async function requireSuper(request: Request, options: { allow?: Authority[] } = {}): Promise<SignedIn> {
  const user = await requireUser(request, { role: 'SUPER' });
  const allowed = [...FULL_SUPER, ...(options.allow ?? [])];
  if (!user.authorities.some((a) => allowed.includes(a))) throw redirect(homeFor(user));
  return user;
}

/** A parent's account (docs/decisions/040-parent-sign-in-by-phone-code.md): role USER with the PARENT authority. */
export const isParent = (user: { authorities: readonly string[] }) => user.authorities.includes('PARENT');

export const PARENT_HOME = '/parent';

/** The parents' area (/parent): a signed-in parent; anyone else is sent to the parents' sign-in. */
export async function requireParent(request: Request): Promise<SignedIn> {
  const user = await getOptionalUser(request);
  if (!user) throw redirect(`/member/parent?${new URLSearchParams({ redirectTo: selfUrl(request) })}`);
  if (!isParent(user)) return signOutTo(request, '/member/parent');
  return user;
}

/** Where a user lands after signing in (spec §2). */
export function homeFor(user: { role: UserRole; authorities: Authority[] }): string {
  if (isParent(user)) return PARENT_HOME;
  if (user.role === 'USER') return '/user/activity';
  if (user.role === 'ADMIN') return '/admin/dashboard';
  if (user.authorities.includes('ADMIN1') || user.authorities.includes('ADMIN2')) return '/super/user';
  if (user.authorities.includes('COACH')) return '/super/coach/sharpening';
  if (user.authorities.includes('BRANCH')) return '/super/tax/u/region/agency';
  // PRODUCT keeps the catalogue: its home is the book list.
  if (user.authorities.includes('PRODUCT')) return '/super/books';
  return '/super/user';
}

/** Sign-in pages send a signed-in user home. */
export async function redirectIfSignedIn(request: Request) {
  const user = await getOptionalUser(request);
  if (user) throw redirect(mustSetPassword(user) ? '/member/migration' : homeFor(user));
}

/** The landing guard: a signed-in user goes to their dashboard (spec §2). */
export async function landingGuard(request: Request) {
  const user = await getOptionalUser(request);
  if (!user) return;
  if (isParent(user)) throw redirect(PARENT_HOME);
  if (user.role === 'USER') throw redirect('/user/dashboard');
  if (user.role === 'ADMIN') throw redirect('/admin/dashboard');
  throw redirect('/super');
}
