import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { json } from '@remix-run/node';
import { config } from '~/config.server';
import { SPEC_MESSAGES } from '~/messages';
import { cookieName, getSession } from '~/web/session.server';

// Form tokens bound to the session (docs/decisions: sessions and CSRF). A token is an HMAC of the session's id (the
// refresh-token family every access token names), so it is worth nothing in another session and changes at sign-in.
// A visitor who is not signed in gets a pre-session cookie (random, httpOnly) and tokens bound to it, so the sign-in,
// registration and recovery forms carry one too. Every form renders the token as a hidden field (<CsrfInput />, from
// the root loader), so it is in the server-rendered HTML and works without JavaScript; every page action checks it
// through its guard before anything else happens.

export const CSRF_FIELD = 'csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_MESSAGE = '요청이 만료되었습니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.';
const PRE_SESSION_COOKIE = 'csrf';
// Only reads are exempt: every other method reaches a page's action (OPTIONS and PUT too, unless the server refuses them).
const SAFE_METHODS = new Set(['GET', 'HEAD']);

const preSessionName = () => cookieName(PRE_SESSION_COOKIE);

function mac(purpose: string, binding: string, secret: string) {
  return createHmac('sha256', secret).update(`${purpose}|${binding}`).digest('base64url');
}

/** The token of a binding (`s:<session id>` or `a:<pre-session id>`), signed with the current secret. */
export function csrfTokenFor(binding: string): string {
  return mac('csrf', binding, config().sessionSecrets[0]);
}

function matches(purpose: string, given: string | null | undefined, binding: string | null | undefined): boolean {
  if (!given || !binding) return false;
  const a = Buffer.from(given);
  return config().sessionSecrets.some((secret) => {
    const b = Buffer.from(mac(purpose, binding, secret));
    return a.length === b.length && timingSafeEqual(a, b);
  });
}

function cookieValue(request: Request, name: string): string | null {
  const cookie = request.headers.get('Cookie') ?? '';
  const match = cookie.split(/;\s*/).find((c) => c.startsWith(`${name}=`));
  const value = match?.slice(name.length + 1);
  return value && /^[A-Za-z0-9_-]{16,64}$/.test(value) ? value : null;
}

/** What the request's tokens are bound to: its session when it has one, else its pre-session cookie. */
export async function csrfBinding(request: Request): Promise<string | null> {
  const fam = (await getSession(request)).get('fam');
  if (fam) return `s:${fam}`;
  const pre = cookieValue(request, preSessionName());
  return pre ? `a:${pre}` : null;
}

/** The root loader's token for the page's forms, and the pre-session cookie to set when the visitor has none. */
export async function issueCsrf(request: Request): Promise<{ token: string; setCookie: string | null }> {
  const binding = await csrfBinding(request);
  if (binding) return { token: csrfTokenFor(binding), setCookie: null };
  const pre = randomBytes(18).toString('base64url');
  const secure = config().secureCookies;
  const setCookie = `${preSessionName()}=${pre}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return { token: csrfTokenFor(`a:${pre}`), setCookie };
}

async function postedToken(request: Request): Promise<string | null> {
  const header = request.headers.get(CSRF_HEADER);
  if (header) return header;
  const type = request.headers.get('Content-Type') ?? '';
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data')) return null;
  try {
    const value = (await request.clone().formData()).get(CSRF_FIELD);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function csrfRefusal() {
  return json({ alert: { title: SPEC_MESSAGES.alertTitle, message: CSRF_MESSAGE } }, { status: 403 });
}

const checked = new WeakMap<Request, Promise<boolean>>();

/**
 * Every page action's first check (called by the guards): a request that may change something must carry the token
 * of its own session, in the `csrf` field or the X-CSRF-Token header. Otherwise 403 with the Korean alert.
 */
export async function requireCsrf(request: Request): Promise<void> {
  if (SAFE_METHODS.has(request.method)) return;
  let pending = checked.get(request);
  if (!pending) {
    pending = (async () => matches('csrf', await postedToken(request), await csrfBinding(request)))();
    checked.set(request, pending);
  }
  if (!(await pending)) throw csrfRefusal();
}

/** The API's anti-forgery token of a session (the XSRF-TOKEN cookie's value): derived from the session id. */
export function xsrfTokenFor(familyId: string): string {
  return mac('xsrf', familyId, config().sessionSecrets[0]);
}

export function isXsrfTokenValid(given: string | null | undefined, familyId: string | null | undefined): boolean {
  return matches('xsrf', given, familyId);
}
