import { csrfTokenFor, xsrfTokenFor } from '~/web/csrf.server';
import { startSession } from '~/web/session.server';
import { findUserByLoginId } from '~/services/accounts.server';

/** A signed-in session for a demo account, as the Cookie header a browser would send. */
export async function sessionCookie(loginId: string): Promise<string> {
  const user = await findUserByLoginId(loginId);
  if (!user) throw new Error(`no demo account ${loginId}`);
  const { setCookie } = await startSession(user);
  return cookieHeader(setCookie);
}

/** 'name=value; Path=/; HttpOnly' → 'name=value' */
export function cookieHeader(setCookie: string): string {
  return setCookie.split(';')[0];
}

const PRE_SESSION = 'test-pre-session-0001';

/** The session id inside a `__session=…` cookie (Remix signs base64 JSON), read without the secret. */
export function sessionIdOf(cookie: string | undefined): string | null {
  const raw = cookie
    ?.split(/;\s*/)
    .find((c) => c.startsWith('__session='))
    ?.slice('__session='.length);
  if (!raw) return null;
  const value = decodeURIComponent(raw);
  const json = Buffer.from(value.slice(0, value.lastIndexOf('.')), 'base64').toString('latin1');
  try {
    return (JSON.parse(decodeURIComponent(escape(json))) as { fam?: string }).fam ?? null;
  } catch {
    return null;
  }
}

/**
 * The form token a page would have rendered for this Cookie header (its session's, or the test pre-session cookie's,
 * which `makeRequest` adds to a request without a session).
 */
export function csrfFor(cookie: string | undefined): string {
  const fam = sessionIdOf(cookie);
  return csrfTokenFor(fam ? `s:${fam}` : `a:${PRE_SESSION}`);
}

/** The XSRF-TOKEN of the session in this Cookie header (what the sign-in set): the X-XSRF-TOKEN an API call echoes. */
export function xsrfFor(cookie: string | undefined): string {
  const fam = sessionIdOf(cookie);
  if (!fam) throw new Error('no session in the cookie');
  return xsrfTokenFor(fam);
}

/**
 * Builds the Request a loader or action receives. A form post carries the form token of its session, as a page's
 * form would (`csrf: false` leaves it out; a string posts that value instead).
 */
export function makeRequest(
  path: string,
  options: {
    cookie?: string;
    method?: string;
    form?: Record<string, string>;
    headers?: Record<string, string>;
    csrf?: false | string;
  } = {},
): Request {
  const headers = new Headers(options.headers);
  let cookie = options.cookie;
  if (options.form && options.csrf !== false && !sessionIdOf(cookie)) cookie = [cookie, `csrf=${PRE_SESSION}`].filter(Boolean).join('; ');
  if (cookie) headers.set('Cookie', cookie);
  let body: BodyInit | undefined;
  if (options.form) {
    const form = options.csrf === false ? options.form : { csrf: options.csrf ?? csrfFor(cookie), ...options.form };
    body = new URLSearchParams(form);
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
  }
  return new Request(new URL(path, 'http://localhost'), { method: options.method ?? (body ? 'POST' : 'GET'), headers, body });
}

/** Runs a loader or action and returns the thrown or returned Response. */
export async function respond(fn: () => Promise<unknown> | unknown): Promise<Response> {
  try {
    const result = await fn();
    if (result instanceof Response) return result;
    return new Response(JSON.stringify(result), { status: 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
