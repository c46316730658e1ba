// Our HTTP server (docs/decisions/014-http-server.md): Express in front of the Remix build. It refuses at the edge
// what the app should never read (oversized bodies, other methods, cross-origin page posts), serves the static files
// with long caching, answers /healthz, gives each request an id, and shuts down gracefully on SIGTERM.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import compression from 'compression';
import express from 'express';
import pino from 'pino';
import { allowedMethods, bodyCheck, canonicalPath, isApiPath, isCrossOriginWrite, isDataRequest, redactPath } from './edge.mjs';
import { startEmbeddedPostgres } from './embedded-postgres.mjs';
import { createSolapiSimulator, solapiSimulatorMount } from './solapi-simulator.mjs';
import { staticFiles } from './static-files.mjs';
import { createTossSimulator, simulatorMount } from './toss-simulator.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST;
const logRequests = process.env.LOG_REQUESTS === 'true' || process.env.LOG_REQUESTS === '1';
const trustProxy = process.env.TRUST_PROXY === 'true' || process.env.TRUST_PROXY === '1';

/** One JSON line per event on stdout (pino, as the app's own log); never a token, cookie or password (see redactPath). */
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info', base: undefined, timestamp: pino.stdTimeFunctions.isoTime });

const DRAIN_MAX_BYTES = 128 * 1024 * 1024;

const EDGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cache-Control': 'no-store',
};

const PAGE = (title, message) => `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>${title} | 리드인</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">
<main><h1>${title}</h1><p>${message}</p><p><a href="/">처음으로</a></p></main></body></html>`;

/**
 * The edge's refusals: JSON `{ code, message }` for the API; for a page's data request (a page with JavaScript), the
 * page-action reply a form shows (`{ status: 'error', code, error: { '': [message] } }`, marked as the server's
 * answer so the page shows it instead of its error page); a small Korean page otherwise. Our headers either way.
 */
function refuse(req, res, status, code, title, message, extra = {}) {
  res.status(status).set({ ...EDGE_HEADERS, ...extra });
  // The body is never kept. Up to DRAIN_MAX_BYTES it is read and dropped, so the client (still sending) reads our answer
  // instead of a reset connection; anything larger, or of unknown length, closes the connection.
  if (status === 413 || status === 411 || status === 400) {
    if (Number(req.headers['content-length']) <= DRAIN_MAX_BYTES) req.resume();
    else res.set('Connection', 'close');
  }
  // (A path refused as unreadable is the API's when it reads so and is not a page's data request.)
  const dataRequest = isDataRequest(req.originalUrl);
  const api = req.edgePath ? isApiPath(req.edgePath) : !dataRequest && isApiPath(req.path);
  if (api) res.json({ code, message });
  else if (dataRequest) res.set('X-Remix-Response', 'yes').json({ status: 'error', code, error: { '': [message] } });
  else res.type('html').send(PAGE(title, message));
}

const app = express();
app.disable('x-powered-by');
if (trustProxy) app.set('trust proxy', 1);

app.use((req, res, next) => {
  req.id = randomUUID();
  res.set('X-Request-Id', req.id);
  // The app reads the id from the request (its log lines and the error page's 오류 번호); a client's own is replaced.
  req.headers['x-request-id'] = req.id;
  if (logRequests) {
    const start = process.hrtime.bigint();
    res.on('finish', () =>
      logger.info(
        {
          id: req.id,
          method: req.method,
          path: redactPath(req.originalUrl),
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - start) / 1_000_000n),
        },
        'request',
      ),
    );
  }
  next();
});

// The path every rule below sees is the one the router will route (server/edge.mjs): a target spelled otherwise
// (dot segments, doubled slashes, backslashes, encoded slashes) is refused here, before anything reads its body.
app.use((req, res, next) => {
  req.edgePath = canonicalPath(req.originalUrl);
  if (req.edgePath !== null) return next();
  // Refused before its body is read: the body is dropped (or the connection closed), as for an oversized one.
  return refuse(req, res, 400, 'INVALID_PATH', '잘못된 주소', '주소를 알아볼 수 없습니다. 리드인 화면의 링크로 다시 들어와 주세요.');
});

