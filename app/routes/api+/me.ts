import { apiRoute } from '~/lib/api.server';
import { hasBasicPay } from '~/services/payments/basic-pay.server';

// GET /api/me → the current user (spec §3: userRole, authority, basicPay, …).
export const { loader, action } = apiRoute({
  access: 'ANY',
  handler: async ({ user }) => ({
    userId: user.id,
    loginId: user.loginId,
    userName: user.name,
    userEmail: user.email,
    userRole: user.role,
    authority: user.authorities,
    basicPay: await hasBasicPay(user.organisationId),
    organisationId: user.organisationId,
  }),
});
