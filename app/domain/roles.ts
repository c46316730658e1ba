import type { Authority, UserRole } from './enums';

// The names of roles and authorities, one table for every screen: the header's badge, the operators' user pages,
// the notices' audience. Kept apart from the operators' rules so that the app shell (in every page's script) reads
// it without them.

export const AUTHORITY_LABELS: Record<Authority, string> = {
  ALL: '전체',
  ADMIN1: '최고 관리자',
  ADMIN2: '운영 관리자',
  COACH: '첨삭 코치',
  BRANCH: '지사',
  HEAD: '학원장',
  TEACHER: '선생님',
  STUDENT: '학생',
  MIGRATION: '비밀번호 재설정 대기',
  PRODUCT: '도서·문제 관리',
  PARENT: '보호자',
};

export const ROLE_LABELS: Record<UserRole, string> = { USER: '회원', ADMIN: '학원', SUPER: '운영' };

/** '학원장', '학생', '첨삭 코치' … the most specific label of a user's role (an authority that names a role). */
export function roleLabel(user: { role: string; authorities: readonly string[] }) {
  const specific = user.authorities.find((a): a is Authority => a !== 'MIGRATION' && a !== 'ALL' && a in AUTHORITY_LABELS);
  return specific ? AUTHORITY_LABELS[specific] : (ROLE_LABELS[user.role as UserRole] ?? user.role);
}