app.get('/healthz', (_req, res) => res.set(EDGE_HEADERS).json({ status: 'ok' }));

// Draining (SHUTDOWN_DRAIN_MS, docs/decisions/043): after SIGTERM the server still serves, but /readyz answers 503 so the
// load balancer takes it out of rotation, and every response closes its connection so no keep-alive connection is left
// to be cut; only then does the server stop listening.
let draining = false;
app.use((req, res, next) => {
  if (!draining) return next();
  res.set('Connection', 'close');
  if (req.edgePath === '/readyz') return res.status(503).set(EDGE_HEADERS).json({ status: 'draining' });
  next();
});

// The local Toss Payments simulator (docs/payments.md): in the experience environment without a secret key, or when
// TOSS_SIMULATOR=1. Before the edge's rules: it is another party's API (its own JSON body parser and limits) and its
// payment window posts back to itself.
const simulator = simulatorMount(process.env);
if (simulator) app.use('/__toss', createTossSimulator(simulator).router);
// The local Solapi simulator (docs/talk.md): 알림톡 and text messages in the experience environment without an API key,
// or when SOLAPI_SIMULATOR=1. Its delivery reports come back to our /talk/webhook.
const solapi = solapiSimulatorMount(process.env);
if (solapi) app.use('/__solapi', createSolapiSimulator(solapi).router);

app.use((req, res, next) => {
  const allowed = allowedMethods(req.edgePath);
  if (!allowed.includes(req.method)) {
    return refuse(req, res, 405, 'METHOD_NOT_ALLOWED', '허용되지 않는 요청', '이 주소는 그 방식의 요청을 받지 않습니다.', {
      Allow: allowed.join(', '),
    });
  }
  const body = bodyCheck(req.method, req.edgePath, req.headers);
  if (body === 'too-large') {
    return refuse(
      req,
      res,
      413,
      'PAYLOAD_TOO_LARGE',
      '보낸 내용이 너무 큽니다',
      '보낸 내용이 너무 큽니다. 파일은 10MB 이하로 올려 주세요.',
    );
  }
  if (body === 'length-required') {
    return refuse(
      req,
      res,
      411,
      'LENGTH_REQUIRED',
      '요청을 처리할 수 없습니다',
      '요청의 길이를 알 수 없습니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.',
    );
  }
  const ownOrigin = process.env.PUBLIC_URL ? new URL(process.env.PUBLIC_URL).origin : `${req.protocol}://${req.get('host')}`;
  if (isCrossOriginWrite(req.method, req.edgePath, req.headers, ownOrigin)) {
    return refuse(
      req,
      res,
      403,
      'CROSS_ORIGIN',
      '허용되지 않는 요청',
      '다른 사이트에서 보낸 요청은 처리하지 않습니다. 리드인 화면에서 다시 시도해 주세요.',
    );
  }
  next();
});

// public/'s files (the favicon and the build), from a list made now: no file-system stat for page requests, and only
// the headers a fingerprinted file needs (server/static-files.mjs).
app.use(staticFiles({ publicDir: path.join(root, 'public'), rescanOnMiss: process.env.NODE_ENV === 'development' }));
app.use(compression());

// Without DATABASE_URL the database is embedded: a PostgreSQL this server starts in DATA_DIR/postgres and stops when it
// ends (server/embedded-postgres.mjs, docs/decisions/037), or PGlite in DATA_DIR/pglite where that cannot run or
// EMBEDDED_DATABASE=pglite asks for it. Before the build is loaded: the app opens its database as it loads.
let embeddedPostgres = null;
if (!process.env.DATABASE_URL && process.env.EMBEDDED_DATABASE !== 'pglite') {
  const started = await startEmbeddedPostgres(path.resolve(process.env.DATA_DIR || './data'), { log: (line) => console.log(line) });
  if ('url' in started) {
    embeddedPostgres = started;
    process.env.EMBEDDED_DATABASE_URL = started.url;
  } else console.log(`내장 데이터베이스: PGlite를 씁니다 (${started.reason}).`);
}

