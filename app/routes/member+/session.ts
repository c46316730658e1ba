import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { getSession } from '~/web/session.server';
import { isRefreshTokenValid } from '~/auth/tokens.server';

// GET /member/session → { expiresAt }: when this browser's session ends (ms since epoch), or null when it has ended.
// The extend-login timer asks before it opens the prompt (spec §4: "asks the server whether the refresh token is still
// valid"). Reads only: never rotates anything.
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  const valid = await isRefreshTokenValid(session.get('refresh'));
  return json({ expiresAt: valid ? (session.get('refreshExpiresAt') ?? null) : null }, { headers: { 'Cache-Control': 'no-store' } });
}
