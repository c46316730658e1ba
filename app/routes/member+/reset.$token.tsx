import { useForm } from '~/components/form-client';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { resetLinkSchema as schema } from '~/auth/account-schemas.server';
import { formAction } from '~/web/form-action.server';
import { redirectIfSignedIn } from '~/web/guards.server';
import { TextField } from '~/components/form-fields';
import { CONSTRAINTS } from '~/domain/account-constraints';
import { redirectWithFlash } from '~/web/http.server';
import { completeOperatorReset, resetLinkAccount } from '~/services/operators/users.server';
import { AuthForm } from './__auth-form';

export const meta: MetaFunction = () => [{ title: '새 비밀번호 정하기 | 리드인' }, { name: 'referrer', content: 'same-origin' }];

// The one-time link an operator's reset (or a new staff account) sends by message: the account's owner sets a new
// password here, once, within 24 hours. Every earlier session of the account ends.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const account = await resetLinkAccount(params.token ?? '');
  return json({ account }, { headers: { 'Cache-Control': 'no-store' } });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => redirectIfSignedIn(request),
    schema,
    hideFields: ['password', 'confirm'],
    run: async ({ params, value }) => {
      await completeOperatorReset(params.token ?? '', value.password);
      return redirectWithFlash('/member/login', '새 비밀번호를 정했습니다. 새 비밀번호로 로그인해 주세요.');
    },
  });
}

export default function ResetLink() {
  const { account } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    constraint: CONSTRAINTS.resetLink,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });
  if (!account) {
    return (
      <div className="page auth-card card">
        <h1>새 비밀번호 정하기</h1>
        <p className="alert error" role="alert">
          비밀번호 재설정 링크가 만료되었거나 이미 사용되었습니다. 운영팀에 다시 요청해 주세요.
        </p>
        <p>
          <Link to="/member/login">로그인 화면으로</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page auth-card card">
      <h1>새 비밀번호 정하기</h1>
      <p>
        {account.name}님({account.loginId})의 새 비밀번호를 정해 주세요. 이 링크는 한 번만 쓸 수 있습니다.
      </p>
      <AuthForm form={form} submitLabel="새 비밀번호 저장" busyLabel="저장 중…">
        <TextField label="새 비밀번호" meta={fields.password} type="password" autoComplete="new-password" hint="8자 이상" />
        <TextField label="새 비밀번호 확인" meta={fields.confirm} type="password" autoComplete="new-password" />
      </AuthForm>
    </div>
  );
}
