import type { FormReply } from '~/lib/form-reply';

// Reading a page action's reply (the one shape of app/lib/form-reply.ts) in tests: the first message of each field,
// the message above the form under `form`, and the values that came back.

export function replyErrors(reply: FormReply): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, messages] of Object.entries(reply.error ?? {})) {
    if (messages?.[0]) out[name === '' ? 'form' : name] = messages[0];
  }
  return out;
}

export function replyValues(reply: FormReply): Record<string, unknown> {
  return reply.initialValue ?? {};
}
