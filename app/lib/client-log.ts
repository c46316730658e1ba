// The browser's error reports (spec §9: production logging at level error, sent to /api/logs). The app's own code
// reports uncaught errors, unhandled rejections (entry.client.tsx) and errors that reach an error boundary on the
// client (a failed enhancement: components/error-page.tsx). At most five distinct reports per page load. No personal
// data: the page's path without its query, with numeric ids and long tokens masked; the error's name, message and
// stack (query strings removed), nothing from forms, storage or cookies.

const MAX_REPORTS = 5;
const sent = new Set<string>();

export type ClientLogKind = 'error' | 'unhandledrejection' | 'boundary';

/** `/admin/students/42/books?x=1` → `/admin/students/:id/books`. */
export const maskedPath = (path: string) =>
  path
    .split(/[?#]/)[0]
    .split('/')
    .map((s) => (/^\d+$/.test(s) ? ':id' : /^[\w-]{20,}$/.test(s) ? ':token' : s))
    .join('/');

export function reportClientError(kind: ClientLogKind, error: unknown) {
  if (process.env.NODE_ENV !== 'production' || typeof navigator === 'undefined') return;
  const e = error instanceof Error ? error : null;
  const message = String(e ? e.message : error).slice(0, 500);
  const key = `${kind}:${message}`;
  if (sent.size >= MAX_REPORTS || sent.has(key)) return;
  sent.add(key);
  const body = JSON.stringify({
    kind,
    message,
    name: e?.name,
    stack: e?.stack?.replace(/\?[^\s):]*/g, '').slice(0, 3000),
    path: maskedPath(location.pathname),
  });
  const blob = new Blob([body], { type: 'application/json' });
  if (!navigator.sendBeacon?.('/api/logs', blob)) {
    fetch('/api/logs', { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(() => undefined);
  }
}

export function installClientErrorReports() {
  addEventListener('error', (event) => reportClientError('error', event.error ?? event.message));
  addEventListener('unhandledrejection', (event) => reportClientError('unhandledrejection', event.reason));
}
