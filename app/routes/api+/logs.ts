import { allowClientLog, clientIp } from '~/auth/rate-limit.server';
import { readLimited } from '~/lib/body-limit.server';
import { z } from 'zod';
import { TAGS } from '~/lib/api-doc.server';
import { apiError, apiRoute } from '~/lib/api.server';

// POST /api/logs: the client's error logs (spec §7, §9: production logging level error). JSON, at most 8 KB, 30 a
// minute per address; written to the server log at error level. Answers 204. The rate limit comes before the body
// is read, so the body is read here rather than by the wrapper.
export const LOG_MAX_BYTES = 8 * 1024;

export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'PUBLIC',
  doc: {
    path: '/api/logs',
    tag: TAGS.system,
    summary: '클라이언트 오류 로그',
    description: '클라이언트의 오류를 서버 로그에 남깁니다 (JSON, 최대 8 KB, 주소당 분당 30건).',
    request: { schema: z.record(z.unknown()) },
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
    let entry: unknown;
    try {
      entry = JSON.parse(text);
    } catch {
      return apiError('INVALID_REQUEST', 'JSON 형식의 로그가 필요합니다.', 400);
    }
    console.error(JSON.stringify({ level: 'error', source: 'client', at: new Date().toISOString(), entry }));
    return new Response(null, { status: 204 });
  },
});
