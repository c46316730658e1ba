import { createCookie } from '@remix-run/node';
import { config } from '~/config.server';
import { cookieName } from '~/web/session.server';

// 'Remember my ID' keeps the login id only, never the password (product.md §4).
export const rememberCookie = createCookie(cookieName('remember_login_id'), {
  httpOnly: true,
  sameSite: 'lax',
  path: '/', // `__Host-` cookies must have Path=/
  secure: config().secureCookies,
  maxAge: 60 * 60 * 24 * 365,
});
