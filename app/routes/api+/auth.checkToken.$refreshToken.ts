import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiData, handleApi } from '~/auth/api.server';
import { isRefreshTokenValid } from '~/auth/tokens.server';

// GET /api/auth/checkToken/:refreshToken → { data: boolean }: is this refresh token still usable? Reads only.
export const loader = ({ params }: LoaderFunctionArgs) =>
  handleApi(async () => apiData(await isRefreshTokenValid(params.refreshToken), { headers: { 'Cache-Control': 'no-store' } }));
