import { startSession } from '~/auth/session.server';
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

/** Builds the Request a loader or action receives. */
export function makeRequest(
  path: string,
  options: { cookie?: string; method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Request {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set('Cookie', options.cookie);
  let body: BodyInit | undefined;
  if (options.form) {
    body = new URLSearchParams(options.form);
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
