import { z } from 'zod';
import { allowClientLog, clientIp } from '~/auth/rate-limit.server';
import { TAGS } from '~/web/api-doc.server';
import { apiError, apiRoute } from '~/web/api.server';
import { readLimited } from '~/web/body-limit.server';
import { log, requestIdOf } from '~/lib/log.server';
import { redactPath } from '../../../server/edge.mjs';

// POST /api/logs: the client's error logs (spec §7, §9: production logging level error), such as the app's own
// browser code sends (app/lib/client-log.ts). JSON, at most 8 KB, 30 a minute per address; the fields below are
// checked (others are dropped) and written as one line of the server's log at level error, with the request's id.
// Answers 204. The rate limit comes before the body is read, so the body is read here rather than by the wrapper.
export const LOG_MAX_BYTES = 8 * 1024;

export const clientLogInput = z.object({
  message: z.string({ required_error: 'message가 필요합니다.' }).trim().min(1, 'message가 필요합니다.').max(1000),
  /** What caught it: an uncaught error, an unhandled rejection, an error boundary, or the client's own report. */
  kind: z.enum(['error', 'unhandledrejection', 'boundary', 'app']).default('app'),
  name: z.string().max(100).optional(),
  stack: z.string().max(4000).optional(),
  /** The page's path (no query string is kept). */
  path: z.string().max(500).optional(),
  /** Older clients send the page's address as `url`: only its path is kept. */
  url: z.string().max(500).optional(),
});

const pathOnly = (value: string | undefined) => {
  if (!value) return undefined;
  const path = value.replace(/^[a-z][\w+.-]*:\/\/[^/]+/i, '').split(/[?#]/)[0];
  return redactPath(path.startsWith('/') ? path : `/${path}`);
};

export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'PUBLIC',
  doc: {
    path: '/api/logs',
    tag: TAGS.system,
    summary: '클라이언트 오류 로그',
    description:
      '클라이언트의 오류를 서버 로그에 error 수준으로 남깁니다 (JSON, 최대 8 KB, 주소당 분당 30건). 목록에 없는 필드는 버립니다.',
    request: { schema: clientLogInput },
    answer: null,
    errors: [
      { code: 'INVALID_REQUEST', message: 'JSON 형식의 로그가 필요합니다.', status: 400 },
      { code: 'LOG_TOO_LARGE', message: '로그가 너무 큽니다.', status: 413 },
      { code: 'TOO_MANY_REQUESTS', message: '잠시 후 다시 시도해 주세요.', status: 429 },
    ],
  },
  handler: async ({ request }) => {
    const tooLarge = () => apiError('LOG_TOO_LARGE', '로그가 너무 큽니다.', 413);
    const declared = Number(request.headers.get('Content-Length') ?? 0);
    if (declared > LOG_MAX_BYTES) return tooLarge();
    if (!(await allowClientLog(clientIp(request) ?? 'unknown'))) return apiError('TOO_MANY_REQUESTS', '잠시 후 다시 시도해 주세요.', 429);
    const text = await readLimited(request, LOG_MAX_BYTES, (limited) => limited.text(), tooLarge);
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return apiError('INVALID_REQUEST', 'JSON 형식의 로그가 필요합니다.', 400);
    }
    const parsed = clientLogInput.safeParse(raw);
    if (!parsed.success) return apiError('INVALID_REQUEST', parsed.error.issues[0].message, 400);
    const { url, path, ...entry } = parsed.data;
    log.error({ source: 'client', id: requestIdOf(request), ...entry, path: pathOnly(path ?? url) }, 'client error');
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } });
  },
});
