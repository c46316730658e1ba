import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { firstError, replyFor } from '~/components/form-client';
import type { FormReply } from '~/lib/form-reply';

// The submit button and the refusal beside a form, for the staff's and operators' forms (apart from form-fields.tsx,
// which every page's script carries: the student's pages do not use these).

/** A form's submit button, disabled and saying `busyLabel` while the form's submission is under way. */
export function SubmitButton({
  busy,
  label,
  busyLabel = '저장 중…',
  ...button
}: { busy: boolean; label: ReactNode; busyLabel?: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled'>) {
  return (
    <button type="submit" disabled={busy} {...button}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** The refusal of the form `intent` of a page of several forms, beside that form. */
export function Refused({ reply, intent }: { reply: FormReply | null | undefined; intent: string }) {
  const error = firstError(replyFor(reply, intent));
  return error ? (
    <p className="alert error" role="alert">
      {error}
    </p>
  ) : null;
}
