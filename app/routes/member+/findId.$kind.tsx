import { getFormProps, useForm } from '~/components/form-client';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, NavLink, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { findIdSchema as schema, parseWithZod } from '~/auth/account-schemas.server';
import { memberFormLoader, readMemberForm } from '~/web/forms/member-forms.server';
import { FormErrors, TextField } from '~/components/form-fields';
import { HoneypotFields } from '~/components/honeypot';
import { CONSTRAINTS } from '~/domain/account-constraints';
import { MEMBER_KIND_LABELS } from '~/domain/accounts';
import { findLoginIds } from '~/services/accounts.server';
import { CsrfInput } from '~/components/csrf';

export const meta: MetaFunction = () => [{ title: '아이디 찾기 | 리드인' }];

export function loader(args: LoaderFunctionArgs) {
  return memberFormLoader(args);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { kind, formData } = await readMemberForm(request, params);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') return json({ result: submission.reply(), found: null }, { status: 400 });
  const found = await findLoginIds(kind, submission.value.name, submission.value.phone);
  if (found.length === 0) {
    return json(
      { result: submission.reply({ formErrors: ['입력하신 정보와 일치하는 아이디가 없습니다.'] }), found: null },
      { status: 404 },
    );
  }
  return json({ result: submission.reply(), found });
}

export default function FindId() {
  const { kind, honeypot: honeypotProps } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `find-id-${kind}`,
    lastResult: data?.result,
    constraint: CONSTRAINTS.findId,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });
  return (
    <div className="page auth-card card">
      <h1>아이디 찾기</h1>
      <nav aria-label="회원 구분" className="tabs">
        <NavLink to="/member/findId/student">학생</NavLink>
        <NavLink to="/member/findId/adult">성인</NavLink>
      </nav>
      {data?.found ? (
        <section className="alert success" role="status" aria-labelledby="found-title">
          <strong id="found-title">가입하신 아이디</strong>
          <ul className="found-ids">
            {data.found.map((id) => (
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
      <FormErrors errors={form.errors} id={form.errorId} />
      <p className="muted">{MEMBER_KIND_LABELS[kind]} 회원으로 가입할 때 입력한 이름과 휴대폰 번호를 입력해 주세요.</p>
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <HoneypotFields props={honeypotProps} />
        <TextField label="이름" meta={fields.name} autoComplete="name" />
        <TextField label="휴대폰 번호" meta={fields.phone} type="tel" inputMode="tel" autoComplete="tel" />
        <div className="form-actions">
          <button type="submit" className="full" disabled={navigation.state === 'submitting'}>
            아이디 찾기
          </button>
        </div>
      </Form>
      <p className="auth-links">
        <Link to="/member/login">로그인</Link>
        <Link to={`/member/findPassword/${kind}`}>비밀번호 찾기</Link>
        <Link to={`/member/register/${kind}`}>회원가입</Link>
      </p>
    </div>
  );
}
