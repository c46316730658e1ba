import { isRefreshTokenValid } from '~/auth/tokens.server';
import { z } from 'zod';
import { TAGS } from '~/web/api-doc.server';
import { apiRoute } from '~/web/api.server';

// GET /api/auth/checkToken/:refreshToken → { data: boolean }: is this refresh token still usable? Reads only.
export const { loader, action } = apiRoute({
  access: 'PUBLIC',
  doc: {
    path: '/api/auth/checkToken/{refreshToken}',
    tag: TAGS.auth,
    summary: 'refresh token 확인',
    description: '이 refresh token 을 아직 쓸 수 있는지 답합니다. 아무것도 바꾸지 않습니다.',
    answer: z.boolean(),
  },
  handler: ({ params }) => isRefreshTokenValid(params.refreshToken),
});
