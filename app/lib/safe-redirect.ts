// Where a user-given `redirectTo` may send the browser: a path on this site, or the fallback.
//
// A plain "starts with one slash" check is not enough: browsers drop tabs and newlines inside a URL and read '\' as
// '/', so '/\t/evil.example' or '/\evil.example' would leave the site. Anything with white space, a control
// character or a backslash is refused, and the path must still resolve to our own origin.

const ORIGIN = 'http://readin.invalid';

export function safeRedirectPath(to: unknown, fallback: string): string {
  if (typeof to !== 'string' || to === '') return fallback;
  if (/[\s\p{Cc}\\]/u.test(to)) return fallback;
  if (!to.startsWith('/') || to.startsWith('//') || to.includes('..')) return fallback;
  try {
    if (new URL(to, ORIGIN).origin !== ORIGIN) return fallback;
  } catch {
    return fallback;
  }
  return to;
}

/**
 * A safe path (safeRedirectPath) inside one area of the site: `area` itself or a page below it once the browser has
 * resolved the path (so '/parent/%2e%2e/admin' is refused), else `area`. The parents' sign-in follows only '/parent'.
 */
export function safeRedirectWithin(to: unknown, area: string): string {
  const path = safeRedirectPath(to, area);
  const resolved = new URL(path, ORIGIN).pathname;
  return resolved === area || resolved.startsWith(`${area}/`) ? path : area;
}
