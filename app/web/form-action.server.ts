import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, TypedResponse } from '@remix-run/node';
import { json } from '@remix-run/node';
import type { z } from 'zod';
import { noteClientAddress } from '~/auth/rate-limit.server';
import { isDomainError, type DomainError } from '~/lib/errors';
import type { FormReply } from '~/lib/form-reply';
import { CSRF_FIELD } from '~/web/csrf.server';
import { domainErrorResponse, idParam } from '~/web/http.server';
import { isMultipart, readMultipart } from '~/web/uploads.server';

// The page-action protocol (docs/decisions/030), the counterpart of the API's `apiRoute`: every page action is
//   export async function action(args: ActionFunctionArgs) {
//     return formAction(args, { guard, schema, fields, run });
//   }
// (a function declaration, not `export const action = …`: the browser's build drops an unused function, not a call
// made when the module loads, and this module is empty in the browser) and reads guard → the form's zod schema → the service → one reply. The guard runs first (it checks the form's
// CSRF token); the posted form is read once (a multipart upload with its limits); the schema's refusal, or a
// service's DomainError, comes back as the one reply shape (app/lib/form-reply.ts) with the typed values kept and
// the message beside the field `fields` names for its code (above the form otherwise); a 403 or 404 from the service
// is the area's error page instead. `run` answers with a redirect (`redirectWithFlash`) or, for a page that shows its
// result in place, `done(data)`. A page with several forms takes a `z.discriminatedUnion('intent', …)` schema.

type Args = ActionFunctionArgs;

/** Where a service's refusal is shown: its code → the field's name ('' or absent: above the form). */
// A page route takes zod from here, not from 'zod': an import of this server module never reaches the browser, while a
// page module's own `import { z } from 'zod'` stays in its client bundle even when only the action uses it.
export { z } from 'zod';

export type FieldsOf = Readonly<Partial<Record<string, string>>>;

const DONE = Symbol('form done');
type Done<D> = { [DONE]: true; data: D };

/** A success the page shows in place (no redirect): `data` comes back in the reply. */
export function done<D>(data: D): Done<D> {
  return { [DONE]: true, data };
}

/** What a page action's reply is, for `useActionData<typeof action>()`. */
export type FormActionResponse<D> = Promise<TypedResponse<FormReply<D>>>;

type Context<U, I extends string> = {
  user: U;
  /** The numeric path parameters named in `ids`. */
  ids: Record<I, number>;
  formData: FormData;
  request: Request;
  params: Args['params'];
  context: Args['context'];
};

type Options<U, S extends z.ZodTypeAny, D, I extends string> = {
  /** The area's guard: returns who is posting or throws (sign-in redirect, 403, the CSRF refusal). */
  guard: (args: Args) => Promise<U>;
  /** Path parameters that must be positive whole numbers; a bad one is the area's 404 (with `notFound` when given). */
  ids?: readonly I[];
  notFound?: string;
  /** The form's contract; a function when it depends on who posts or on the path. */
  schema: S | ((ctx: Omit<Context<U, I>, 'formData'>) => S);
  fields?: FieldsOf;
  /** Fields whose values never come back (passwords, codes); the form token never does. */
  hideFields?: readonly string[];
  /** A form that may carry a file (multipart): the file's limit and the refusal when it or the body is larger. */
  upload?: { maxBytes: number; tooLarge: () => DomainError };
  /** Checks of the raw form before the schema (the honeypot of the public forms); throws to refuse. */
  screen?: (formData: FormData) => void;
  /** The message of a submission whose `intent` is none of the page's forms. */
  unknownIntent?: string;
  run: (ctx: Context<U, I> & { value: z.output<S> }) => Promise<Response | Done<D>>;
};

export const FORM_MESSAGES = {
  unknownIntent: '요청을 처리하지 못했습니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.',
} as const;

async function readForm(request: Request, upload: Options<unknown, z.ZodTypeAny, unknown, string>['upload']) {
  if (upload && isMultipart(request)) return readMultipart(request, upload.maxBytes, upload.tooLarge);
  // A clone: the sign-in's strategy (remix-auth-form) reads the form from the request again.
  return request.clone().formData();
}

type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] };
type Submission = { reply: (options?: ReplyOptions) => unknown };

function reply<D>(submission: Submission, options: ReplyOptions, extra: { code?: string; data?: D } = {}): FormReply<D> {
  return { ...(submission.reply(options) as FormReply<D>), ...extra };
}

/** A page action: guard → schema → service → one reply shape. */
export async function formAction<U, S extends z.ZodTypeAny, D = never, I extends string = never>(
  args: Args,
  options: Options<U, S, D, I>,
): FormActionResponse<D> {
  const hideFields = [CSRF_FIELD, ...(options.hideFields ?? [])];
  const { request, params, context } = args;
  // The socket's address, for the services that keep it (the audit trail: requestOrigin) and for the limits.
  noteClientAddress(request, context);
  const user = await options.guard(args);
  const ids = {} as Record<I, number>;
  for (const name of options.ids ?? []) ids[name] = idParam(params[name], options.notFound);
  const base = { user, ids, request, params, context };

  let formData: FormData;
  try {
    formData = await readForm(request, options.upload);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return json({ status: 'error', code: error.code, error: { '': [error.message] } } satisfies FormReply<D>, {
      status: error.status,
    });
  }
  options.screen?.(formData);
  const schema = typeof options.schema === 'function' ? (options.schema as (c: typeof base) => S)(base) : options.schema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') {
    // An intent the schema does not know is a stale or forged page, not a field to correct.
    if (submission.error?.intent) {
      const message = options.unknownIntent ?? FORM_MESSAGES.unknownIntent;
      return json(reply<D>(submission, { formErrors: [message], hideFields }), { status: 400 });
    }
    return json(reply<D>(submission, { hideFields }), { status: 400 });
  }
  try {
    const outcome = await options.run({ ...base, formData, value: submission.value as z.output<S> });
    if (outcome instanceof Response) return outcome as TypedResponse<never>;
    return json(reply<D>(submission, { hideFields }, { data: outcome.data }));
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.status === 403 || error.status === 404) throw domainErrorResponse(error);
    const field = options.fields?.[error.code];
    const where = field ? { fieldErrors: { [field]: [error.message] } } : { formErrors: [error.message] };
    return json(reply<D>(submission, { ...where, hideFields }, { code: error.code }), { status: error.status });
  }
}
