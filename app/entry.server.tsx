import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { NonceProvider, createNonce } from '~/components/nonce';
import { RequestRefProvider } from '~/components/request-ref';
import { config, startRefusal } from '~/config.server';
import { DEMO_ACCOUNTS } from '~/content/demo-accounts';
import { ensureDatabase } from '~/db/client.server';
import { DEMO_PASSWORD } from '~/domain/accounts';
import { isDatabaseUnavailable } from '~/lib/database-errors.server';
import { withPreloadNonce } from '~/web/html-document.server';
import { log, loggedPath, requestIdOf } from '~/lib/log.server';
import { applySecurityHeaders, paymentCheckoutOrigins } from '~/web/security-headers.server';
import { installRouteMatchCache } from '~/web/route-match-cache.server';
import { unavailablePage } from '~/web/unavailable.server';
import { jobsSummaryLine } from '~/services/jobs/worker.server';
import { seedDemoAtStartup, seededAtStartup } from '~/seed/startup.server';

// The job runner's two ways in (app/services/jobs/worker.server.ts): server/index.mjs starts it in the web server when
// that runs the jobs; server/worker.mjs (`npm run worker`) starts it alone.
export { startBackgroundJobs, startWorker } from '~/services/jobs/worker.server';
// server/index.mjs ends a request's shared scope when its response has ended (app/lib/request-scope.server.ts).
export { endRequestScope } from '~/lib/request-scope.server';

installRouteMatchCache();

// A configuration the server and `npm run worker` must not run with (a production server without PUBLIC_URL) stops
// them here, before the database is touched: server/index.mjs and server/worker.mjs print the message and exit 1.
const refusal = startRefusal(config());
if (refusal) throw Object.assign(new Error(refusal), { name: 'StartRefused' });

// The server does not answer before the database is migrated (and seeded in the experience environment). This is the
// process's first ensureDatabase: the server and `npm run worker` both load this module with the build.
await ensureDatabase({ afterMigrate: config().appEnv === 'EXP' ? seedDemoAtStartup : undefined });

/** What `npm start` prints under the address once the server listens (server/index.mjs): where the data is, what to try. */
export function startupSummary(): string[] {
  const cfg = config();
  const where = cfg.databaseUrl
    ? `PostgreSQL (${new URL(cfg.databaseUrl).host}${new URL(cfg.databaseUrl).pathname})`
    : cfg.embeddedDatabaseUrl
      ? `내장 PostgreSQL ${path.join(cfg.dataDir, 'postgres')} (이 서버가 시작하고 멈춥니다)`
      : `내장 데이터베이스(PGlite) ${path.join(cfg.dataDir, 'pglite')}`;
  const lines = [`데이터: ${where}`];
  if (cfg.appEnv === 'EXP') {
    lines.push(seededAtStartup().length ? '체험용 데모 데이터를 넣었습니다.' : '체험용 데모 데이터가 이미 들어 있습니다.');
    const first = DEMO_ACCOUNTS[0];
    lines.push(`체험 계정: ${first.loginId} / ${DEMO_PASSWORD} (${first.role}) — 다른 계정은 로그인 화면과 README에 있습니다.`);
  }
  lines.push(jobsSummaryLine());
  if (cfg.talk.provider === 'solapi') lines.push('알림톡·문자: 솔라피로 보냅니다.');
  if (cfg.talk.provider === null) lines.push('알림톡·문자: 발송사 설정(SOLAPI_API_KEY)이 없어 메시지가 보내지지 않고 대기합니다.');
  lines.push(
    process.env.LOG_REQUESTS === 'true' || process.env.LOG_REQUESTS === '1'
      ? '요청 기록: 켜짐 (LOG_REQUESTS)'
      : '요청 기록: 꺼짐 (LOG_REQUESTS=true로 켭니다)',
  );
  return lines;
}

/** Requests that failed because the database was out of reach (marked by handleError, answered 503 below). */
const unavailable = new WeakSet<Request>();

/** Pages and data of a signed-in visitor must never be stored by a browser or a proxy (architecture.md §5). */
function noStoreWhenSignedIn(request: Request, headers: Headers) {
  if (/(?:^|;\s*)(?:__session|__Host-session)=/.test(request.headers.get('Cookie') ?? '')) headers.set('Cache-Control', 'no-store');
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  if (unavailable.has(request)) return unavailablePage(requestIdOf(request));
  const nonce = createNonce();
  applySecurityHeaders(responseHeaders, nonce, paymentCheckoutOrigins(new URL(request.url).pathname));
  const requestRef = responseStatusCode >= 500 ? requestIdOf(request) : undefined;
  noStoreWhenSignedIn(request, responseHeaders);
  // The whole document as one string (docs/decisions/029, "Rendered to a string"): no page defers or suspends, so a
  // stream would send the same bytes at the same moment, at a quarter more CPU per page. A render error throws here and
  // Remix renders the route's error boundary instead.
  const html = renderToString(
    <NonceProvider value={nonce}>
      <RequestRefProvider value={requestRef}>
        <RemixServer context={remixContext} url={request.url} />
      </RequestRefProvider>
    </NonceProvider>,
  );
  const body = Buffer.from(withPreloadNonce(`<!DOCTYPE html>${html}`, nonce));
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  // Its length is known: the response is not chunked (the compression middleware drops it when it compresses).
  responseHeaders.set('Content-Length', String(body.length));
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  applySecurityHeaders(response.headers);
  noStoreWhenSignedIn(request, response.headers);
  if (unavailable.has(request) && response.status === 500) {
    response.headers.set('Retry-After', '30');
    return new Response(response.body, { status: 503, headers: response.headers });
  }
  return response;
};

/** Every error a loader, action or render throws: one log line with the request's id; a database outage marks the request for a 503. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const fields = { id: requestIdOf(request), method: request.method, path: loggedPath(request), err: error };
  if (isDatabaseUnavailable(error)) {
    unavailable.add(request);
    log.warn(fields, 'database unavailable');
  } else {
    log.error(fields, 'request failed');
  }
}
