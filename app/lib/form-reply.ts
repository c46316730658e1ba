// The one shape every page action answers with (docs/decisions/030), read by the form client in the browser
// (app/components/form-client.ts) and written by the page-action protocol on the server (app/web/form-action.server.ts).
// It is conform's `SubmissionResult` (what `submission.reply()` makes), with two members of our own:
// - `code`: the domain error's code when a service refused the form (a page may show another step for one code);
// - `data`: what an action that does not redirect gives back on success (a found id, a preview, the next step).
// The submitted values come back in `initialValue` (passwords and the form token never do), and for a page with
// several forms `initialValue.intent` says which form the reply belongs to.

export type FormReply<D = unknown> = {
  status?: 'error' | 'success';
  intent?: unknown;
  initialValue?: Record<string, unknown> | null;
  /** Messages by field name; '' holds the messages shown above the form. */
  error?: Record<string, string[] | null> | null;
  state?: unknown;
  fields?: string[];
  code?: string;
  data?: D;
};

/** A field's native constraints, written on its input so the browser checks them before a round trip. */
export type Constraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
  pattern?: string;
  accept?: string;
};

/** The reply when it belongs to the form of `intent` (a page with several forms), else null. */
export function replyFor<R extends FormReply>(reply: R | null | undefined, intent: string): R | null {
  if (!reply) return null;
  return reply.initialValue?.intent === intent ? reply : null;
}

/** The first message above the form, or of any field, of a refusal: for pages that show one line. */
export function firstError(reply: FormReply | null | undefined): string | null {
  const error = reply?.error;
  if (!error) return null;
  const form = error['']?.[0];
  if (form) return form;
  for (const messages of Object.values(error)) if (messages?.[0]) return messages[0];
  return null;
}