// A configuration the app refuses to run with (app/config.server.ts startRefusal) ends the start with its message alone.
const build = await import(pathToFileURL(path.join(root, 'build/index.js')).href).catch((error) => {
  if (error?.name !== 'StartRefused') throw error;
  console.error(error.message);
  process.exit(1);
});
// What the loaders of one request shared (its session, resolved once) is forgotten when its response has ended.
const endRequestScope = build.entry.module.endRequestScope ?? (() => {});
app.use((req, res, next) => {
  res.once('close', () => endRequestScope(req.id));
  next();
});
app.all(
  '*',
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV ?? 'production',
    getLoadContext: (req) => ({ clientAddress: req.socket.remoteAddress, requestId: req.id }),
  }),
);

app.use((error, req, res, _next) => {
  logger.error(
    { id: req.id, method: req.method, path: redactPath(req.originalUrl), error: error?.message ?? String(error) },
    'request failed',
  );
  if (res.headersSent) return res.end();
  refuse(
    req,
    res,
    500,
    'SERVER_ERROR',
    '잠시 문제가 생겼습니다',
    `잠시 후 다시 시도해 주세요. 문제가 계속되면 고객센터에 이 오류 번호를 알려 주세요: ${req.id}`,
  );
});

const server = app.listen(port, host, () => {
  const url = `http://${host ?? 'localhost'}:${port}`;
  console.log(`리드인: ${url} (Node.js ${process.versions.node})`);
  if (simulator) console.log(`  결제: 토스페이먼츠 시뮬레이터를 ${url}/__toss 에서 제공합니다 (실제 결제 없음).`);
  if (solapi) console.log(`  알림톡·문자: 솔라피 시뮬레이터를 ${url}/__solapi 에서 제공합니다 (실제 발송 없음).`);
  if (simulator || solapi) {
    console.log(
      process.env.SIMULATOR_CONTROL_TOKEN
        ? '  시뮬레이터 제어 페이지(/__control)는 X-Simulator-Token 헤더에 SIMULATOR_CONTROL_TOKEN 을 실어야 열립니다.'
        : '  시뮬레이터 제어 페이지(/__control)는 SIMULATOR_CONTROL_TOKEN 이 없어 닫혀 있습니다.',
    );
  }
  for (const line of build.entry.module.startupSummary?.() ?? []) console.log(`  ${line}`);
});
// Background jobs (app/services/jobs/worker.server.ts): this server runs them on the embedded database or with RUN_JOBS=1;
// otherwise `npm run worker` does. The returned function stops the runner (its job in progress ends first).
const stopJobs = (await build.entry.module.startBackgroundJobs?.()) ?? (async () => {});
// Slow clients cannot hold a connection open forever.
server.headersTimeout = 20_000;
server.requestTimeout = 120_000;
server.keepAliveTimeout = 5_000;

const drainMs = Math.max(0, Number(process.env.SHUTDOWN_DRAIN_MS ?? 0) || 0);
let closing = false;
function shutdown(signal) {
  if (closing) return;
  closing = true;
  if (drainMs > 0) {
    draining = true;
    console.log(`${signal}: ${drainMs} ms 동안 준비 안 됨(/readyz 503)으로 알리며 요청을 받은 뒤 끝냅니다.`);
    setTimeout(close, drainMs);
  } else close();
}
function close() {
  console.log('새 요청을 받지 않고, 처리 중인 요청을 마친 뒤 끝냅니다.');
  // When the last request has finished, the database pool is closed (its connections end cleanly) and the process exits.
  server.close(async () => {
    await stopJobs().catch(() => {});
    await globalThis[Symbol.for('readin.database')]?.connection?.close().catch(() => {});
    await embeddedPostgres?.stop();
    process.exit(0);
  });
  server.closeIdleConnections();
  // In-flight requests get ten seconds.
  setTimeout(() => process.exit(0), 10_000).unref();
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => shutdown(signal));
