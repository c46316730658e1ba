import { z } from 'zod';
import { AUTHORITIES, USER_ROLES } from '~/domain/enums';
import { TAGS } from '~/web/api-doc.server';
import { apiRoute } from '~/web/api.server';
import { mustSetPassword } from '~/web/guards.server';
import { billingState } from '~/services/payments/billing-state.server';

// GET /api/me → the current user (spec §3: userRole, authority, basicPay, …), and for the one who pays (a head, an
// individual member) this month's billing state as the payments page reads it. An academy's student is never shown
// the academy's billing: their reading does not depend on it (docs/decisions/031), so basicPay is true for them.
const billing = z.object({
  month: z.string().describe('이용 월 (YYYY-MM, 서울 기준)'),
  state: z.enum(['paid', 'waiting', 'due', 'unpriced', 'closed']).describe('결제 완료, 결제 확인 중, 미결제, 가격 미정, 해지'),
  activeStudents: z.number().int(),
  owed: z.number().int().describe('청구 합계 (원)'),
  paid: z.number().int().describe('결제한 금액 (원, 환불 전)'),
  refunded: z.number().int().describe('환불한 금액 (원)'),
  pending: z.number().int().describe('남은 금액 중 결제 확인 중이거나 입금을 기다리는 금액 (원)'),
  due: z.number().int().describe('남은 금액 (원)'),
  lines: z.array(
    z.object({
      tier: z.number().int(),
      label: z.string(),
      reason: z.string(),
      amount: z.number().int(),
      state: z.enum(['paid', 'checking', 'deposit', 'due']),
      refunded: z.number().int(),
    }),
  ),
});

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
  billing: billing.nullable(),
});

export const { loader, action } = apiRoute({
  access: 'ANY',
  allowPasswordChange: true,
  doc: {
    path: '/api/me',
    tag: TAGS.me,
    summary: '내 정보',
    description:
      '로그인한 사용자와 그 권한, 이번 달 기본 결제 여부. 결제하는 사람(학원장, 개인 회원)에게는 이번 달 결제 상태(billing)도 줍니다. 학원 학생의 독서활동은 학원의 결제와 관계없이 열려 있어 basicPay는 true이고 billing은 null입니다. mustChangePassword 가 true 이면 POST /api/auth/setPassword 로 비밀번호를 새로 정하기 전까지 다른 호출은 PASSWORD_CHANGE_REQUIRED (403) 로 거절됩니다.',
    answer,
  },
  handler: async ({ user }) => {
    const state = await billingState(user.organisationId);
    // A member in an academy is its student; a member with an organisation of their own pays for it.
    const academyStudent = user.role === 'USER' && state?.plan === 'academy';
    const payer = user.role === 'USER' ? state?.plan === 'personal' : user.role === 'ADMIN' && user.authorities.includes('HEAD');
    return {
      userId: user.id,
      loginId: user.loginId,
      userName: user.name,
      userEmail: user.email,
      userRole: user.role,
      authority: user.authorities,
      basicPay: academyStudent ? true : (state?.basicPaid ?? false),
      organisationId: user.organisationId,
      mustChangePassword: mustSetPassword(user),
      billing:
        payer && state
          ? {
              month: state.month,
              state: state.state,
              activeStudents: state.activeStudents,
              owed: state.owed,
              paid: state.paid,
              refunded: state.refunded,
              pending: state.pending,
              due: state.due,
              lines: state.lines.map((l) => ({
                tier: l.tier,
                label: l.label,
                reason: l.reason,
                amount: l.amount,
                state: l.state,
                refunded: l.refunded,
              })),
            }
          : null,
    };
  },
});
