import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiData, handleApi, requireApiUser } from '~/auth/api.server';
import { hasBasicPay } from '~/services/payments.server';

// GET /api/me → the current user (spec §3: userRole, authority, basicPay, …).
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const user = await requireApiUser(request);
    return apiData(
      {
        userId: user.id,
        loginId: user.loginId,
        userName: user.name,
        userEmail: user.email,
        userRole: user.role,
        authority: user.authorities,
        basicPay: await hasBasicPay(user.organisationId),
        organisationId: user.organisationId,
      },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  });
