import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import '~/lib/zod-openapi.server'; // zod's `.openapi()`: the generator reads path and query parameters through it
import type { UserRole } from '~/domain/enums';
import { ERROR_CODES, MESSAGES } from '~/messages';

// The description of every /api call (issue 18, docs/decisions/026-openapi-from-zod.md), and the OpenAPI 3.1 document
// made from them (GET /api/openapi.json, the reference page /developers/api).
//
// How a call is described: its route module passes `doc` to `apiRoute` (app/web/api.server.ts), next to the body
// contract it already has:
//
//   export const { loader, action } = apiRoute({
//     method: 'POST',
//     access: 'USER',
//     ids: ['id'],
//     notFound: BOOK_NOT_FOUND,
//     body: someInput,                           // the request body: this same zod contract (one source)
//     doc: {
//       path: '/api/user/book/like/{bookId}',    // as the spec writes it: `{name}` is the route file's `$name`
//       tag: TAGS.library,                       // one of TAGS
//       summary: '도서 좋아요',                     // Korean, a short noun phrase
//       description: '…',                        // optional: what the call does, in a sentence or two
//       answer: likeAnswer,                      // zod schema of the `data` in `{ data }`; null for 204 without body
//       errors: [SOME_FAILURE],                  // the { code, message, status } the handler or its service answers
//     },
//     handler: ({ user, ids, body }) => setLike(…),   // TypeScript checks its value against `answer`
//   });
//
// `answer` is written next to the service's return type (e.g. `export const likeAnswer = z.object(…)` in the
// service) so that one file holds both. The errors every call shares are added here and need not be listed: the
// guard's (INVALID_TOKEN 401, AUTHORIZED_ERROR 403, PASSWORD_CHANGE_REQUIRED 403 unless `allowPasswordChange`), a bad
// path id (`notFound`, NOT_FOUND 404 by default), a body that cannot be read or breaks its contract (`unreadable`,
// `bodyError`: INVALID_REQUEST 400 by default; a body too large: 413), SERVER_ERROR 500 and SERVICE_UNAVAILABLE 503. A `bodyError` function of one's own cannot be read here:
// list its codes in `errors`. When the wire's fields differ from the contract's (a `wire` renaming) or the body is
// multipart, `request` describes the body as the client sends it. A module whose one method is answered by two
// apiRoutes (one chosen by a path segment) describes the call once and passes `doc: null` to the other.
//
// Descriptions are registered when the route modules load (the server build loads them all at start); the test
// tests/unit/openapi.test.ts loads app/routes/api+ itself and fails when a route file is not described.

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type ApiAccess = UserRole | 'ANY' | 'PUBLIC';
import type { ApiFailure } from '~/lib/errors';
export type { ApiFailure };

/** The reference's sections, in the order the page shows them. */
export const TAGS = {
  auth: '인증',
  me: '내 정보',
  activity: '독서활동',
  reading: '독서 기록',
  problems: '문제 분석',
  notes: '독서 노트',
  library: '도서',
  reports: '리포트·진로',
  messages: '메시지·공지',
  system: '시스템',
} as const;
export type ApiTag = (typeof TAGS)[keyof typeof TAGS];

export type ApiDoc<R = unknown> = {
  /** `/api/…` with `{name}` for each path segment the route file names `$name`. */
  path: `/api/${string}`;
  tag: ApiTag;
  summary: string;
  description?: string;
  /** The `data` of the `{ data }` answer; null: the call answers 204 without a body. */
  answer: z.ZodType<R, z.ZodTypeDef, unknown> | null;
  /** The answer is the schema itself, not `{ data }` (the OpenAPI document). */
  bare?: boolean;
  /** Codes the handler or its service answers (the shared ones are added, see above). */
  errors?: readonly ApiFailure[];
  /** The body as sent, when it is not the `body` contract itself (wire names, multipart). */
  request?: { schema: z.ZodTypeAny; type?: 'application/json' | 'multipart/form-data' };
  /** Query parameters. */
  query?: z.AnyZodObject;
  /** Request headers the call reads (e.g. Idempotency-Key). */
  headers?: z.AnyZodObject;
  /** A successful status other than 200. */
  status?: number;
};

