import { config } from '~/config.server';

// Security headers for every response. Scripts run only with the request's nonce; no third-party origin is allowed.
// `'strict-dynamic'` lets the nonced scripts load the route modules they import, and makes browsers ignore `'self'`
// (kept for those that do not know `'strict-dynamic'`): a script that an injected tag names is refused even from our
// own origin.
export function applySecurityHeaders(headers: Headers, nonce?: string, extraOrigins: string[] = []) {
  const scriptSrc = nonce ? `'nonce-${nonce}' 'strict-dynamic' 'self'` : `'self'`;
  const extra = extraOrigins.length ? ` ${extraOrigins.join(' ')}` : '';
  headers.set(
    'Content-Security-Policy',
    [
      `default-src 'self'`,
      `script-src ${scriptSrc}`,
      `style-src 'self' 'unsafe-inline'`,
      `img-src 'self' data: blob:${extra}`,
      `font-src 'self'`,
      `connect-src 'self'${extra}`,
      ...(extra ? [`frame-src 'self'${extra}`] : []),
      `form-action 'self'`,
      `frame-ancestors 'none'`,
      `base-uri 'none'`,
      `object-src 'none'`,
    ].join('; '),
  );
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
  // Served over https (the same condition as Secure cookies): browsers keep to https for a year.
  if (config().secureCookies) headers.set('Strict-Transport-Security', 'max-age=31536000');
}

/**
 * The payment provider's origins, allowed on the checkout page only (/card-pay/checkout/…): its browser SDK talks to
 * them and opens its window in a frame. The SDK's script itself is loaded with the page's nonce.
 */
export function paymentCheckoutOrigins(pathname: string): string[] {
  if (!pathname.startsWith('/card-pay/checkout/')) return [];
  const { provider, sdkUrl } = config().payments;
  if (!provider || !sdkUrl) return [];
  // A path (the simulator served by this site) is our own origin: 'self' covers it.
  const origins = /^https?:\/\//.test(sdkUrl) ? [new URL(sdkUrl).origin] : [];
  if (provider === 'toss') origins.push('https://*.tosspayments.com');
  return origins;
}
