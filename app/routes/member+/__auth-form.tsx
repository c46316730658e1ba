import type { ReactNode } from 'react';
import type { HoneypotInputProps } from 'remix-utils/honeypot/server';
import { Form, NavLink, useNavigation } from '@remix-run/react';
import { getFormProps, type FormMetadata } from '~/components/form-client';
import { FormErrors } from '~/components/form-fields';
import { HoneypotFields } from '~/components/honeypot';
import { CsrfInput } from '~/components/csrf';

// The pieces the member pages (sign-up, finding an id or a password, a new password) share.

/** The 학생 / 성인 tabs of a page that exists for both kinds of member (`/member/findId/student` …). */
export function KindTabs({ base, suffix = '' }: { base: string; suffix?: string }) {
  return (
    <nav aria-label="회원 구분" className="tabs">
      <NavLink to={`${base}/student`}>학생{suffix}</NavLink>
      <NavLink to={`${base}/adult`}>성인{suffix}</NavLink>
    </nav>
  );
}

/**
 * A member form: its errors, `intro` (what stands between them and the form), the CSRF token, the honeypot of the public forms, the fields and one
 * full-width submit button, disabled while it is sent (showing `busyLabel` then, when there is one).
 */
export function AuthForm({
  form,
  honeypot,
  intro,
  submitLabel,
  busyLabel,
  children,
}: {
  form: FormMetadata;
  honeypot?: HoneypotInputProps;
  intro?: ReactNode;
  submitLabel: string;
  busyLabel?: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <FormErrors errors={form.errors} id={form.errorId} />
      {intro}
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        {honeypot ? <HoneypotFields props={honeypot} /> : null}
        {children}
        <div className="form-actions">
          <button type="submit" className="full" disabled={busy}>
            {busy && busyLabel ? busyLabel : submitLabel}
          </button>
        </div>
      </Form>
    </>
  );
}
