import { z } from 'zod';
import { openApiDocument, TAGS } from '~/web/api-doc.server';
import { apiRoute } from '~/web/api.server';

// GET /api/openapi.json: the OpenAPI 3.1 document of every /api call, made from the calls' own zod schemas
// (app/web/api-doc.server.ts). Public, the same for everyone, cached for an hour.
export const { loader, action } = apiRoute({
  access: 'PUBLIC',
  doc: {
    path: '/api/openapi.json',
    tag: TAGS.system,
    summary: 'OpenAPI 3.1 문서',
    description: '이 문서 자체입니다. `{ data }` 로 감싸지 않고 문서를 그대로 답합니다.',
    bare: true,
    answer: z
      .object({
        openapi: z.literal('3.1.0'),
        info: z.object({ title: z.string(), version: z.string() }).catchall(z.unknown()),
        paths: z.record(z.unknown()),
      })
      .catchall(z.unknown()),
  },
  handler: () =>
    new Response(JSON.stringify(openApiDocument()), {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
        'X-Content-Type-Options': 'nosniff',
      },
    }),
});
