import type { ActionFunctionArgs, LoaderFunctionArgs, TypedResponse } from '@remix-run/node';
import { json } from '@remix-run/node';
import { isMemberKind, type MemberKind } from '~/domain/accounts';
import type { FormReply } from '~/lib/form-reply';
import { notFound } from '~/web/http.server';
import { redirectIfSignedIn } from '~/web/guards.server';
import { honeypot } from '~/web/honeypot.server';

// What the public account forms for students and adults share (/member/register/{kind}, findId/{kind},
// findPassword/{kind}): the kind from the URL, the sign-in-page guard and the honeypot. Their actions are page actions
// (formAction): `guard: memberFormGuard`, and the honeypot as `screen: checkHoneypot`
// (web/honeypot.server.ts: a bot's post is a plain 400).

export function memberKind(params: { kind?: string }): MemberKind {
  if (!isMemberKind(params.kind)) throw notFound('페이지를 찾을 수 없습니다.');
  return params.kind;
}

/** The loader of a member form page: a signed-in visitor goes home; the page gets its kind and honeypot fields. */
export async function memberFormLoader({ request, params }: LoaderFunctionArgs) {
  const kind = memberKind(params);
  await redirectIfSignedIn(request);
  return json({ kind, honeypot: honeypot.getInputProps() });
}

/** The guard of a member form action: the kind from the URL, and the sign-in page's guard (which checks the form token). */
export async function memberFormGuard({ request, params }: ActionFunctionArgs): Promise<{ kind: MemberKind }> {
  const kind = memberKind(params);
  await redirectIfSignedIn(request);
  return { kind };
}

/**
 * A refusal shown above the form with a status that is not the area's error page (the 404 of "no account matches"):
 * the one reply shape, with the values typed kept.
 */
export function refusedAbove(message: string, status: number, values: Record<string, unknown>): TypedResponse<FormReply<never>> {
  return json({ status: 'error', initialValue: values, error: { '': [message] } } satisfies FormReply<never>, { status });
}
