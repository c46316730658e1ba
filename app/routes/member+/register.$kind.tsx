import { useForm } from '~/components/form-client';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { registrationSchema as schema } from '~/auth/account-schemas.server';
import { homeFor } from '~/web/guards.server';
import { memberFormAction } from './__member-action.server';
import { memberFormLoader } from '~/web/forms/member-forms.server';
import { setFlash, signInHeaders } from '~/web/session.server';
import { ConsentBox, GradeField, SecurityQuestionField, TextField } from '~/components/form-fields';
import { CONSTRAINTS } from '~/domain/account-constraints';
import { MEMBER_KIND_LABELS, PASSWORD_HINT } from '~/domain/accounts';
import { registerMember, REGISTRATION_FIELDS } from '~/services/accounts.server';
import { guardianToken } from '~/services/guardian-consent.server';
import { AuthForm, KindTabs } from './__auth-form';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? MEMBER_KIND_LABELS[data.kind] : ''} 회원가입 | 리드인` },
];

export function loader(args: LoaderFunctionArgs) {
  return memberFormLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return memberFormAction(args, {
    schema,
    fields: REGISTRATION_FIELDS,
    hideFields: ['password', 'confirm'],
    run: async ({ user: { kind }, value }) => {
      const { user, pendingGuardian, academyRequested } = await registerMember(kind, {
        ...value,
        grade: kind === 'student' ? value.grade : undefined,
        academyCode: kind === 'student' ? value.academyCode : undefined,
      });
      // Under 14: no session until the guardian has consented; the guardian page takes the code.
      if (pendingGuardian) return redirect(`/member/guardian/${guardianToken(user.id)}`);
      const headers = await signInHeaders(user);
      const welcome = `${user.name}님, 리드인에 오신 것을 환영합니다.`;
      headers.append(
        'Set-Cookie',
        await setFlash({
          kind: 'success',
          message: academyRequested ? `${welcome} ${academyRequested} 가입 신청은 학원장님이 승인하면 완료됩니다.` : welcome,
        }),
      );
      return redirect(homeFor(user), { headers });
    },
  });
}

export default function Register() {
  const { kind, honeypot: honeypotProps } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: `register-${kind}`,
    lastResult,
    // A student may leave their own phone empty when a guardian's is given (the server checks which one is there).
    constraint: kind === 'student' ? { ...CONSTRAINTS.registration, phone: {} } : CONSTRAINTS.registration,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });
  return (
    <div className="page auth-card card wide">
      <h1>회원가입</h1>
      <KindTabs base="/member/register" suffix=" 회원" />
      <AuthForm form={form} honeypot={honeypotProps} submitLabel="가입하기" busyLabel="가입 중…">
        <TextField label="아이디" meta={fields.loginId} autoComplete="username" hint="영문 소문자와 숫자 4~20자" />
        <TextField label="비밀번호" meta={fields.password} type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
        <TextField label="비밀번호 확인" meta={fields.confirm} type="password" autoComplete="new-password" />
        <TextField label="이름" meta={fields.name} autoComplete="name" />
        <TextField
          label="생년월일"
          meta={fields.birthDate}
          type="date"
          autoComplete="bday"
          hint={
            kind === 'student'
              ? '만 14세 미만은 보호자(법정대리인)의 동의가 있어야 가입이 완료됩니다.'
              : '성인 회원은 만 19세 이상만 가입할 수 있습니다.'
          }
        />
        {kind === 'student' ? <GradeField meta={fields.grade} /> : null}
        <TextField
          label="휴대폰 번호"
          meta={fields.phone}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint={
            kind === 'student'
              ? '아이디·비밀번호 찾기 인증번호를 받을 번호입니다. 본인 휴대폰이 없으면 비워 두고 아래에 보호자 휴대폰 번호를 입력하세요.'
              : '아이디·비밀번호 찾기 인증번호를 받을 번호입니다.'
          }
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
        {kind === 'student' ? (
          <fieldset className="fieldset">
            <legend>보호자(법정대리인) 정보</legend>
            <p className="field-hint">
              만 14세 미만은 보호자의 동의가 필요합니다. 가입하기를 누르면 보호자 휴대폰으로 인증번호가 가고, 보호자가 그 번호를 입력하면
              가입이 완료됩니다. 본인 휴대폰이 없는 학생은 보호자 휴대폰 번호를 입력해 주세요.
            </p>
            <TextField label="보호자 이름" meta={fields.guardianName} autoComplete="off" />
            <TextField label="보호자 휴대폰 번호" meta={fields.guardianPhone} type="tel" inputMode="tel" autoComplete="off" />
          </fieldset>
        ) : null}
        <SecurityQuestionField meta={fields.securityQuestion} />
        <TextField label="보안 질문의 답" meta={fields.securityAnswer} autoComplete="off" hint="비밀번호를 찾을 때 사용합니다." />
        <fieldset className="fieldset consents">
          <legend>약관 동의</legend>
          <ConsentBox meta={fields.terms} label="[필수] 이용약관에 동의합니다." to="/landing/policy/readin" linkLabel="이용약관 보기" />
          <ConsentBox
            meta={fields.privacy}
            label="[필수] 개인정보 수집·이용에 동의합니다."
            to="/landing/policy/privacy"
            linkLabel="개인정보 처리방침 보기"
          >
            <details>
              <summary>수집하는 항목과 이용 목적</summary>
              <dl className="facts">
                <dt>항목</dt>
                <dd>
                  아이디, 비밀번호, 이름, 생년월일, 휴대폰 번호, 이메일(선택), 보안 질문과 답
                  {kind === 'student' ? ', 학년, 학원 코드, 보호자 이름과 휴대폰 번호(만 14세 미만, 본인 휴대폰이 없는 학생)' : ''}
                </dd>
                <dt>목적</dt>
                <dd>회원 식별과 로그인, 아이디·비밀번호 찾기, 독서활동 기록과 보고서, 소속 학원의 학습 관리</dd>
                <dt>보유 기간</dt>
                <dd>회원 탈퇴 시까지 (법령이 정한 기록은 그 기간까지)</dd>
              </dl>
              <p className="muted">동의하지 않을 수 있으나, 동의하지 않으면 가입할 수 없습니다.</p>
            </details>
          </ConsentBox>
        </fieldset>
      </AuthForm>
      <p className="auth-links">
        이미 계정이 있나요? <Link to="/member/login">로그인</Link>
      </p>
    </div>
  );
}
