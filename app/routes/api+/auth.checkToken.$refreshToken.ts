import { isRefreshTokenValid } from '~/auth/tokens.server';
import { apiRoute } from '~/lib/api.server';

// GET /api/auth/checkToken/:refreshToken → { data: boolean }: is this refresh token still usable? Reads only.
export const { loader, action } = apiRoute({
  access: 'PUBLIC',
  handler: ({ params }) => isRefreshTokenValid(params.refreshToken),
});
