import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, test } from 'vitest';
import { describedCalls, openApiDocument } from '~/web/api-doc.server';
import { apiRoutePaths } from '../support/api-routes';
import * as openApiRoute from '~/routes/api+/openapi[.]json';

// The OpenAPI document (docs/decisions/026-openapi-from-zod.md): every route file of app/routes/api+ is described,
// and the document is valid OpenAPI 3.1.

// Loads every API route module, as the server build does: each registers its calls' descriptions.
await Promise.all(Object.values(import.meta.glob('../../app/routes/api+/*.ts')).map((load) => load()));

describe('the OpenAPI document', () => {
  test('describes every route file of app/routes/api+, and nothing else', () => {
    const documented = [...new Set(describedCalls().map((c) => c.doc.path))].sort();
    expect(documented).toEqual(apiRoutePaths());
    expect(Object.keys(openApiDocument().paths ?? {}).sort()).toEqual(documented);
  });

  test('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(openApiDocument())));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  test('gives every call a summary, a tag, its answer and its failures', () => {
    for (const [p, item] of Object.entries(openApiDocument().paths ?? {})) {
      for (const [method, op] of Object.entries(item as Record<string, { summary?: string; tags?: string[]; responses: object }>)) {
        expect(op.summary, `${method} ${p}`).toBeTruthy();
        expect(op.tags?.length, `${method} ${p}`).toBe(1);
        expect(
          Object.keys(op.responses).some((s) => s.startsWith('2')),
          `${method} ${p}`,
        ).toBe(true);
        expect(Object.keys(op.responses), `${method} ${p}`).toContain('500');
      }
    }
  });

  test('documents 405 on every call, the 404 of an unknown /api path, the servers, and the reading calls’ keys', () => {
    const doc = openApiDocument() as unknown as {
      servers?: { url: string }[];
      components?: { responses?: Record<string, { description: string }> };
      paths: Record<
        string,
        Record<string, { responses: Record<string, { description: string }>; parameters?: { name: string; in: string }[] }>
      >;
    };
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(doc.components?.responses?.UnknownApiPath?.description).toContain('NOT_FOUND');
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.responses['405']?.description, `${method} ${p}`).toContain('METHOD_NOT_ALLOWED');
      }
    }
    for (const p of ['/api/user/activity/bookDayRead/{id}', '/api/user/book/read/{a}/{b}']) {
      const op = doc.paths[p].post;
      expect(op.parameters?.find((x) => x.in === 'header')?.name, p).toBe('Idempotency-Key');
      const body = JSON.stringify(op);
      expect(body, p).toContain('submissionKey');
      expect(body, p).toMatch(/submissionKey[^"]*"[^}]*필수|필수[^}]*submissionKey/);
    }
  });

  test('is served never sniffed', async () => {
    const res = await openApiRoute.loader({ request: new Request('http://localhost/api/openapi.json'), params: {}, context: {} });
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});
