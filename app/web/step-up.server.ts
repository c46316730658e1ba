import { createCookie } from '@remix-run/node';
import { config } from '~/config.server';
import { OPERATOR_MESSAGES, STEP_UP_WINDOW_MS } from '~/domain/operators';
import { nowMs } from '~/lib/clock.server';
import { isOwnPassword } from '~/services/accounts.server';
import { getSession } from '~/web/session.server';

// Step-up for the operators' sensitive changes (granting authorities, locking, starting resets): the operator's own
// password, entered within the last 10 minutes in this session. The proof is a signed cookie bound to the session's
// id; the forms carry a password field while it is stale, so a post without JavaScript never needs a second trip.

type Proof = { uid: number; fam: string; at: number };

const stepUpCookie = createCookie('__stepup', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/super',
  secure: config().secureCookies,
  secrets: config().sessionSecrets,
  maxAge: STEP_UP_WINDOW_MS / 1000,
});

/** Whether the operator entered their password in this session within the window. */
export async function isSteppedUp(request: Request, userId: number): Promise<boolean> {
  const proof = (await stepUpCookie.parse(request.headers.get('Cookie'))) as Proof | null;
  const fam = (await getSession(request)).get('fam');
  return !!proof && proof.uid === userId && !!fam && proof.fam === fam && nowMs() - proof.at < STEP_UP_WINDOW_MS;
}

export type StepUp = { ok: true; setCookie: string | null } | { ok: false; message: string };

/**
 * The action's check: fresh already (nothing to do), or the posted `stepUpPassword` is the operator's own (a new
 * proof cookie), or a Korean message to show beside the password field.
 */
export async function checkStepUp(request: Request, userId: number, formData: FormData): Promise<StepUp> {
  if (await isSteppedUp(request, userId)) return { ok: true, setCookie: null };
  const password = formData.get('stepUpPassword');
  if (typeof password !== 'string' || password.length === 0) return { ok: false, message: OPERATOR_MESSAGES.stepUpRequired };
  if (password.length > 200 || !(await isOwnPassword(userId, password))) return { ok: false, message: OPERATOR_MESSAGES.stepUpWrong };
  const fam = (await getSession(request)).get('fam') ?? '';
  return { ok: true, setCookie: await stepUpCookie.serialize({ uid: userId, fam, at: nowMs() } satisfies Proof) };
}
