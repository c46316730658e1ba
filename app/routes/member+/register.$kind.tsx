import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, NavLink, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { registrationSchema as schema, parseWithZod } from '~/auth/account-schemas.server';
import { homeFor } from '~/auth/guards.server';
import { memberFormLoader, readMemberForm } from '~/lib/forms/member-forms.server';
import { setFlash, startSession } from '~/auth/session.server';
import { xsrfCookie } from '~/auth/xsrf.server';
import { FormErrors, SecurityQuestionField, TextField } from '~/components/form-fields';
import { HoneypotFields } from '~/components/honeypot';
import { CONSTRAINTS } from '~/domain/account-constraints';
import { MEMBER_KIND_LABELS, PASSWORD_HINT } from '~/domain/accounts';
import { isDomainError } from '~/lib/errors';
import { registerMember } from '~/services/accounts.server';
import { CsrfInput } from '~/components/csrf';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? MEMBER_KIND_LABELS[data.kind] : ''} 회원가입 | 리드인` },
];

export function loader(args: LoaderFunctionArgs) {
  return memberFormLoader(args);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { kind, formData } = await readMemberForm(request, params);
  const submission = parseWithZod(formData, { schema });
  const hideFields = ['password', 'confirm'];
  if (submission.status !== 'success') return json(submission.reply({ hideFields }), { status: 400 });
  let user;
  try {
    user = await registerMember(kind, { ...submission.value, academyCode: kind === 'student' ? submission.value.academyCode : undefined });
  } catch (error) {
    if (isDomainError(error)) {
      const field = error.code === 'LOGIN_ID_TAKEN' ? 'loginId' : error.code === 'ACADEMY_NOT_FOUND' ? 'academyCode' : null;
      const reply = field
        ? submission.reply({ fieldErrors: { [field]: [error.message] }, hideFields })
        : submission.reply({ formErrors: [error.message], hideFields });
      return json(reply, { status: error.status });
    }
    throw error;
  }
  const session = await startSession(user);
  const headers = new Headers();
  headers.append('Set-Cookie', session.setCookie);
  headers.append('Set-Cookie', xsrfCookie(session.familyId));
  headers.append('Set-Cookie', await setFlash({ kind: 'success', message: `${user.name}님, 리드인에 오신 것을 환영합니다.` }));
  return redirect(homeFor(user), { headers });
}

export default function Register() {
  const { kind, honeypot: honeypotProps } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `register-${kind}`,
    lastResult,
    constraint: CONSTRAINTS.registration,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });
  return (
    <div className="page auth-card card wide">
      <h1>회원가입</h1>
      <nav aria-label="회원 구분" className="tabs">
        <NavLink to="/member/register/student">학생 회원</NavLink>
        <NavLink to="/member/register/adult">성인 회원</NavLink>
      </nav>
      <FormErrors errors={form.errors} id={form.errorId} />
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <HoneypotFields props={honeypotProps} />
        <TextField label="아이디" meta={fields.loginId} autoComplete="username" hint="영문 소문자와 숫자 4~20자" />
        <TextField label="비밀번호" meta={fields.password} type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
        <TextField label="비밀번호 확인" meta={fields.confirm} type="password" autoComplete="new-password" />
        <TextField label="이름" meta={fields.name} autoComplete="name" />
        <TextField
          label="휴대폰 번호"
          meta={fields.phone}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="아이디·비밀번호 찾기 인증번호를 받을 번호입니다."
        />
        <TextField label="이메일 (선택)" meta={fields.email} type="email" autoComplete="email" />
        {kind === 'student' ? (
          <TextField
            label="학원 코드 (선택)"
            meta={fields.academyCode}
            hint="다니는 학원이 있다면 학원에서 받은 코드를 입력하세요. 없으면 개인 회원으로 가입됩니다."
            autoComplete="off"
          />
        ) : null}
        <SecurityQuestionField meta={fields.securityQuestion} />
        <TextField label="보안 질문의 답" meta={fields.securityAnswer} autoComplete="off" hint="비밀번호를 찾을 때 사용합니다." />
        <div className="field">
          <label className="checkbox">
            <input {...getInputProps(fields.terms, { type: 'checkbox' })} />
            <span>
              <Link to="/landing/policy/readin" target="_blank">
                이용약관
              </Link>
              과{' '}
              <Link to="/landing/policy/privacy" target="_blank">
                개인정보 처리방침
              </Link>
              에 동의합니다.
            </span>
          </label>
          {fields.terms.errors ? (
            <p className="field-error" id={fields.terms.errorId}>
              {fields.terms.errors[0]}
            </p>
          ) : null}
        </div>
        <div className="form-actions">
          <button type="submit" className="full" disabled={navigation.state === 'submitting'}>
            {navigation.state === 'submitting' ? '가입 중…' : '가입하기'}
          </button>
        </div>
      </Form>
      <p className="auth-links">
        이미 계정이 있나요? <Link to="/member/login">로그인</Link>
      </p>
    </div>
  );
}
