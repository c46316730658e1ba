import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { signIn } from '~/services/accounts.server';
import { clientIp } from '~/auth/rate-limit.server';

export type AuthenticatedUser = Awaited<ReturnType<typeof signIn>>;

// remix-auth 4 keeps no session: the login action writes ours (session.server.ts) after `authenticate` succeeds.
export const authenticator = new Authenticator<AuthenticatedUser>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const loginId = String(form.get('loginId') ?? '');
    const password = String(form.get('password') ?? '');
    return signIn(loginId, password, clientIp(request));
  }),
  'form',
);
