import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { apiData, apiError, getOnly, handleApi, postOnly, readRequestBody, requireApiUser } from '~/auth/api.server';
import { READING_ERRORS } from '~/domain/reading';
import type { AuthUser } from '~/services/users.server';

// Glue shared by the /api reading routes (spec §7 "Activity and reading"): the USER guard, the numeric path id,
// the JSON (or form) body, and `{ data }` / `{ code, message }` answers from the same services as the pages.

type Args = LoaderFunctionArgs | ActionFunctionArgs;
type Handler = (ctx: { user: AuthUser; id: number; args: Args; body: () => Promise<Record<string, unknown> | unknown[]> }) => Promise<unknown>;

export function pathId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw apiError('BOOK_NOT_FOUND', READING_ERRORS.BOOK_NOT_FOUND, 404);
  return id;
}

async function readBody(request: Request): Promise<Record<string, unknown> | unknown[]> {
  const body = await readRequestBody(request);
  if (body === null) throw apiError('READ_SAVE_FAILED', READING_ERRORS.READ_SAVE_FAILED, 400);
  return body;
}

/** A reading API handler: `param` names the path parameter that holds the result book id (none for list calls). */
export function readingApi(handler: Handler, param: string | null = 'id') {
  return (args: Args) =>
    handleApi(async () => {
      const user = await requireApiUser(args.request, { role: 'USER' });
      const id = param ? pathId(args.params[param]) : 0;
      return apiData(await handler({ user, id, args, body: () => readBody(args.request) }), { headers: { 'Cache-Control': 'no-store' } });
    });
}

export { getOnly, postOnly };

export const asNumber = (v: unknown) => (v === undefined || v === null || v === '' ? NaN : Number(v));
export const asBool = (v: unknown) => v === true || v === 'true' || v === 'on' || v === '1' || v === 1;