/** What apiRoute knows of a call besides its description. */
export type ApiCallFacts = {
  method: ApiMethod;
  access: ApiAccess;
  ids: readonly string[];
  notFound?: ApiFailure;
  body?: z.ZodTypeAny;
  unreadable?: ApiFailure;
  /** The route has a bodyError function of its own (its codes are in doc.errors). */
  ownBodyError: boolean;
  /** The call serves an account that must first choose its own password (others answer PASSWORD_CHANGE_REQUIRED). */
  allowPasswordChange?: boolean;
};

export type ApiCall = ApiCallFacts & { doc: ApiDoc };

const calls = new Map<string, ApiCall>();

/** Called by apiRoute for each described call. A second description of the same method and path is a mistake. */
export function describeCall(facts: ApiCallFacts, doc: ApiDoc) {
  const key = `${facts.method} ${doc.path}`;
  const known = calls.get(key);
  if (known && known.doc !== doc) throw new Error(`API call described twice: ${key}`);
  calls.set(key, { ...facts, doc });
  document = null;
}

/** Every described call, ordered by tag then path then method. */
export function describedCalls(): ApiCall[] {
  const tagOrder = Object.values(TAGS) as string[];
  const methodOrder = ['GET', 'POST', 'PUT', 'DELETE'];
  return [...calls.values()].sort(
    (a, b) =>
      tagOrder.indexOf(a.doc.tag) - tagOrder.indexOf(b.doc.tag) ||
      a.doc.path.localeCompare(b.doc.path) ||
      methodOrder.indexOf(a.method) - methodOrder.indexOf(b.method),
  );
}

const SERVER_ERROR: ApiFailure = {
  code: 'SERVER_ERROR',
  message: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
  status: 500,
};
const UNAVAILABLE: ApiFailure = { code: 'SERVICE_UNAVAILABLE', message: '서비스를 잠시 사용할 수 없습니다.', status: 503 };
const INVALID_TOKEN: ApiFailure = { code: ERROR_CODES.INVALID_TOKEN, message: '인증이 만료되었거나 올바르지 않습니다.', status: 401 };
const FORBIDDEN: ApiFailure = { code: ERROR_CODES.AUTHORIZED_ERROR, message: '이 기능을 사용할 권한이 없습니다.', status: 403 };
const PASSWORD_CHANGE: ApiFailure = {
  code: ERROR_CODES.PASSWORD_CHANGE_REQUIRED,
  message: MESSAGES.passwordChangeRequired,
  status: 403,
};
const BAD_BODY: ApiFailure = { code: 'INVALID_REQUEST', message: '요청 내용을 확인해 주세요.', status: 400 };
const UNREADABLE: ApiFailure = { code: 'INVALID_REQUEST', message: 'JSON 형식의 요청 본문이 필요합니다.', status: 400 };
const TOO_LARGE: ApiFailure = { code: 'INVALID_REQUEST', message: '요청 본문이 너무 큽니다.', status: 413 };
const NOT_FOUND: ApiFailure = { code: 'NOT_FOUND', message: '요청하신 페이지를 찾을 수 없습니다.', status: 404 };
const METHOD_LABEL: Record<ApiMethod, string> = { GET: 'GET으로', POST: 'POST로', PUT: 'PUT으로', DELETE: 'DELETE로' };
/** The answer of every call to another method (apiRoute's methodNotAllowed, with `Allow`). */
const methodNotAllowed = (method: ApiMethod): ApiFailure => ({
  code: 'METHOD_NOT_ALLOWED',
  message: `${METHOD_LABEL[method]} 요청해 주세요.`,
  status: 405,
});
/** The answer of an /api path no call serves (app/routes/api+/$.ts). */
export const UNKNOWN_API_PATH: ApiFailure = { code: 'NOT_FOUND', message: '요청한 API를 찾을 수 없습니다.', status: 404 };

