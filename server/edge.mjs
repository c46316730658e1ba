// The rules our HTTP server applies before a request reaches the app (docs/decisions/014-http-server.md): which
// methods a path accepts, how large a body may be, and which cross-origin posts are refused. Plain functions of the
// request's method, path and headers, so they are tested without a server.

/** A page form post (or any non-upload body) may be this large; the API reads its JSON within its own, smaller limit. */
export const FORM_BODY_MAX_BYTES = 1024 * 1024;
/** Multipart bodies carry one image (10 MB at most, checked again by the app) and a few fields. */
export const MULTIPART_BODY_MAX_BYTES = 11 * 1024 * 1024;

const PAGE_METHODS = ['GET', 'HEAD', 'POST'];
const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The router matches paths whatever their letters' case: `/API/me` is the API's. */
export const isApiPath = (path) => {
  const lower = path.toLowerCase();
  return lower === '/api' || lower.startsWith('/api/');
};

/**
 * The one path the router will route, read from the request target as sent (before Express or Remix touch it), so
 * that every rule here sees what the app will run: its segments percent-decoded, as the router decodes them. A target
 * the router would read otherwise than it is written is refused (null → 400): dot segments (`..`, `.`, and their
 * percent-encoded spellings), doubled slashes, backslashes (a URL parser reads them as slashes), encoded slashes or
 * backslashes, malformed percent-encoding, and anything that is not a path (`*`, an absolute URL). No page of ours
 * links to such a path.
 */
export function canonicalPath(target) {
  const path = target.split('?')[0];
  if (!path.startsWith('/') || path.includes('\\') || path.includes('//')) return null;
  const segments = [];
  for (const segment of path.slice(1).split('/')) {
    let decoded;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (decoded === '.' || decoded === '..' || decoded.includes('/') || decoded.includes('\\')) return null;
    segments.push(decoded);
  }
  return `/${segments.join('/')}`;
}

/** A page's data request: what a page with JavaScript sends (`?_data=<route id>`), answered in JSON. */
export function isDataRequest(target) {
  const query = target.split('?')[1];
  return query !== undefined && new URLSearchParams(query).has('_data');
}

/** The methods a path answers: page routes only GET, HEAD and POST; the API its own (TRACE and CONNECT nowhere). */
export function allowedMethods(path) {
  return isApiPath(path) ? API_METHODS : PAGE_METHODS;
}

/** The largest body a request may carry, by its declared type. */
export function bodyLimit(contentType) {
  return (contentType ?? '').toLowerCase().startsWith('multipart/form-data') ? MULTIPART_BODY_MAX_BYTES : FORM_BODY_MAX_BYTES;
}

/**
 * What to do with a request's body before reading it: 'ok', 'too-large' (its Content-Length is over the limit) or
 * 'length-required' (a page post without Content-Length: every browser sends one, and a chunked body could otherwise
 * grow without bound before the app sees it).
 */
export function bodyCheck(method, path, headers) {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return 'ok';
  const length = headers['content-length'];
  if (length === undefined) {
    // The API counts its bodies while reading them (app/web/body-limit.server.ts).
    return isApiPath(path) || !headers['transfer-encoding'] ? 'ok' : 'length-required';
  }
  const bytes = Number(length);
  if (!Number.isFinite(bytes) || bytes < 0) return 'too-large';
  return bytes > bodyLimit(headers['content-type']) ? 'too-large' : 'ok';
}

/**
 * A request that may change something and comes from another origin: its `Origin` names another origin (another
 * port of the same host included) or the browser says `Sec-Fetch-Site: cross-site`. The API is left to its own
 * token checks (bearer tokens, or the XSRF header bound to the session).
 */
export function isCrossOriginWrite(method, path, headers, ownOrigin) {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || isApiPath(path)) return false;
  if (headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = headers.origin;
  if (!origin || origin === 'null') return origin === 'null';
  return origin !== ownOrigin;
}

/** Secrets never reach the log: tokens in paths (auth/checkToken/<token>, member/reset/<token>, member/guardian/<token>) and query strings. */
export function redactPath(url) {
  const [path, query] = url.split('?');
  const cleanPath = path.replace(/(\/checkToken\/|\/member\/reset\/|\/member\/guardian\/)[^/]+/g, '$1[redacted]');
  if (!query) return cleanPath;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (/token|password|code|secret/i.test(key)) params.set(key, '[redacted]');
  return `${cleanPath}?${params}`;
}
