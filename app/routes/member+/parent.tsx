import { replyFor, useForm, type SubmissionResult } from '~/components/form-client';
import type { HoneypotInputProps } from 'remix-utils/honeypot/server';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { TextField } from '~/components/form-fields';
import { safeRedirectWithin } from '~/lib/safe-redirect';
import { isDomainError } from '~/lib/errors';
import { done, formAction } from '~/web/form-action.server';
import { checkHoneypot, honeypot } from '~/web/honeypot.server';
import { PARENT_HOME, redirectIfSignedIn } from '~/web/guards.server';
import { refusedAbove } from '~/web/forms/member-forms.server';
import { signInHeaders } from '~/web/session.server';
import { clientIp, noteClientAddress } from '~/auth/rate-limit.server';
import { PARENT_MESSAGES } from '~/domain/parents';
import { requestParentCode, verifyParentCode } from '~/services/parents/sign-in.server';
import { parentSignInSchema } from './__parent-schema.server';
import { AuthForm } from './__auth-form';

export const meta: MetaFunction = () => [{ title: '보호자 로그인 | 리드인' }];

// The parents' sign-in (docs/decisions/040-parent-sign-in-by-phone-code.md): the phone the academy has on file, then the
// six-digit code sent to it. Two steps of one page that work without JavaScript: step 1's reply carries the phone
// (`data.phone`), a refused step 2 shows step 2 again with its phone (an expired code starts again at step 1). The
// address a message's link asked for (`redirectTo`, a /parent page) is kept through both steps.

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  return json({ redirectTo: new URL(request.url).searchParams.get('redirectTo') ?? '', honeypot: honeypot.getInputProps() });
}

/** Only a page of the parents' area (a path on this site, resolved as the browser would): anything else goes home. */
const parentTarget = (redirectTo: string | undefined) => safeRedirectWithin(redirectTo, PARENT_HOME);

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: async ({ request, context }) => {
      await redirectIfSignedIn(request);
      noteClientAddress(request, context);
    },
    screen: checkHoneypot,
    schema: parentSignInSchema(),
    fields: { PARENT_PHONE_INVALID: 'phone', PARENT_CODE_MISMATCH: 'code' },
    hideFields: ['code'],
    run: async ({ value, request, context }) => {
      if (value.intent === 'phone') {
        const sent = await requestParentCode(value.phone);
        return done({ phone: sent.phone, redirectTo: value.redirectTo ?? '' });
      }
      let parent;
      try {
        parent = await verifyParentCode(value.phone, value.code, clientIp(request, context));
      } catch (error) {
        if (isDomainError(error) && error.code === 'PARENT_NO_ACTIVE_CHILD')
          return refusedAbove(error.message, 403, { intent: 'phone', phone: value.phone });
        throw error;
      }
      const headers = await signInHeaders(parent);
      return redirect(parentTarget(value.redirectTo), { headers });
    },
  });
}

type LastResult = SubmissionResult | null | undefined;

export default function ParentSignIn() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const refusedCode = replyFor(reply, 'code');
  const kept = refusedCode && refusedCode.code !== 'CODE_EXPIRED' ? refusedCode.initialValue : null;
  const sent = reply && 'data' in reply && reply.data ? reply.data : null;
  const phone = sent?.phone ?? (typeof kept?.phone === 'string' ? kept.phone : null);
  const redirectTo = sent?.redirectTo ?? (typeof kept?.redirectTo === 'string' ? kept.redirectTo : data.redirectTo);
  return (
    <div className="page auth-card card">
      <h1>보호자 로그인</h1>
      {phone ? (
        <CodeStep key={phone} phone={phone} redirectTo={redirectTo} result={refusedCode} honeypotProps={data.honeypot} />
      ) : (
        <PhoneStep
          redirectTo={redirectTo}
          result={refusedCode?.code === 'CODE_EXPIRED' ? refusedCode : (reply ?? null)}
          honeypotProps={data.honeypot}
        />
      )}
      <p className="auth-links">
        <Link to="/member/login">학생·학원 로그인</Link>
      </p>
    </div>
  );
}

type StepProps = { redirectTo: string; honeypotProps: HoneypotInputProps; result: LastResult };

function PhoneStep({ redirectTo, honeypotProps, result }: StepProps) {
  const [form, fields] = useForm({ id: 'parent-phone', lastResult: result, shouldValidate: 'onSubmit' });
  return (
    <>
      <p className="muted">학원에 등록된 보호자 휴대폰 번호를 입력하면 인증번호를 문자로 보내 드립니다. 비밀번호는 필요 없습니다.</p>
      <AuthForm form={form} honeypot={honeypotProps} submitLabel="인증번호 받기" busyLabel="보내는 중…">
        <input type="hidden" name="intent" value="phone" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField label="휴대폰 번호" meta={fields.phone} type="tel" inputMode="tel" autoComplete="tel" hint="예: 010-1234-5678" />
      </AuthForm>
    </>
  );
}

function CodeStep({ phone, redirectTo, honeypotProps, result }: StepProps & { phone: string }) {
  const [form, fields] = useForm({ id: 'parent-code', lastResult: result, shouldValidate: 'onSubmit' });
  return (
    <>
      <div className="alert info" role="status">
        {PARENT_MESSAGES.codeSent}
      </div>
      <AuthForm form={form} honeypot={honeypotProps} submitLabel="로그인" busyLabel="확인 중…">
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="phone" value={phone} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <p>
          <span className="muted">휴대폰 번호</span> <strong>{phone}</strong>
        </p>
        <TextField label="인증번호" meta={fields.code} inputMode="numeric" autoComplete="one-time-code" />
      </AuthForm>
      <p className="auth-links">
        <Link to={`/member/parent${redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ''}`}>번호 다시 입력</Link>
      </p>
    </>
  );
}
