import type { Authority, MemberStatus, UserRole } from './enums';

// Rules of the operators' console (super area) that do not need the database: who may grant what, the labels the
// pages show, and the filters of the user search.

/** Authorities an operator can give a SUPER account (staff). ADMIN1 and ADMIN2 only by an ADMIN1. */
export const STAFF_AUTHORITIES = ['ADMIN1', 'ADMIN2', 'COACH', 'BRANCH', 'PRODUCT'] as const satisfies readonly Authority[];
export type StaffAuthority = (typeof STAFF_AUTHORITIES)[number];

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
};

export const ROLE_LABELS: Record<UserRole, string> = { USER: '학생·개인 회원', ADMIN: '학원', SUPER: '운영' };

export const STATUS_LABELS: Record<MemberStatus, string> = {
  ACTIVE: '정상',
  PENDING: '보호자 동의 대기',
  SUSPENDED: '휴면·정지',
  WITHDRAWN: '탈퇴',
  LOCKED: '잠김',
};

export const OPERATOR_MESSAGES = {
  onlyAdmin1: '최고 관리자만 최고·운영 관리자 권한을 주거나 뺄 수 있습니다.',
  notStaff: '운영 계정에만 운영 권한을 줄 수 있습니다.',
  noAuthority: '운영 계정에는 권한이 하나 이상 있어야 합니다.',
  notYourself: '자기 계정은 잠그거나 권한을 바꿀 수 없습니다.',
  userNotFound: '회원을 찾을 수 없습니다.',
  alreadyLocked: '이미 잠긴 계정입니다.',
  notLocked: '잠긴 계정이 아닙니다.',
  noPhone: '휴대폰 번호가 없는 계정입니다. 학원 학생이면 소속 학원에서 비밀번호를 초기화할 수 있습니다.',
  stepUpRequired: '보안을 위해 비밀번호를 다시 입력해 주세요.',
  stepUpWrong: '비밀번호가 올바르지 않습니다.',
  resetLinkInvalid: '비밀번호 재설정 링크가 만료되었거나 이미 사용되었습니다. 운영팀에 다시 요청해 주세요.',
} as const;

/** Which of the authorities may `actor` add to or remove from an account. */
export function canChangeAuthority(actor: readonly Authority[], authority: Authority): boolean {
  if (!(STAFF_AUTHORITIES as readonly Authority[]).includes(authority)) return false;
  if (authority === 'ADMIN1' || authority === 'ADMIN2') return actor.includes('ADMIN1');
  return actor.includes('ADMIN1') || actor.includes('ADMIN2');
}

/**
 * The authorities an account ends with when `actor` submits `requested` for it: only the staff authorities the actor
 * may change move; everything else (HEAD, STUDENT, MIGRATION, and ADMIN1/ADMIN2 for an ADMIN2) stays as it was.
 * Returns null when the actor asked for a change they may not make.
 */
export function nextAuthorities(actor: readonly Authority[], current: readonly Authority[], requested: readonly Authority[]) {
  const changed = STAFF_AUTHORITIES.filter((a) => current.includes(a) !== requested.includes(a));
  if (changed.some((a) => !canChangeAuthority(actor, a))) return null;
  const kept = current.filter((a) => !(STAFF_AUTHORITIES as readonly Authority[]).includes(a));
  const staff = STAFF_AUTHORITIES.filter((a) => requested.includes(a));
  return [...kept, ...staff];
}

/** How long a re-entered password lets an operator grant, lock and start resets without being asked again. */
export const STEP_UP_WINDOW_MS = 10 * 60 * 1000;

/** The actions the audit trail records, as its page names them. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'user.lock': '계정 잠금',
  'user.unlock': '잠금 해제',
  'user.authorities': '권한 변경',
  'user.create-staff': '운영 계정 생성',
  'user.reset-start': '비밀번호 재설정 시작',
  'book.create': '도서 등록',
  'book.update': '도서 수정',
  'book.status': '도서 상태 변경',
  'price.create': '가격 등록',
  'payment.confirm-deposit': '입금 확인',
  'payment.cancel': '주문 취소',
  'payment.refund': '환불',
  'payment.cash-receipt': '현금영수증 발급',
  'settlement.payout': '정산 지급',
};

export const ITEM_STATUS_LABELS: Record<number, string> = { 1: '사용 중', 100: '완료', 200: '사용 안 함' };

// 알림톡 templates (issue 13, talk): the audit trail's names for their changes.
Object.assign(AUDIT_ACTION_LABELS, {
  'talk_template.create': '알림톡 템플릿 등록',
  'talk_template.update': '알림톡 템플릿 수정',
});
