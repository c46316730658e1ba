import { CLIENT_MESSAGES } from './messages';
import { browserStorage, memoryStorage, type TokenStorage } from './storage';
import type { AllOptional, AnyPaths, CallData, CallInit, HttpMethod, Operation, PathsWith } from './types';

// The client of the JSON API (`/api`, spec §7) with the error behaviour of spec §8:
// - INVALID_TOKEN (except on the sign-in and token calls): refresh once with the stored refresh token and retry. The
//   refresh is single flight: requests that meet INVALID_TOKEN meanwhile, and requests started meanwhile, wait for
//   that one refresh and then go with the new access token. When the server refuses the refresh, the client logs out
//   (forgets the tokens and calls the host's `onLogout`, once).
// - AUTHORIZED_ERROR or REFRESH_TOKEN_FAIL: the host's `onGoToLogin`, unless the host is on the landing pages, the root
//   or the login page (`currentPath`).
// - The check of the refresh token 10 minutes before it expires (spec §9; the server's EXTEND_PROMPT_BEFORE_MS):
//   GET auth/checkToken/{refreshToken}; a falsy answer emits CHECK, a true one EXPIRING (the host may ask
//   '로그인을 연장하시겠습니까?' and call `refresh()`).
// - Mutating calls to relative URLs carry X-XSRF-TOKEN from the XSRF-TOKEN cookie (a browser signed in by its
//   session cookie needs it; a bearer call ignores it).
// Answers are `{ data }` (the call returns `data`) or `{ code, message }` (it throws an ApiError; the code is '' when
// the body has none). Nothing here stores a password.

/** A failed call: the HTTP status (0 when no answer came), the answer's code ('' when missing) and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The answer of auth/login and auth/refreshToken. `expireDate` is when the refresh token expires. */
export type TokenPair = { accessToken: string; accessTokenExpireDate?: string; expireDate: string; refreshToken: string };

export type ClientEvent = 'CHECK' | 'EXPIRING';

export type ClientOptions = {
  /** Where `/api` is: '' (the default) for the page's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The refresh token and the user (spec §9's browser keys by default; memory outside a browser). */
  storage?: TokenStorage;
  /** Called once when a refresh fails: the tokens are already forgotten. */
  onLogout?: () => void;
  /** Go to /member/login and reload (the default in a browser). */
  onGoToLogin?: () => void;
  /** The host's current path, for the landing/root/login exception (the browser's location by default). */
  currentPath?: () => string;
  /** A cookie of the page's origin; by default document.cookie when `baseUrl` is relative, never otherwise. */
  readCookie?: (name: string) => string | null;
  /** `include` to send the session cookie to another origin; `same-origin` by default. */
  credentials?: RequestCredentials;
  now?: () => number;
};

/** The check of the refresh token runs this long before it expires (spec §9: 10 minutes). */
export const CHECK_BEFORE_MS = 10 * 60 * 1000;
export const LOGIN_PATH = '/member/login';

const TOKEN_CALLS = new Set(['/api/auth/login', '/api/auth/refreshToken']);
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** On these paths a refused call does not send the host to the login page (spec §8): landing, root, login. */
export function isLoginExempt(path: string): boolean {
  const p = path.replace(/\/+$/, '') || '/';
  return p === '/' || p === '/landing' || p.startsWith('/landing/') || p === LOGIN_PATH;
}

function documentCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

