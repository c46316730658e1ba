import { replyFor, useForm, type SubmissionResult } from '~/components/form-client';
import type { HoneypotInputProps } from 'remix-utils/honeypot/server';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { findPasswordSchema as schema } from '~/auth/account-schemas.server';
import { done } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
import { memberFormAction } from './__member-action.server';
import { memberFormLoader } from '~/web/forms/member-forms.server';
import { clientIp } from '~/auth/rate-limit.server';
import { TextField } from '~/components/form-fields';
import { CONSTRAINTS } from '~/domain/account-constraints';
import { PASSWORD_HINT, type MemberKind } from '~/domain/accounts';
import { completePasswordRecovery, startPasswordRecovery } from '~/services/account-recovery.server';
import { AuthForm, KindTabs } from './__auth-form';

export const meta: MetaFunction = () => [{ title: '비밀번호 찾기 | 리드인' }];

// Two steps (product.md §4): 1. login id + name → a one-time code is sent to the account's phone and the security
// question is shown (the reply's `data.challenge`); 2. the answer AND the code, with the new password. An answer alone
// never resets a password. A refused step 2 shows step 2 again (its hidden fields come back in the reply's values),
// except an expired code (CODE_EXPIRED), which starts again at step 1.
type Challenge = { loginId: string; name: string; question: string; maskedPhone: string };

export function loader(args: LoaderFunctionArgs) {
  return memberFormLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return memberFormAction(args, {
    schema,
    hideFields: ['password', 'confirm', 'code', 'answer'],
    run: async ({ user: { kind }, value, request, context }) => {
      if (value.intent === 'reset') {
        await completePasswordRecovery(kind, value, clientIp(request, context));
        return redirectWithFlash('/member/login', '비밀번호를 변경했습니다. 새 비밀번호로 로그인해 주세요.');
      }
      const started = await startPasswordRecovery(kind, value.loginId, value.name);
      const challenge: Challenge = {
        loginId: started.loginId,
        name: value.name,
        question: started.question,
        maskedPhone: started.maskedPhone,
      };
      return done({ challenge });
    },
  });
}

/** The challenge of a refused step 2, from the values it posted (its hidden fields). */
function challengeOf(values: Record<string, unknown> | null | undefined): Challenge {
  const text = (name: keyof Challenge) => (typeof values?.[name] === 'string' ? values[name] : '');
  return { loginId: text('loginId'), name: text('name'), question: text('question'), maskedPhone: text('maskedPhone') };
}

export default function FindPassword() {
  const { kind, honeypot: honeypotProps } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const refusedReset = replyFor(reply, 'reset');
  const challenge =
    reply?.data?.challenge ?? (refusedReset && refusedReset.code !== 'CODE_EXPIRED' ? challengeOf(refusedReset.initialValue) : null);
  return (
    <div className="page auth-card card">
      <h1>비밀번호 찾기</h1>
      <KindTabs base="/member/findPassword" />
      {challenge ? (
        <ResetStep key={challenge.loginId} kind={kind} challenge={challenge} result={refusedReset} honeypotProps={honeypotProps} />
      ) : (
        <IdentifyStep kind={kind} result={reply ?? null} honeypotProps={honeypotProps} />
      )}
      <p className="auth-links">
        <Link to="/member/login">로그인</Link>
        <Link to={`/member/findId/${kind}`}>아이디 찾기</Link>
      </p>
      <p className="muted small">보안 질문이나 휴대폰 번호가 없다면 소속 학원 선생님께 비밀번호 초기화를 요청해 주세요.</p>
    </div>
  );
}

type StepProps = { kind: MemberKind; honeypotProps: HoneypotInputProps };
type LastResult = SubmissionResult | null | undefined;

function IdentifyStep({ kind, result, honeypotProps }: StepProps & { result: LastResult }) {
  const [form, fields] = useForm({
    id: `find-password-${kind}`,
    lastResult: result,
    constraint: CONSTRAINTS.identify,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });
  return (
    <>
      <p className="muted">1단계: 아이디와 이름을 입력하면 가입한 휴대폰 번호로 인증번호를 보내 드립니다.</p>
      <AuthForm form={form} honeypot={honeypotProps} submitLabel="인증번호 받기">
        <input type="hidden" name="intent" value="identify" />
        <TextField label="아이디" meta={fields.loginId} autoComplete="username" />
        <TextField label="이름" meta={fields.name} autoComplete="name" />
      </AuthForm>
    </>
  );
}

function ResetStep({ kind, challenge, result, honeypotProps }: StepProps & { challenge: Challenge; result: LastResult }) {
  const [form, fields] = useForm({
    id: `reset-password-${kind}`,
    lastResult: result,
    constraint: CONSTRAINTS.recovery,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });
  return (
    <>
      <div className="alert info" role="status">
        <strong>입력하신 정보와 일치하는 계정이 있으면 인증번호를 보냈습니다.</strong>
        {challenge.maskedPhone} 번호로 보낸 인증번호 6자리를 10분 안에 입력해 주세요.
      </div>
      <AuthForm form={form} honeypot={honeypotProps} submitLabel="비밀번호 변경">
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="loginId" value={challenge.loginId} />
        <input type="hidden" name="name" value={challenge.name} />
        <input type="hidden" name="question" value={challenge.question} />
        <input type="hidden" name="maskedPhone" value={challenge.maskedPhone} />
        <p className="security-question">
          <span className="muted">보안 질문</span> <strong>{challenge.question}</strong>
        </p>
        <TextField label="보안 질문의 답" meta={fields.answer} autoComplete="off" />
        <TextField label="인증번호" meta={fields.code} inputMode="numeric" autoComplete="one-time-code" />
        <TextField label="새 비밀번호" meta={fields.password} type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
        <TextField label="새 비밀번호 확인" meta={fields.confirm} type="password" autoComplete="new-password" />
      </AuthForm>
    </>
  );
}