/** Every failure a call can answer, its own and the shared ones, with a status each. */
export function failuresOf(call: ApiCall): Required<ApiFailure>[] {
  const list: ApiFailure[] = [];
  if (call.access !== 'PUBLIC') {
    list.push(INVALID_TOKEN);
    // A role, or the XSRF check of a cookie-authenticated mutation.
    if (call.access !== 'ANY' || call.method !== 'GET') list.push(FORBIDDEN);
    if (!call.allowPasswordChange) list.push(PASSWORD_CHANGE);
  }
  if (call.ids.length) list.push({ ...(call.notFound ?? NOT_FOUND), status: call.notFound?.status ?? 404 });
  if (call.body) {
    list.push({ ...(call.unreadable ?? UNREADABLE), status: call.unreadable?.status ?? 400 }, TOO_LARGE);
    if (!call.ownBodyError) list.push(BAD_BODY);
  }
  list.push(...(call.doc.errors ?? []), methodNotAllowed(call.method), SERVER_ERROR, UNAVAILABLE);
  const seen = new Set<string>();
  return list
    .map((f) => ({ ...f, status: f.status ?? 400 }))
    .filter((f) => {
      const key = `${f.status} ${f.code}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export const ACCESS_LABEL: Record<ApiAccess, string> = {
  PUBLIC: '누구나 (로그인 불필요)',
  ANY: '로그인한 사용자',
  USER: '학생 (USER)',
  ADMIN: '학원 원장·선생님 (ADMIN)',
  SUPER: '운영자 (SUPER)',
};

const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

const errorBody = (codes: string[]) =>
  z.object({ code: codes.length === 1 ? z.literal(codes[0]) : z.enum(codes as [string, ...string[]]), message: z.string() });

let document: ReturnType<OpenApiGeneratorV31['generateDocument']> | null = null;

/** The OpenAPI 3.1 document of every described call (made once, then kept). */
export function openApiDocument() {
  if (document) return document;
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'POST /api/auth/login 이 준 accessToken. 브라우저는 세션 쿠키로도 부를 수 있습니다 (변경 요청은 X-XSRF-TOKEN 헤더 필요).',
  });
  for (const call of describedCalls()) {
    const { doc } = call;
    const params = pathParams(doc.path);
    const paramShape = Object.fromEntries(params.map((name) => [name, call.ids.includes(name) ? z.number().int().positive() : z.string()]));
    const requestSchema = doc.request?.schema ?? call.body;
    const requestType = doc.request?.type ?? 'application/json';
    const responses: Record<string, { description: string; content?: Record<string, { schema: z.ZodTypeAny }> }> = {};
    const ok = doc.status ?? (doc.answer ? 200 : 204);
    responses[ok] = doc.answer
      ? { description: '성공', content: { 'application/json': { schema: doc.bare ? doc.answer : z.object({ data: doc.answer }) } } }
      : { description: '성공 (본문 없음)' };
    const byStatus = new Map<number, Required<ApiFailure>[]>();
    for (const f of failuresOf(call)) byStatus.set(f.status, [...(byStatus.get(f.status) ?? []), f]);
    for (const [status, failures] of [...byStatus].sort((a, b) => a[0] - b[0])) {
      responses[status] = {
        description: failures.map((f) => `${f.code}: ${f.message}`).join(' / '),
        content: { 'application/json': { schema: errorBody([...new Set(failures.map((f) => f.code))]) } },
      };
    }
    registry.registerPath({
      method: call.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete',
      path: doc.path,
      operationId: `${call.method.toLowerCase()}${doc.path.replace(/^\/api/, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      tags: [doc.tag],
      summary: doc.summary,
      description: [doc.description, `접근: ${ACCESS_LABEL[call.access]}`].filter(Boolean).join('\n\n'),
      security: call.access === 'PUBLIC' ? [] : [{ bearer: [] }],
      'x-access': call.access,
      request: {
        ...(params.length ? { params: z.object(paramShape) } : {}),
        ...(doc.query ? { query: doc.query } : {}),
        ...(doc.headers ? { headers: doc.headers } : {}),
        ...(requestSchema
          ? { body: { required: !doc.request && call.body ? true : undefined, content: { [requestType]: { schema: requestSchema } } } }
          : {}),
      },
      responses,
    } as Parameters<OpenAPIRegistry['registerPath']>[0]);
  }
  const generated = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: '리드인 API',
      version: '1.0.0',
      description:
        '리드인의 JSON API (/api). 성공하면 `{ data }`, 실패하면 `{ code, message }` 로 답합니다. 어느 호출도 받지 않는 /api 경로는 404 NOT_FOUND (components.responses.UnknownApiPath), 호출이 받지 않는 메서드는 405 METHOD_NOT_ALLOWED (Allow 헤더) 입니다. 모든 답에 Cache-Control: no-store (이 문서는 한 시간 캐시) 와 X-Content-Type-Options: nosniff 가 붙습니다. 토큰, XSRF, 오류 처리는 docs/api.md 를 보세요.',
    },
    tags: Object.values(TAGS).map((name) => ({ name })),
    // The document is served by the API itself: its calls are on the same origin.
    servers: [{ url: '/', description: '이 문서를 제공한 서버 (같은 출처)' }],
  });
  generated.components = {
    ...generated.components,
    responses: {
      ...generated.components?.responses,
      UnknownApiPath: {
        description: `${UNKNOWN_API_PATH.code}: ${UNKNOWN_API_PATH.message} (어느 호출도 받지 않는 /api 경로, 404. 페이지 경로와 달리 /landing 으로 보내지 않습니다.)`,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { code: { const: 'NOT_FOUND' }, message: { type: 'string' } },
              required: ['code', 'message'],
            },
          },
        },
      },
    },
  };
  document = allowNullInEnums(generated);
  return document;
}

