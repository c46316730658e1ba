import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { formAction, z } from '~/web/form-action.server';
import { requireCsrf } from '~/web/csrf.server';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { homeFor, loginUrl } from '~/web/guards.server';
import { getSession, sessionStorage, writeSession } from '~/web/session.server';
import { consumeRefreshToken } from '~/auth/tokens.server';
import { findAuthUser } from '~/services/users.server';

// POST /member/extend: '예' of the extend-login prompt. Rotates the refresh token (a new family member with a fresh
// expiry), writes the new cookie and goes back to the page (a same-site path only). The one POST that rotates.
export async function loader(_: LoaderFunctionArgs) {
  return redirect('/member/login');
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireCsrf(request),
    schema: z.object({ redirectTo: z.string().optional() }),
    run: async ({ request, value }) => {
      const session = await getSession(request);
      const used = await consumeRefreshToken(session.get('refresh'));
      const user = used.kind === 'failed' ? null : await findAuthUser(used.userId);
      const back = (home: string) => {
        const target = safeRedirectPath(value.redirectTo ?? '', home);
        return target.startsWith('/member/') ? home : target;
      };
      if (!user || user.status !== 'ACTIVE' || used.kind === 'failed') {
        const expiredTo = loginUrl(new Request(new URL(back('/landing'), request.url)), { expired: '1' });
        return redirect(expiredTo, { headers: { 'Set-Cookie': await sessionStorage.destroySession(session) } });
      }
      if (used.kind === 'grace') return redirect(back(homeFor(user))); // a double click: the first one rotated it
      const written = await writeSession(user, used.next);
      return redirect(back(homeFor(user)), { headers: { 'Set-Cookie': written.setCookie } });
    },
  });
}
