import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import type { z } from 'zod';
import { requireApiUser, type ApiUser } from '~/web/api-auth.server';
import { noteClientAddress } from '~/auth/rate-limit.server';
import type { UserRole } from '~/domain/enums';
import { MESSAGES } from '~/messages';
import { describeCall, type ApiDoc } from '~/web/api-doc.server';
import { API_LARGE_BODY_MAX_BYTES, API_REQUEST_ERROR, apiData, apiError, handleApi, readRequestBody } from '~/web/api-response.server';
import { positiveInt } from '~/web/http.server';

export { apiData, apiError } from '~/web/api-response.server';

// One wrapper for every /api route (spec §7): the method, the guard, the numeric path ids, the body read with a limit
// and checked by its zod contract, then the service; `{ data }` or `{ code, message }` comes back. A route module is
// `export const { loader, action } = apiRoute({ … })`; a call answering GET and POST takes `loader` from one
// apiRoute and `action` from another. Each call carries its description (`doc`: path, summary, tag, the answer's zod
// schema, its error codes), from which the OpenAPI document is made: see app/web/api-doc.server.ts for the format.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Args = LoaderFunctionArgs | ActionFunctionArgs;
/** Who may call: a role, any signed-in user, or anyone (sign-in, token calls, client logs). */
type Access = UserRole | 'ANY' | 'PUBLIC';
type UserFor<A extends Access> = A extends 'PUBLIC' ? null : ApiUser;

import type { ApiFailure } from '~/lib/errors';
export type { ApiFailure };
type Awaitable<T> = T | Promise<T>;

type Options<A extends Access, I extends string, B, R> = {
  method?: Method;
  access: A;
  /** Path parameters that must be positive whole numbers; a bad one answers `notFound`. */
  ids?: readonly I[];
  notFound?: ApiFailure;
  /** The body's contract (JSON or form fields). A body that breaks it answers `bodyError(issue)`, INVALID_REQUEST by default. */
  body?: z.ZodType<B, z.ZodTypeDef, unknown>;
  bodyError?: (issue: z.ZodIssue) => ApiFailure;
  /** Renames a door's wire fields to the contract's (`start` → startPage …) before the contract checks them. */
  wire?: (raw: Record<string, unknown> | unknown[], ctx: { request: Request; params: Args['params'] }) => unknown;
  /** The answer when the body cannot be read at all (not JSON, not a form). */
  unreadable?: ApiFailure;
  /** A missing or unreadable body counts as `{}` (every field of the contract optional). */
  bodyOptional?: boolean;
  maxBytes?: number;
  /**
   * The call serves an account that must first choose its own password (spec: temporary and migrated passwords); every
   * other call refuses it with PASSWORD_CHANGE_REQUIRED (403). Only /api/me and /api/auth/setPassword.
   */
  allowPasswordChange?: boolean;
  /**
   * The call's description for the OpenAPI document (app/web/api-doc.server.ts); null when another apiRoute of the
   * same module describes this method and path.
   */
  doc: ApiDoc<R> | null;
  /** Returns the answer's data (checked against `doc.answer`), or a Response of its own (an error, a 204, a file). */
  handler: (ctx: {
    user: UserFor<A>;
    ids: Record<I, number>;
    body: B;
    request: Request;
    params: Args['params'];
  }) => Awaitable<NoInfer<R> | Response>;
};

const METHOD_LABEL: Record<Method, string> = { GET: 'GET으로', POST: 'POST로', PUT: 'PUT으로', DELETE: 'DELETE로' };

/** The answer to a method the call does not take. */
export const methodNotAllowed = (method: Method) => async () =>
  apiError('METHOD_NOT_ALLOWED', `${METHOD_LABEL[method]} 요청해 주세요.`, 405, { Allow: method });

const NOT_FOUND: ApiFailure = { code: 'NOT_FOUND', message: MESSAGES.notFound, status: 404 };
const UNREADABLE: ApiFailure = { code: API_REQUEST_ERROR, message: 'JSON 형식의 요청 본문이 필요합니다.' };
const defaultBodyError = (issue: z.ZodIssue): ApiFailure => ({
  code: API_REQUEST_ERROR,
  message: issue.message || '요청 내용을 확인해 주세요.',
});

const fail = (f: ApiFailure, fallbackStatus = 400) => apiError(f.code, f.message, f.status ?? fallbackStatus);

type RouteFunction = (args: Args) => Promise<Response>;

export function apiRoute<A extends Access, I extends string = never, B = undefined, R = unknown>(
  options: Options<A, I, B, R>,
): { loader: RouteFunction; action: RouteFunction } {
  const method = options.method ?? 'GET';
  if (options.doc) {
    describeCall(
      {
        method,
        access: options.access,
        ids: options.ids ?? [],
        notFound: options.notFound,
        body: options.body,
        unreadable: options.unreadable,
        ownBodyError: Boolean(options.bodyError),
        allowPasswordChange: Boolean(options.allowPasswordChange),
      },
      options.doc as ApiDoc,
    );
  }
  const run = (args: Args) =>
    handleApi(args.request, async () => {
      const { request, params } = args;
      noteClientAddress(request, args.context); // the socket address for the per-address limits (sign-in, logs)
      // The guard first: a cookie-authenticated PUT/PATCH/DELETE meets the XSRF check before it learns the method.
      const user = (
        options.access === 'PUBLIC'
          ? null
          : await requireApiUser(request, {
              ...(options.access === 'ANY' ? {} : { role: options.access }),
              allowPasswordChange: options.allowPasswordChange,
            })
      ) as UserFor<A>;
      if (request.method !== method && !(method === 'GET' && request.method === 'HEAD')) return methodNotAllowed(method)();
      const ids = {} as Record<I, number>;
      for (const name of options.ids ?? []) {
        const id = positiveInt(params[name]);
        if (id === null) return fail(options.notFound ?? NOT_FOUND, 404);
        ids[name] = id;
      }
      let body = undefined as B;
      if (options.body) {
        const raw = (await readRequestBody(request, options.maxBytes ?? API_LARGE_BODY_MAX_BYTES)) ?? (options.bodyOptional ? {} : null);
        if (raw === null) return fail(options.unreadable ?? UNREADABLE);
        const parsed = options.body.safeParse(options.wire ? options.wire(raw, { request, params }) : raw);
        if (!parsed.success) return fail((options.bodyError ?? defaultBodyError)(parsed.error.issues[0]));
        body = parsed.data;
      }
      const result = await options.handler({ user, ids, body, request, params });
      return result instanceof Response ? result : apiData(result);
    });
  const refuse = methodNotAllowed(method);
  return method === 'GET' ? { loader: run, action: refuse } : { loader: refuse, action: run };
}
