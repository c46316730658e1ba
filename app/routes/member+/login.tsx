import { getInputProps, useForm } from '~/components/form-client';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { loginSchema as schema } from '~/auth/account-schemas.server';
import { formAction } from '~/web/form-action.server';
import { authenticator } from '~/web/authenticator.server';
import { homeFor, mustSetPassword, redirectIfSignedIn } from '~/web/guards.server';
import { checkHoneypot, honeypot } from '~/web/honeypot.server';
import { rememberCookie } from '~/web/remember.server';
import { readFlash, signInHeaders } from '~/web/session.server';
import { noteClientAddress } from '~/auth/rate-limit.server';
import { CONSTRAINTS } from '~/domain/account-constraints';
import { SPEC_MESSAGES } from '~/messages';
import { GuardianPendingError } from '~/services/accounts.server';
import { config } from '~/config.server';
import { DEMO_ACCOUNTS, DEMO_PARENT_ACCOUNTS } from '~/content/demo-accounts';
import { DEMO_PASSWORD } from '~/domain/accounts';
import { AuthForm } from './__auth-form';

export const meta: MetaFunction = () => [{ title: '로그인 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const url = new URL(request.url);
  const remembered = (await rememberCookie.parse(request.headers.get('Cookie'))) as string | null;
  const { flash, setCookie } = await readFlash(request);
  return json(
    {
      flash,
      remembered: remembered ?? '',
      redirectTo: url.searchParams.get('redirectTo') ?? '',
      expired: url.searchParams.get('expired') === '1',
      honeypot: honeypot.getInputProps(),
      // The experience environment lists its demo accounts; production never does.
      demoAccounts: config().appEnv === 'EXP' ? DEMO_ACCOUNTS : [],
      demoParents: config().appEnv === 'EXP' ? DEMO_PARENT_ACCOUNTS : [],
    },
    setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined,
  );
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: async ({ request, context }) => {
      await redirectIfSignedIn(request);
      noteClientAddress(request, context);
    },
    screen: checkHoneypot,
    schema,
    hideFields: ['password'],
    run: async ({ request, value: { loginId, rememberId, redirectTo } }) => {
      // A refused sign-in (AuthenticationError, the rate limit) is a DomainError: its message is shown above the form.
      let user;
      try {
        user = await authenticator.authenticate('form', request);
      } catch (error) {
        if (error instanceof GuardianPendingError) return redirect(`/member/guardian/${error.token}`);
        throw error;
      }
      const headers = await signInHeaders(user);
      headers.append('Set-Cookie', await rememberCookie.serialize(rememberId ? loginId : '', rememberId ? {} : { maxAge: 0 }));
      if (mustSetPassword(user)) return redirect('/member/migration', { headers });
      // A redirectTo is honoured only when it is a same-site path; otherwise the user's home.
      const home = homeFor(user);
      const target = redirectTo ? safeRedirectPath(redirectTo, home) : home;
      return redirect(target.startsWith('/member/') ? home : target, { headers });
    },
  });
}

export default function Login() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<{ loginId: string; password: string; rememberId: boolean }>({
    lastResult,
    constraint: CONSTRAINTS.login,
    // Validation runs on the server only (no zod in the page's JavaScript): validating on blur or input would post
    // the form on every blur, slow on school networks and racing the real submit.
    shouldValidate: 'onSubmit',
    defaultValue: { loginId: data.remembered, rememberId: Boolean(data.remembered) },
  });
  return (
    <div className="page auth-card card">
      <h1>로그인</h1>
      {data.flash ? (
        <div className={`alert ${data.flash.kind}`} role="status">
          {data.flash.message}
        </div>
      ) : null}
      {data.expired ? (
        <div className="alert warning" role="alert">
          {SPEC_MESSAGES.loginExpired}
        </div>
      ) : null}
      <AuthForm form={form} honeypot={data.honeypot} submitLabel="로그인" busyLabel="로그인 중…">
        <input type="hidden" name="redirectTo" value={data.redirectTo} />
        <div className="field">
          <label htmlFor={fields.loginId.id}>아이디</label>
          <input {...getInputProps(fields.loginId, { type: 'text' })} autoComplete="username" autoFocus={!data.remembered} />
          {fields.loginId.errors ? (
            <p className="field-error" id={fields.loginId.errorId}>
              {fields.loginId.errors[0]}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={fields.password.id}>비밀번호</label>
          <input
            {...getInputProps(fields.password, { type: 'password' })}
            autoComplete="current-password"
            autoFocus={Boolean(data.remembered)}
          />
          {fields.password.errors ? (
            <p className="field-error" id={fields.password.errorId}>
              {fields.password.errors[0]}
            </p>
          ) : null}
        </div>
        <label className="checkbox">
          <input {...getInputProps(fields.rememberId, { type: 'checkbox' })} /> 아이디 저장
        </label>
      </AuthForm>
      <p className="auth-links">
        <Link to="/member/findId/student">아이디 찾기</Link>
        <Link to="/member/findPassword/student">비밀번호 찾기</Link>
        <Link to="/member/register/student">회원가입</Link>
        <Link to="/member/parent">보호자 로그인</Link>
      </p>
      {data.demoAccounts.length ? (
        <section className="demo-accounts" aria-labelledby="demo-accounts-title">
          <h2 id="demo-accounts-title">체험 계정</h2>
          <p className="muted">
            체험 환경입니다. 아래 아이디로 들어가 보세요. 비밀번호는 모두 <code>{DEMO_PASSWORD}</code>입니다.
          </p>
          <ul>
            {data.demoAccounts.map((a) => (
              <li key={a.loginId}>
                <code>{a.loginId}</code> {a.role}
              </li>
            ))}
          </ul>
          {data.demoParents.length ? (
            <>
              <p className="muted">
                보호자는 비밀번호 없이 <Link to="/member/parent">보호자 로그인</Link>에서 휴대폰 번호와 문자 인증번호로 들어갑니다.
                인증번호는 <code>super</code> 계정의 발송 메시지(/super/messages)에서 볼 수 있습니다.
              </p>
              <ul>
                {data.demoParents.map((p) => (
                  <li key={p.phone}>
                    <code>{p.phone}</code> {p.role}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
