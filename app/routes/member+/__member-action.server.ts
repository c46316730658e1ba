import type { ActionFunctionArgs } from '@remix-run/node';
import type { z } from '~/web/form-action.server';
import type { MemberKind } from '~/domain/accounts';
import { formAction } from '~/web/form-action.server';
import { checkHoneypot } from '~/web/honeypot.server';
import { memberFormGuard } from '~/web/forms/member-forms.server';

type Options<S extends z.ZodTypeAny, D> = Omit<Parameters<typeof formAction<{ kind: MemberKind }, S, D>>[1], 'guard' | 'screen'>;

/**
 * The page action of a public member form for students and adults (register, findId, findPassword): the kind from
 * the URL and the sign-in page's guard (memberFormGuard), the honeypot screened, then the form's own schema and run.
 */
export function memberFormAction<S extends z.ZodTypeAny, D = never>(args: ActionFunctionArgs, options: Options<S, D>) {
  return formAction(args, { guard: memberFormGuard, screen: checkHoneypot, ...options });
}
