import { useForm } from '~/components/form-client';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { findIdSchema as schema } from '~/auth/account-schemas.server';
import { done } from '~/web/form-action.server';
import { memberFormAction } from './__member-action.server';
import { memberFormLoader, refusedAbove } from '~/web/forms/member-forms.server';
import { TextField } from '~/components/form-fields';
import { CONSTRAINTS } from '~/domain/account-constraints';
import { MEMBER_KIND_LABELS } from '~/domain/accounts';
import { findLoginIds } from '~/services/account-recovery.server';
import { AuthForm, KindTabs } from './__auth-form';

export const meta: MetaFunction = () => [{ title: '아이디 찾기 | 리드인' }];

export function loader(args: LoaderFunctionArgs) {
  return memberFormLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return memberFormAction(args, {
    schema,
    run: async ({ user: { kind }, value: { name, phone } }) => {
      const found = await findLoginIds(kind, name, phone);
      // No match is a 404 shown above the form (not the area's error page).
      if (found.length === 0) return refusedAbove('입력하신 정보와 일치하는 아이디가 없습니다.', 404, { name, phone });
      return done({ found });
    },
  });
}

export default function FindId() {
  const { kind, honeypot: honeypotProps } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const found = reply?.data?.found;
  const [form, fields] = useForm({
    id: `find-id-${kind}`,
    lastResult: reply,
    constraint: CONSTRAINTS.findId,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });
  return (
    <div className="page auth-card card">
      <h1>아이디 찾기</h1>
      <KindTabs base="/member/findId" />
      {found ? (
        <section className="alert success" role="status" aria-labelledby="found-title">
          <strong id="found-title">가입하신 아이디</strong>
          <ul className="found-ids">
            {found.map((id) => (
              <li key={id}>{id}</li>
            ))}
          </ul>
          <p>개인정보 보호를 위해 아이디의 일부를 가렸습니다.</p>
          <p className="form-actions">
            <Link className="button" to="/member/login">
              로그인
            </Link>
            <Link className="button secondary" to={`/member/findPassword/${kind}`}>
              비밀번호 찾기
            </Link>
          </p>
        </section>
      ) : null}
      <AuthForm
        form={form}
        honeypot={honeypotProps}
        intro={<p className="muted">{MEMBER_KIND_LABELS[kind]} 회원으로 가입할 때 입력한 이름과 휴대폰 번호를 입력해 주세요.</p>}
        submitLabel="아이디 찾기"
      >
        <TextField label="이름" meta={fields.name} autoComplete="name" />
        <TextField label="휴대폰 번호" meta={fields.phone} type="tel" inputMode="tel" autoComplete="tel" />
      </AuthForm>
      <p className="auth-links">
        <Link to="/member/login">로그인</Link>
        <Link to={`/member/findPassword/${kind}`}>비밀번호 찾기</Link>
        <Link to={`/member/register/${kind}`}>회원가입</Link>
      </p>
    </div>
  );
}
