// What the loaders of one page request share (decision 029). Remix hands every loader its own copy of the request
// (it strips `?index` and `?_data` by making new Request objects), so anything remembered by the Request object is
// remembered per loader, and a page with a layout resolved its session once per loader: the same cookie parsed and
// checked, the same user and session rows read, two or three times per page.
//
// The server gives every request an id (X-Request-Id, server/index.mjs), which every copy carries. A read (GET or
// HEAD) gets one scope per id, shared by its loaders; it is dropped when the response ends (`endRequestScope`, called
// by the server) and, should that never come, among the oldest once more than REQUEST_SCOPES_MAX are open. A scope
// is only shared by copies with the same method and cookie, so nothing resolved for one visitor reaches another even
// if two requests carried the same id.
//
// A post keeps one scope per Request object, as before: its action may change what its loaders then read (a new name,
// an ended session), and Remix runs those loaders with a fresh copy, so they see the change.

export type RequestScope = Map<symbol, unknown>;

/** Scopes open at once at most (requests in flight); beyond, the oldest are dropped (and would be made again). */
export const REQUEST_SCOPES_MAX = 1000;

const SHARED_METHODS = new Set(['GET', 'HEAD']);

const byId = new Map<string, { owner: string; scope: RequestScope }>();
const byRequest = new WeakMap<Request, RequestScope>();

function ownScope(request: Request): RequestScope {
  let scope = byRequest.get(request);
  if (!scope) byRequest.set(request, (scope = new Map()));
  return scope;
}

/** The scope of the request this Request is a copy of (a read with the server's id), else of this Request alone. */
export function requestScope(request: Request): RequestScope {
  const id = request.headers.get('x-request-id');
  if (!id || !SHARED_METHODS.has(request.method)) return ownScope(request);
  const owner = `${request.method}\u0000${request.headers.get('cookie') ?? ''}`;
  const open = byId.get(id);
  if (open) return open.owner === owner ? open.scope : ownScope(request);
  if (byId.size >= REQUEST_SCOPES_MAX) byId.delete(byId.keys().next().value!);
  const scope: RequestScope = new Map();
  byId.set(id, { owner, scope });
  return scope;
}

/** The request's response has ended: its scope is forgotten. */
export function endRequestScope(id: string | undefined) {
  if (id) byId.delete(id);
}

/** Scopes open now (for tests). */
export function openRequestScopes(): number {
  return byId.size;
}

/** The value of `key` in the request's scope, made by `make` on first use. */
export function once<T>(request: Request, key: symbol, make: () => T): T {
  const scope = requestScope(request);
  if (scope.has(key)) return scope.get(key) as T;
  const value = make();
  scope.set(key, value);
  return value;
}
