import { config } from '~/config.server';
import { isXsrfTokenValid, xsrfTokenFor } from '~/web/csrf.server';

export { isXsrfTokenValid };

// The anti-forgery cookie of the JSON API (spec §7): readable by the page's script (not httpOnly), echoed in the
// X-XSRF-TOKEN header of every mutating /api call made with the session cookie. Set at every sign-in; its value is
// derived from the session's id, so it is worth nothing in another session (csrf.server.ts). The name stays
// XSRF-TOKEN in production too: the spec's client reads it by that name.
export function xsrfCookie(familyId: string): string {
  const secure = config().secureCookies;
  return `XSRF-TOKEN=${xsrfTokenFor(familyId)}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
