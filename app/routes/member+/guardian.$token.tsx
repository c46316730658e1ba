import { firstError, replyFor, useForm } from '~/components/form-client';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { guardianFormSchema as schema } from '~/auth/account-schemas.server';
import { done, formAction } from '~/web/form-action.server';
import { homeFor, redirectIfSignedIn } from '~/web/guards.server';
import { setFlash, signInHeaders } from '~/web/session.server';
import { CsrfInput } from '~/components/csrf';
import { TextField } from '~/components/form-fields';
import { CONSTRAINTS } from '~/domain/account-constraints';
import { orRefusal } from '~/web/http.server';
import { AuthForm } from './__auth-form';
import { confirmGuardianConsent, GUARDIAN_MESSAGES, guardianPage, resendGuardianCode } from '~/services/guardian-consent.server';

export const meta: MetaFunction = () => [{ title: '보호자 동의 | 리드인' }, { name: 'referrer', content: 'same-origin' }];

// The legal guardian's consent for a member under 14 (decision 018): the code sent to the guardian's phone activates
// the account, which is then signed in. A resend is a second form of its own.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const { value: account, refusal } = await orRefusal(() => guardianPage(params.token ?? ''));
  return json({ account, expired: refusal?.message ?? null }, { status: refusal?.status ?? 200, headers: { 'Cache-Control': 'no-store' } });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => redirectIfSignedIn(request),
    schema,
    run: async ({ params, value }) => {
      const token = params.token ?? '';
      if (value.intent === 'resend') {
        await resendGuardianCode(token);
        return done({ resent: GUARDIAN_MESSAGES.resent as string });
      }
      const user = await confirmGuardianConsent(token, value.code);
      const headers = await signInHeaders(user);
      headers.append(
        'Set-Cookie',
        await setFlash({ kind: 'success', message: `보호자 동의가 끝났습니다. ${user.name}님, 리드인에 오신 것을 환영합니다.` }),
      );
      return redirect(homeFor(user), { headers });
    },
  });
}

export default function GuardianConsent() {
  const { account, expired } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const resend = replyFor(reply, 'resend');
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: resend ? undefined : reply,
    constraint: CONSTRAINTS.guardianCode,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });
  if (!account) {
    return (
      <div className="page auth-card card">
        <h1>보호자 동의</h1>
        <p className="alert error" role="alert">
          {expired}
        </p>
        <p>
          <Link to="/member/login">로그인 화면으로</Link>
        </p>
      </div>
    );
  }
  const busy = navigation.state === 'submitting';
  return (
    <div className="page auth-card card">
      <h1>보호자 동의</h1>
      <p>
        <strong>{account.name}</strong>님은 만 14세 미만이어서, 보호자(법정대리인)의 동의가 있어야 가입이 완료됩니다.
      </p>
      <p>
        보호자 <strong>{account.guardianName}</strong>님의 휴대폰(<strong>{account.maskedGuardianPhone}</strong>)으로 인증번호를 보냈습니다.
        보호자께서 아래에 인증번호를 입력하시면 자녀의 가입과 개인정보 수집·이용에 동의하신 것으로 처리됩니다.
      </p>
      {resend ? (
        <p className={resend.data ? 'alert success' : 'alert error'} role={resend.data ? 'status' : 'alert'}>
          {resend.data?.resent ?? firstError(resend)}
        </p>
      ) : null}
      <AuthForm form={form} submitLabel="동의하고 가입 완료" busyLabel="확인 중…">
        <TextField
          label="보호자 인증번호"
          meta={fields.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          hint="6자리 숫자, 10분 안에 입력해 주세요."
        />
      </AuthForm>
      <Form method="post" className="form-actions">
        <CsrfInput />
        <input type="hidden" name="intent" value="resend" />
        <button type="submit" className="secondary" disabled={busy}>
          인증번호 다시 받기
        </button>
      </Form>
      <p className="muted">
        인증번호가 오지 않으면 보호자 휴대폰 번호를 확인하고 다시 받아 주세요. 동의 전에는 로그인해도 이 화면으로 옵니다.
      </p>
    </div>
  );
}
