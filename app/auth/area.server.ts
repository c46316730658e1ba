import { json } from '@remix-run/node';
import { readFlash } from './session.server';
import { EXTEND_PROMPT_BEFORE_MS } from './tokens.server';
import type { SignedIn } from './guards.server';
import { nowMs } from '~/lib/clock.server';

/**
 * What every signed-in area layout (user, admin, super) sends to its shell: who is signed in, the session timing of
 * the extend-login prompt and the flash message of the last post (cleared by the same response).
 */
export async function areaLayoutData(request: Request, user: SignedIn) {
  const { flash, setCookie } = await readFlash(request);
  const expiresAt = user.sessionExpiresAt;
  return json(
    {
      user: { id: user.id, name: user.name, role: user.role, authorities: user.authorities, profileImage: user.profileImage },
      timing: { expiresAt, promptAt: expiresAt - EXTEND_PROMPT_BEFORE_MS, serverNow: nowMs() },
      flash,
    },
    setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined,
  );
}