/**
 * The generator writes a nullable enum as `type: ['string', 'null']` with an `enum` that lacks null, which refuses
 * the null it means to allow (JSON Schema checks both): null is added to such enums.
 */
function allowNullInEnums<T>(node: T): T {
  if (Array.isArray(node)) return node.map(allowNullInEnums) as T;
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, allowNullInEnums(v)])) as Record<string, unknown>;
  if (Array.isArray(out.enum) && Array.isArray(out.type) && out.type.includes('null') && !out.enum.includes(null)) {
    out.enum = [...out.enum, null];
  }
  return out as T;
}

// ── The reference page (/developers/api) ──────────────────────────────────────────────────────────────────────────

/** A field of a body or an answer, flattened: `book.progress.percent`, `records[].start`. */
export type FieldRow = { name: string; type: string; required: boolean; note?: string };
export type ReferenceCall = {
  id: string;
  method: ApiMethod;
  path: string;
  summary: string;
  description?: string;
  access: string;
  params: FieldRow[];
  query: FieldRow[];
  body: { type: string; fields: FieldRow[] } | null;
  answer: { status: number; wrapped: boolean; fields: FieldRow[] };
  errors: Required<ApiFailure>[];
};

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  description?: string;
  minItems?: number;
  maxItems?: number;
};

const isNull = (s: JsonSchema) => s.type === 'null';

