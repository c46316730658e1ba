import { GENRES } from './catalogue';
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
  'book.import': '도서 일괄 등록',
  'note.reassign': '첨삭 코치 변경',
  'price.create': '가격 등록',
  'payment.confirm-deposit': '입금 확인',
  'payment.cancel': '주문 취소',
  'payment.refund': '환불',
  'payment.cash-receipt': '현금영수증 발급',
  'settlement.payout': '정산 지급',
};

export const ITEM_STATUS_LABELS: Record<number, string> = { 1: '사용 중', 100: '완료', 200: '사용 안 함' };

// ── Coaches (/super/coaches): the 첨삭 load per coach and moving a waiting note to another coach. ──

export const COACH_MESSAGES = {
  notWaiting: '첨삭 대기 중인 노트만 다른 코치에게 넘길 수 있습니다. 그사이 첨삭이 끝났을 수 있습니다.',
  sameCoach: '이미 그 코치에게 배정된 노트입니다.',
  alreadyUnassigned: '이미 미배정인 노트입니다.',
  notACoach: '활동 중인 첨삭 코치에게만 넘길 수 있습니다.',
  badRequest: '요청을 처리할 수 없습니다. 새로고침한 뒤 다시 시도해 주세요.',
} as const;

/** '45분', '5시간', '2일 3시간': how long a note waited for its correction. */
export function waitLabel(minutes: number | null): string {
  if (minutes === null) return '-';
  if (minutes < 60) return `${minutes}분`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours}시간`;
  return `${Math.floor(hours / 24)}일${hours % 24 ? ` ${hours % 24}시간` : ''}`;
}

// ── Bulk import of books (/super/books/import): the preview's and the confirm's messages. ──

export const BOOK_IMPORT_MESSAGES = {
  noFile: '가져올 파일을 선택해 주세요.',
  tooLarge: '파일이 너무 큽니다. 2MB 이하의 파일을 올려 주세요.',
  tooManyRows: '한 번에 500권까지 가져올 수 있습니다. 파일을 나눠서 올려 주세요.',
  missingColumns: (names: string[]) => `첫 줄에 ${names.join(', ')} 열이 없습니다. 양식 파일의 첫 줄을 그대로 써 주세요.`,
  noRows: '파일에 책이 없습니다. 첫 줄(열 이름) 아래에 책을 한 줄에 한 권씩 적어 주세요.',
  notFound: '가져오기 기록을 찾을 수 없습니다.',
  nothingValid: '등록할 수 있는 줄이 없습니다. 오류를 고친 파일을 다시 올려 주세요.',
  levelRule: '읽기 수준은 1~10 사이의 숫자로 적어 주세요. (예: 3 또는 L3)',
  genreRule: `장르는 ${GENRES.map((g) => g.label).join(', ')} 중 하나로 적어 주세요.`,
  careerUnknown: (name: string) => `'${name}'은(는) 없는 진로 분야입니다. 진로 분야 이름을 쉼표로 나눠 적어 주세요.`,
  isbnTaken: (title: string) => `이미 도서 목록에 있는 ISBN입니다. (『${title}』)`,
  isbnInFile: (lines: number[]) => `파일의 ${lines.join(', ')}번째 줄과 ISBN이 같습니다.`,
} as const;
