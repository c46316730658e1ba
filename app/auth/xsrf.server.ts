import { randomBytes } from 'node:crypto';
import { config } from '~/config.server';

// The anti-forgery cookie of the JSON API (spec §7): readable by the page's script (not httpOnly), echoed in the
// X-XSRF-TOKEN header of every mutating /api call made with the session cookie. Set at every sign-in.
export function xsrfCookie(): string {
  const secure = config().secureCookies;
  const token = randomBytes(24).toString('base64url');
  return `XSRF-TOKEN=${token}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
