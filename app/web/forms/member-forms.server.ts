import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { isMemberKind, type MemberKind } from '~/domain/accounts';
import { notFound } from '~/web/http.server';
import { redirectIfSignedIn } from '~/web/guards.server';
import { checkHoneypot, honeypot } from '~/web/honeypot.server';

// What the public account forms for students and adults share (/member/register/{kind}, findId/{kind},
// findPassword/{kind}): the kind from the URL, the sign-in-page guard and the honeypot.

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

/** The start of a member form action: the same guard, the posted fields, and the honeypot checked. */
export async function readMemberForm(request: Request, params: { kind?: string }) {
  const kind = memberKind(params);
  await redirectIfSignedIn(request);
  const formData = await request.formData();
  checkHoneypot(formData);
  return { kind, formData };
}
