import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { apiData, handleApi, requireApiUser } from '~/auth/api.server';
import type { AuthUser } from '~/services/users.server';

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** A student API handler (dashboard, reports, recommendations, search, career): USER guard, `{ data }` answer. */
export function userApi(handler: (ctx: { user: AuthUser; args: Args }) => Promise<unknown>) {
  return (args: Args) =>
    handleApi(async () => {
      const user = await requireApiUser(args.request, { role: 'USER' });
      return apiData(await handler({ user, args }), { headers: { 'Cache-Control': 'no-store' } });
    });
}

/** A whole number from a path or body value, within bounds (falls back when absent or out of range). */
export function boundedInt(value: unknown, fallback: number, min: number, max: number) {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}
