/**
 * The demo accounts a newcomer tries first (experience environment only: the login page lists them and `npm start`
 * names the first). Every demo account has the password DEMO_PASSWORD (app/domain/accounts.ts); the README lists all.
 */

export const DEMO_ACCOUNTS: ReadonlyArray<{ loginId: string; role: string }> = [
  { loginId: 'student', role: '학생' },
  { loginId: 'adult', role: '개인(성인) 회원' },
  { loginId: 'head', role: '학원장' },
  { loginId: 'teacher', role: '학원 선생님' },
  { loginId: 'head2', role: '학원장 (이번 달 이용료 미납)' },
  { loginId: 'super', role: '운영자 (최고 관리자)' },
  { loginId: 'coach', role: '첨삭 코치' },
  { loginId: 'branch', role: '지사' },
  { loginId: 'product', role: '도서 관리자' },
];

/**
 * The demo parents (보호자): no password; they sign in at /member/parent with a code sent to the phone, which the
 * experience environment shows at /super/messages (signed in as `super`).
 */
export const DEMO_PARENT_ACCOUNTS: ReadonlyArray<{ phone: string; role: string }> = [
  { phone: '010-2100-0001', role: '보호자 (자녀 둘: 해오름·푸른솔)' },
  { phone: '010-2300-0007', role: '보호자 (자녀 하나)' },
];
