import { z } from 'zod';
import { AUTHORITIES, USER_ROLES } from '~/domain/enums';
import { TAGS } from '~/web/api-doc.server';
import { apiRoute } from '~/web/api.server';
import { mustSetPassword } from '~/web/guards.server';
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
  /** The account must choose its own password (POST /api/auth/setPassword) before any other call. */
  mustChangePassword: z.boolean(),
});

export const { loader, action } = apiRoute({
  access: 'ANY',
  allowPasswordChange: true,
  doc: {
    path: '/api/me',
    tag: TAGS.me,
    summary: '내 정보',
    description:
      '로그인한 사용자와 그 권한, 이번 달 기본 결제 여부. mustChangePassword 가 true 이면 POST /api/auth/setPassword 로 비밀번호를 새로 정하기 전까지 다른 호출은 PASSWORD_CHANGE_REQUIRED (403) 로 거절됩니다.',
    answer,
  },
  handler: async ({ user }) => ({
    userId: user.id,
    loginId: user.loginId,
    userName: user.name,
    userEmail: user.email,
    userRole: user.role,
    authority: user.authorities,
    basicPay: await hasBasicPay(user.organisationId),
    organisationId: user.organisationId,
    mustChangePassword: mustSetPassword(user),
  }),
});