type Init = {
  params?: Record<string, string | number> | undefined;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** `/api/user/book/read/{a}/{b}` with `{ a: 3, b: 10 }` → `/api/user/book/read/3/10`. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

export function createApiClient<P = AnyPaths>(options: ClientOptions = {}) {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const base = (options.baseUrl ?? '').replace(/\/+$/, '');
  const storage = options.storage ?? (typeof sessionStorage !== 'undefined' ? browserStorage() : memoryStorage());
  const readCookie = options.readCookie ?? (base === '' ? documentCookie : () => null);
  const currentPath = options.currentPath ?? (() => (typeof location !== 'undefined' ? location.pathname : ''));
  const goToLogin =
    options.onGoToLogin ??
    (() => {
      if (typeof location !== 'undefined') location.assign(LOGIN_PATH);
    });
  const now = options.now ?? Date.now;

  let accessToken: string | null = null;
  let refreshExpiresAt: number | null = null;
  let refreshing: Promise<ApiError | null> | null = null;
  // Bumped whenever the tokens change: a request that met INVALID_TOKEN after another one's refresh ended uses its
  // outcome (the new token, or the failure already handled) instead of refreshing again.
  let generation = 0;
  let lastFailure: ApiError | null = null;
  let checkTimer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Map<ClientEvent, Set<(detail: { expireDate: string | null }) => void>>();

  const emit = (event: ClientEvent) => {
    const detail = { expireDate: refreshExpiresAt === null ? null : new Date(refreshExpiresAt).toISOString() };
    for (const listener of listeners.get(event) ?? []) listener(detail);
  };

  function armCheck() {
    if (checkTimer) clearTimeout(checkTimer);
    checkTimer = null;
    if (refreshExpiresAt === null) return;
    checkTimer = setTimeout(() => void checkToken().catch(() => undefined), Math.max(0, refreshExpiresAt - CHECK_BEFORE_MS - now()));
    (checkTimer as { unref?: () => void }).unref?.();
  }

  function keep(tokens: TokenPair) {
    generation++;
    lastFailure = null;
    accessToken = tokens.accessToken;
    storage.setRefreshToken(tokens.refreshToken);
    const expires = Date.parse(tokens.expireDate);
    refreshExpiresAt = Number.isFinite(expires) ? expires : null;
    armCheck();
  }

  function forget() {
    generation++;
    accessToken = null;
    refreshExpiresAt = null;
    storage.setRefreshToken(null);
    storage.setUser(null);
    armCheck();
  }

  async function send(method: string, path: string, init: Init, token: string | null): Promise<Response> {
    const headers = new Headers(init.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let body: BodyInit | undefined;
    if (init.body instanceof FormData) body = init.body;
    else if (init.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.body);
    }
    if (!SAFE_METHODS.has(method)) {
      const xsrf = readCookie('XSRF-TOKEN');
      if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
    }
    return fetchImpl(`${base}${path}`, { method, headers, body, credentials: options.credentials ?? 'same-origin', signal: init.signal });
  }

  async function read(response: Response): Promise<{ ok: true; data: unknown } | { ok: false; error: ApiError }> {
    if (response.status === 204) return { ok: true, data: undefined };
    const isJson = (response.headers.get('Content-Type') ?? '').includes('json');
    if (response.ok && !isJson) return { ok: true, data: response };
    const body = isJson ? ((await response.json().catch(() => null)) as Record<string, unknown> | null) : null;
    if (response.ok) return { ok: true, data: body?.data };
    const code = typeof body?.code === 'string' ? body.code : '';
    const message = typeof body?.message === 'string' ? body.message : response.statusText;
    return { ok: false, error: new ApiError(response.status, code, message, body) };
  }

  /** Sends the host to the login page for AUTHORIZED_ERROR and REFRESH_TOKEN_FAIL, except on landing, root, login. */
  function follow(error: ApiError) {
    if ((error.code === 'AUTHORIZED_ERROR' || error.code === 'REFRESH_TOKEN_FAIL') && !isLoginExempt(currentPath())) goToLogin();
  }

  /** The one refresh in flight (started if none): null when it gave a new pair, the failure otherwise. */
  function refreshOnce(): Promise<ApiError | null> {
    if (refreshing) return refreshing;
    const run = (async () => {
      const token = storage.getRefreshToken();
      let failure: ApiError;
      if (token) {
        // A network failure rejects (no answer: the tokens may still be good); only the server's refusal logs out.
        const answer = await read(await send('POST', '/api/auth/refreshToken', { body: { refreshToken: token } }, null));
        if (answer.ok) {
          keep(answer.data as TokenPair);
          return null;
        }
        failure = answer.error;
      } else {
        failure = new ApiError(401, 'REFRESH_TOKEN_FAIL', CLIENT_MESSAGES.loginExpired);
      }
      forget();
      lastFailure = failure;
      options.onLogout?.();
      follow(failure);
      return failure;
    })();
    refreshing = run;
    void run.then(
      () => (refreshing === run ? (refreshing = null) : null),
      () => (refreshing === run ? (refreshing = null) : null),
    );
    return run;
  }

  async function request(method: string, template: string, init: Init = {}): Promise<unknown> {
    const path = fillPath(template, init.params);
    const tokenCall = TOKEN_CALLS.has(template);
    if (refreshing && !tokenCall) await refreshing.catch(() => null);
    const sentIn = generation;
    let answer = await read(await send(method, path, init, tokenCall ? null : accessToken));
    if (!answer.ok && answer.error.code === 'INVALID_TOKEN' && !tokenCall) {
      // Another request's refresh may have ended while this one was on the wire: use its outcome.
      const failure =
        generation === sentIn
          ? await refreshOnce()
          : accessToken
            ? null
            : (lastFailure ?? new ApiError(401, 'REFRESH_TOKEN_FAIL', CLIENT_MESSAGES.loginExpired));
      if (failure) throw failure; // logged out and sent to the login page by the refresh itself, once
      answer = await read(await send(method, path, init, accessToken));
    }
    if (!answer.ok) {
      follow(answer.error);
      throw answer.error;
    }
    return answer.data;
  }

  /** GET auth/checkToken/{refreshToken} now: false (and CHECK emitted) when the refresh token is no longer usable. */
  async function checkToken(): Promise<boolean> {
    const token = storage.getRefreshToken();
    const valid = token ? Boolean(await request('GET', '/api/auth/checkToken/{refreshToken}', { params: { refreshToken: token } })) : false;
    emit(valid ? 'EXPIRING' : 'CHECK');
    return valid;
  }

  type Call<M extends HttpMethod> = <K extends PathsWith<P, M>>(
    path: K,
    ...init: AllOptional<CallInit<Operation<P, K, M>>> extends true ? [CallInit<Operation<P, K, M>>?] : [CallInit<Operation<P, K, M>>]
  ) => Promise<CallData<Operation<P, K, M>>>;
  const call =
    <M extends HttpMethod>(method: M): Call<M> =>
    (path, ...init) =>
      request(method.toUpperCase(), path, (init[0] ?? {}) as Init) as never;

  return {
    GET: call('get'),
    POST: call('post'),
    PUT: call('put'),
    DELETE: call('delete'),
    /** An untyped call (a path the types do not know yet). */
    request,
    /** Signs in (spec §7 auth/login) and keeps the tokens; the password is only sent, never kept. */
    async login(loginId: string, password: string): Promise<{ expireDate: string }> {
      const tokens = (await request('POST', '/api/auth/login', { body: { loginId, password } })) as TokenPair;
      keep(tokens);
      return { expireDate: tokens.expireDate };
    },
    /** Uses tokens obtained elsewhere (a pair from a server-side sign-in). */
    setTokens: keep,
    /** Extends the sign-in now (the same single-flight refresh as INVALID_TOKEN's): true when a new pair came. */
    async refresh(): Promise<boolean> {
      return (await refreshOnce()) === null;
    },
    /** GET me, kept as the 'user'; any failure counts as not signed in (spec §8): null. */
    async me(): Promise<unknown> {
      try {
        const user = await request('GET', '/api/me');
        storage.setUser(user);
        return user;
      } catch {
        storage.setUser(null);
        return null;
      }
    },
    checkToken,
    /** Forgets the tokens and the user here (the host's sign-out; the server's session ends with its expiry). */
    logout: forget,
    on(event: ClientEvent, listener: (detail: { expireDate: string | null }) => void): () => void {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
    /** Stops the check timer. */
    dispose() {
      if (checkTimer) clearTimeout(checkTimer);
      checkTimer = null;
    },
  };
}

export type ApiClient<P = AnyPaths> = ReturnType<typeof createApiClient<P>>;