/** One line of type: 'integer', 'string (date-time)', '1 | 10 | 20', 'object', 'array', with '| null' when nullable. */
function typeLabel(schema: JsonSchema): string {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    return [...new Set(branches.map((b) => (isNull(b) ? 'null' : typeLabel(b))))].join(' | ');
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const nullable = types.includes('null');
  let base: string;
  if (schema.enum)
    base = schema.enum
      .filter((v) => v !== null)
      .map((v) => JSON.stringify(v))
      .join(' | ');
  else {
    const t = types.find((x) => x !== 'null') ?? 'any';
    const item = t === 'array' ? typeLabel(schema.items ?? {}) : '';
    base = t === 'array' ? (item.includes(' | ') ? `(${item})[]` : `${item}[]`) : schema.format ? `${t} (${schema.format})` : t;
    if (t === 'object' && !schema.properties && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      base = `{ [key]: ${typeLabel(schema.additionalProperties)} }`;
    }
  }
  return nullable ? `${base} | null` : base;
}

/** The properties of an object schema (or of the object branches of a union), flattened to rows. */
function fieldRows(schema: JsonSchema | undefined, prefix = '', depth = 0): FieldRow[] {
  if (!schema || depth > 5) return [];
  const branches = (schema.anyOf ?? schema.oneOf)?.filter((b) => !isNull(b));
  if (branches) {
    const seen = new Set<string>();
    return branches.flatMap((b) => fieldRows(b, prefix, depth)).filter((r) => !seen.has(r.name) && seen.add(r.name));
  }
  if (schema.items) return fieldRows(schema.items, prefix ? `${prefix}[]` : '[]', depth + 1);
  if (!schema.properties) return [];
  return Object.entries(schema.properties).flatMap(([name, child]) => {
    const full = prefix ? `${prefix}.${name}` : name;
    const row: FieldRow = {
      name: full,
      type: typeLabel(child),
      required: schema.required?.includes(name) ?? false,
      note: child.description,
    };
    return [row, ...fieldRows(child, full, depth + 1)];
  });
}

type Operation = {
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema; description?: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
};

/** The document as the reference page lists it: one section per tag, each call with its fields and failures. */
export function apiReference(): { tag: string; calls: ReferenceCall[] }[] {
  const paths = openApiDocument().paths as Record<string, Record<string, Operation>>;
  const sections = new Map<string, ReferenceCall[]>(Object.values(TAGS).map((t) => [t, []]));
  for (const call of describedCalls()) {
    const op = paths[call.doc.path][call.method.toLowerCase()];
    const paramRows = (where: string) =>
      (op.parameters ?? [])
        .filter((p) => p.in === where)
        .map((p) => ({
          name: p.name,
          type: typeLabel(p.schema),
          required: p.required ?? false,
          note: p.description ?? p.schema.description,
        }));
    const [bodyType, body] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
    const ok = Object.keys(op.responses).find((s) => s.startsWith('2'))!;
    const okSchema = op.responses[ok].content?.['application/json']?.schema;
    const wrapped = !call.doc.bare && Boolean(okSchema);
    sections.get(call.doc.tag)!.push({
      id: `${call.method.toLowerCase()}-${call.doc.path.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`,
      method: call.method,
      path: call.doc.path,
      summary: call.doc.summary,
      description: call.doc.description,
      access: ACCESS_LABEL[call.access],
      params: paramRows('path'),
      query: paramRows('query'),
      body: body ? { type: bodyType, fields: fieldRows(body.schema) } : null,
      answer: {
        status: Number(ok),
        wrapped,
        fields: okSchema ? (wrapped ? rootRows(okSchema.properties!.data) : fieldRows(okSchema)) : [],
      },
      errors: failuresOf(call).sort((a, b) => a.status - b.status),
    });
  }
  return [...sections].filter(([, calls]) => calls.length).map(([tag, calls]) => ({ tag, calls }));
}

/** The `data` itself as the first row (its type), then its fields. */
function rootRows(data: JsonSchema): FieldRow[] {
  return [{ name: 'data', type: typeLabel(data), required: true }, ...fieldRows(data, 'data')];
}
