import { z } from 'zod';
import { AUTHORITIES, USER_ROLES } from '~/domain/enums';
import { TAGS } from '~/web/api-doc.server';
import { apiRoute } from '~/web/api.server';
import { hasBasicPay } from '~/services/payments/basic-pay.server';

// GET /api/me → the current user (spec §3: userRole, authority, basicPay, …).
const answer = z.object({
  userId: z.number().int(),
  loginId: z.string(),
  userName: z.string(),
  userEmail: z.string().nullable(),
  userRole: z.enum(USER_ROLES),
  authority: z.array(z.enum(AUTHORITIES)),
  basicPay: z.boolean(),
  organisationId: z.number().int().nullable(),
});

export const { loader, action } = apiRoute({
  access: 'ANY',
  doc: { path: '/api/me', tag: TAGS.me, summary: '내 정보', description: '로그인한 사용자와 그 권한, 이번 달 기본 결제 여부.', answer },
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
