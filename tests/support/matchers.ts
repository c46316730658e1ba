import { expect } from 'vitest';
import { DomainError } from '~/lib/errors';

// Matchers for what a user would check after a loader or action: where the browser is sent, the flash it shows,
// and the domain error (code and Korean message) a service refuses with. Registered for every test file
// (vitest.config.ts setupFiles).

type FlashKind = 'success' | 'info' | 'warning' | 'error';
export type ExpectedFlash = { kind?: FlashKind; message: string; title?: string };

type MatcherResult = { pass: boolean; message: () => string; actual?: unknown; expected?: unknown };

const show = (value: unknown) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));

function describeResponse(response: Response) {
  return `status ${response.status}, Location ${show(response.headers.get('Location'))}`;
}

function notAResponse(name: string, received: unknown): MatcherResult {
  return { pass: false, message: () => `${name}: expected a Response, received ${Object.prototype.toString.call(received)}` };
}

/** The Set-Cookie values of a response, however many there are. */
function setCookies(response: Response): string[] {
  const headers = response.headers as Headers & { getSetCookie?: () => string[] };
  if (typeof headers.getSetCookie === 'function') return headers.getSetCookie();
  const single = response.headers.get('Set-Cookie');
  return single ? [single] : [];
}

/** The flash a response sets (the app's own cookie reader decodes and verifies it), or null. */
async function flashOf(response: Response) {
  const pair = setCookies(response)
    .map((cookie) => cookie.split(';')[0])
    .find((cookie) => cookie.startsWith('__flash=') && cookie !== '__flash=');
  if (!pair) return null;
  const { readFlash } = await import('~/web/session.server');
  const { flash } = await readFlash(new Request('http://localhost/', { headers: { Cookie: pair } }));
  return flash;
}

expect.extend({
  /** `expect(response).toHaveRedirect('/path', status?)`: a 3xx (or exactly `status`) whose Location is exactly the path. */
  toHaveRedirect(received: unknown, path: string, status?: number): MatcherResult {
    if (!(received instanceof Response)) return notAResponse('toHaveRedirect', received);
    const location = received.headers.get('Location');
    const statusOk = status === undefined ? received.status >= 300 && received.status < 400 : received.status === status;
    const pass = statusOk && location === path;
    const wanted = `a redirect (${status ?? '3xx'}) to ${show(path)}`;
    return {
      pass,
      message: () =>
        pass
          ? `expected the response not to be ${wanted}, but it is (${describeResponse(received)})`
          : `expected ${wanted}, got ${describeResponse(received)}`,
      actual: { status: received.status, location },
      expected: { status: status ?? '3xx', location: path },
    };
  },

  /** `await expect(response).toHaveFlash({ kind?, message })`: the response sets that flash message. */
  async toHaveFlash(received: unknown, expected: ExpectedFlash): Promise<MatcherResult> {
    if (!(received instanceof Response)) return notAResponse('toHaveFlash', received);
    const flash = await flashOf(received);
    const pass =
      flash !== null &&
      flash.message === expected.message &&
      (expected.kind === undefined || flash.kind === expected.kind) &&
      (expected.title === undefined || flash.title === expected.title);
    return {
      pass,
      message: () =>
        pass
          ? `expected the response not to set the flash ${show(expected)}, but it does`
          : flash
            ? `expected the flash ${show(expected)}, got ${show(flash)}`
            : `expected the flash ${show(expected)}, but the response sets no flash (Set-Cookie: ${show(setCookies(received))})`,
      actual: flash,
      expected,
    };
  },

  /**
   * `await expect(promise).toBeDomainError('CODE', 'message'?)`: the promise (or the function's promise) rejects with
   * a DomainError of that code, and that exact message when one is given.
   */
  async toBeDomainError(received: unknown, code: string, message?: string): Promise<MatcherResult> {
    const work = typeof received === 'function' ? (received as () => unknown)() : received;
    if (!(work instanceof Promise)) {
      return { pass: false, message: () => `toBeDomainError: expected a promise (or a function returning one), received ${show(work)}` };
    }
    let outcome: { resolved: true; value: unknown } | { resolved: false; error: unknown };
    try {
      outcome = { resolved: true, value: await work };
    } catch (error) {
      outcome = { resolved: false, error };
    }
    const wanted = message === undefined ? `DomainError ${code}` : `DomainError ${code} '${message}'`;
    if (outcome.resolved) {
      return { pass: false, message: () => `expected a rejection with ${wanted}, but the promise resolved to ${show(outcome.value)}` };
    }
    const error = outcome.error;
    if (!(error instanceof DomainError)) {
      return {
        pass: false,
        message: () =>
          `expected a rejection with ${wanted}, but it rejected with ${error instanceof Error ? `${error.name}: ${error.message}` : show(error)}`,
      };
    }
    const pass = error.code === code && (message === undefined || error.message === message);
    return {
      pass,
      message: () =>
        pass
          ? `expected a rejection other than ${wanted}, but got it`
          : `expected a rejection with ${wanted}, got DomainError ${error.code} '${error.message}' (status ${error.status})`,
      actual: { code: error.code, message: error.message },
      expected: message === undefined ? { code } : { code, message },
    };
  },
});

interface ReadinMatchers {
  /** A 3xx response (exactly `status` when given) whose Location is exactly `path`. */
  toHaveRedirect(path: string, status?: number): void;
  /** The response sets this flash message (kind and title checked when given). Await it. */
  toHaveFlash(flash: ExpectedFlash): Promise<void>;
  /** The promise rejects with a DomainError of this code (and this exact message when given). Await it. */
  toBeDomainError(code: string, message?: string): Promise<void>;
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface Assertion<T = any> extends ReadinMatchers {}
}
