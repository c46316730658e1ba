import { useForm } from '~/components/form-client';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { migrationSchema as schema } from '~/auth/account-schemas.server';
import { formAction } from '~/web/form-action.server';
import { homeFor, mustSetPassword, requireUser } from '~/web/guards.server';
import { setFlash, signInHeaders } from '~/web/session.server';
import { SecurityQuestionField, TextField } from '~/components/form-fields';
import { CONSTRAINTS } from '~/domain/account-constraints';
import { completeMigration } from '~/services/accounts.server';
import { PASSWORD_HINT } from '~/domain/accounts';
import { AuthForm } from './__auth-form';

export const meta: MetaFunction = () => [{ title: '비밀번호 재설정 | 리드인' }];

// An account brought over from the previous system (authority MIGRATION), or one the academy gave a temporary password
// (mustChangePassword), must set a new password and a security question before any other page opens (product.md §1);
// the guards send it here.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { allowMigration: true });
  if (!mustSetPassword(user)) throw redirect(homeFor(user));
  return json({ name: user.name, loginId: user.loginId, temporary: !user.authorities.includes('MIGRATION') });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: async ({ request }) => {
      const user = await requireUser(request, { allowMigration: true });
      if (!mustSetPassword(user)) throw redirect(homeFor(user));
      return user;
    },
    schema,
    hideFields: ['password', 'confirm'],
    run: async ({ user, value }) => {
      const updated = await completeMigration(user.id, value);
      // Every earlier session ended with the old password; this browser continues in a fresh one.
      const headers = await signInHeaders(updated);
      headers.append('Set-Cookie', await setFlash({ kind: 'success', message: '새 비밀번호와 보안 질문을 등록했습니다.' }));
      return redirect(homeFor(updated), { headers });
    },
  });
}

export default function Migration() {
  const { name, loginId, temporary } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    constraint: CONSTRAINTS.migration,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });
  return (
    <div className="page auth-card card">
      <h1>비밀번호 재설정</h1>
      {temporary ? (
        <div className="alert info">
          <strong>{name}님, 리드인에 오신 것을 환영합니다.</strong>
          학원에서 받은 임시 비밀번호로 로그인했습니다. 계정({loginId})을 이용하려면 먼저 새 비밀번호와 보안 질문을 등록해 주세요.
        </div>
      ) : (
        <div className="alert info">
          <strong>{name}님, 리드인이 새로워졌습니다.</strong>
          이전 서비스에서 옮겨 온 계정({loginId})은 처음 한 번 새 비밀번호와 보안 질문을 등록해야 이용할 수 있습니다.
        </div>
      )}
      <AuthForm form={form} submitLabel="저장하고 시작하기" busyLabel="저장 중…">
        <TextField label="새 비밀번호" meta={fields.password} type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
        <TextField label="새 비밀번호 확인" meta={fields.confirm} type="password" autoComplete="new-password" />
        <SecurityQuestionField meta={fields.securityQuestion} />
        <TextField label="보안 질문의 답" meta={fields.securityAnswer} hint="비밀번호를 찾을 때 사용합니다." autoComplete="off" />
      </AuthForm>
    </div>
  );
}
