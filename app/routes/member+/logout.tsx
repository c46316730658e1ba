import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { formAction, z } from '~/web/form-action.server';
import { Link } from '~/components/link';
import { getOptionalUser, homeFor } from '~/web/guards.server';
import { requireCsrf } from '~/web/csrf.server';
import { endSession } from '~/web/session.server';
import { CsrfInput } from '~/components/csrf';

export const meta: MetaFunction = () => [{ title: '로그아웃 | 리드인' }];

// A GET never signs out (a link preview or prefetch must not end a session): it asks, and the POST signs out.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) throw redirect('/member/login');
  return json({ home: homeFor(user) });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireCsrf(request),
    schema: z.object({}),
    run: async ({ request }) => redirect('/member/login', { headers: { 'Set-Cookie': await endSession(request) } }),
  });
}

export default function Logout() {
  const { home } = useLoaderData<typeof loader>();
  return (
    <div className="page auth-card card">
      <h1>로그아웃</h1>
      <p style={{ textAlign: 'center' }}>로그아웃하시겠습니까?</p>
      <Form method="post" className="form-actions" style={{ justifyContent: 'center' }}>
        <CsrfInput />
        <Link className="button secondary" to={home}>
          취소
        </Link>
        <button type="submit">로그아웃</button>
      </Form>
    </div>
  );
}
