import { createCookie, createCookieSessionStorage, createSession, type Session } from '@remix-run/node';
import { once } from '~/lib/request-scope.server';
import { config } from '~/config.server';
import type { Authority, UserRole } from '~/domain/enums';
import type { Flash } from '~/lib/flash';
import { issueRefreshToken, revokeFamily, signAccessToken } from '~/auth/tokens.server';
import { xsrfCookie } from './xsrf.server';

// The session cookie carries the access token and the refresh token (architecture.md §3). httpOnly, SameSite=Lax,
// signed with rotating secrets; Secure when the site is served over https (config.server.ts secureCookies).
export type SessionData = {
  access: string;
  refresh: string;
  /** ms since epoch: when the refresh token expires (drives the extend-login prompt). */
  refreshExpiresAt: number;
  fam: string;
};

const secure = config().secureCookies;

/**
 * A cookie's name: `__Host-<name>` when cookies are Secure (the browser then insists on Secure, Path=/ and no Domain,
 * so no sibling subdomain can plant or shadow it); plain names over local http, where browsers refuse `__Host-`.
 */
export function cookieName(name: string): string {
  return secure ? `__Host-${name}` : name;
}

export const SESSION_COOKIE = secure ? '__Host-session' : '__session';

export const sessionStorage = createCookieSessionStorage<SessionData>({
  cookie: {
    name: SESSION_COOKIE,
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    secrets: config().sessionSecrets,
  },
});

const PARSED = Symbol('session cookie');

/**
 * The request's session. The cookie is parsed and its signature checked once per page request (the root's form token
 * and the guards all read it); each caller gets its own copy of the data to change.
 */
export async function getSession(request: Request): Promise<Session<SessionData, SessionData>> {
  const parsed = await once(request, PARSED, () => sessionStorage.getSession(request.headers.get('Cookie')));
  return createSession({ ...parsed.data } as SessionData, parsed.id);
}

export type TokenSubject = { id: number; role: UserRole; authorities: Authority[] };

/** Signs in: a new refresh-token family and an access token, written into a fresh session. Returns the Set-Cookie. */
export async function startSession(user: TokenSubject) {
  const refresh = await issueRefreshToken(user.id);
  return writeSession(user, refresh);
}

/**
 * Signs a browser in: the session cookie and the JSON API's anti-forgery cookie (xsrf.server.ts), as the answer's
 * headers (a page may append its flash or other cookies).
 */
export async function signInHeaders(user: TokenSubject): Promise<Headers> {
  const session = await startSession(user);
  const headers = new Headers();
  headers.append('Set-Cookie', session.setCookie);
  headers.append('Set-Cookie', xsrfCookie(session.familyId));
  return headers;
}

export async function writeSession(user: TokenSubject, refresh: { token: string; familyId: string; expiresAt: Date }) {
  const session = await sessionStorage.getSession();
  const access = signAccessToken({ sub: user.id, role: user.role, auth: user.authorities, fam: refresh.familyId });
  session.set('access', access.token);
  session.set('refresh', refresh.token);
  session.set('refreshExpiresAt', refresh.expiresAt.getTime());
  session.set('fam', refresh.familyId);
  return {
    setCookie: await sessionStorage.commitSession(session, { expires: refresh.expiresAt }),
    accessToken: access.token,
    accessExpiresAt: access.expiresAt,
    refreshToken: refresh.token,
    refreshExpiresAt: refresh.expiresAt,
    familyId: refresh.familyId,
  };
}

/** Signs out: revokes the session's refresh-token family and returns the Set-Cookie that clears the cookie. */
export async function endSession(request: Request) {
  const session = await getSession(request);
  const fam = session.get('fam');
  if (fam) await revokeFamily(fam);
  return sessionStorage.destroySession(session);
}

// Flash messages travel in their own short-lived cookie, so writing one never touches the tokens.
export type { Flash };

const flashCookie = createCookie(secure ? '__Host-flash' : '__flash', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure,
  secrets: config().sessionSecrets,
  maxAge: 60,
});

export async function setFlash(flash: Flash) {
  return flashCookie.serialize(flash);
}

/** Reads the flash message of the request; the returned Set-Cookie (when present) clears it. */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; setCookie: string | null }> {
  const value = (await flashCookie.parse(request.headers.get('Cookie'))) as Flash | null;
  if (!value) return { flash: null, setCookie: null };
  return { flash: value, setCookie: await flashCookie.serialize('', { maxAge: 0 }) };
}
