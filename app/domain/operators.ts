import { GENRES } from './catalogue';
import type { Authority, MemberStatus } from './enums';
import { withParticle } from '~/domain/korean';

// Rules of the operators' console (super area) that do not need the database: who may grant what, the labels the
// pages show, and the filters of the user search.

/** Authorities an operator can give a SUPER account (staff). ADMIN1 and ADMIN2 only by an ADMIN1. */
export const STAFF_AUTHORITIES = ['ADMIN1', 'ADMIN2', 'COACH', 'BRANCH', 'PRODUCT'] as const satisfies readonly Authority[];
export type StaffAuthority = (typeof STAFF_AUTHORITIES)[number];

export { AUTHORITY_LABELS, ROLE_LABELS } from './roles';

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
  'user.portfolio': '독서 포트폴리오 열람(정보 열람 요청)',
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
  // FAQ and policies (/super/content)
  'content.create': 'FAQ·약관 새 버전',
  'content.update': 'FAQ·약관 예약 버전 수정',
  'content.delete': 'FAQ·약관 예약 버전 삭제',
  // Organisations (/super/organisations)
  'academy.create': '학원 등록',
  'academy.update': '학원 정보 수정',
  'academy.move': '학원 지사 이동',
  'academy.close': '학원 해지',
  'academy.reopen': '학원 해지 취소',
  'branch.create': '지사 등록',
  'branch.update': '지사 정보 수정',
  'agency.create': '대리점 등록',
  'agency.update': '대리점 정보 수정',
  // The problem bank (/super/problems)
  'problem_set.create': '문제 세트 생성',
  'problem_set.update': '문제 세트 정보 수정',
  'problem_set.status': '문제 세트 상태 변경',
  'problem_set.draft': '문제 세트 편집 시작',
  'problem_set.discard': '문제 세트 초안 버림',
  'problem_set.problem-add': '문제 추가',
  'problem_set.problem-update': '문제 수정',
  'problem_set.problem-delete': '문제 삭제',
  'problem_set.problem-move': '문제 순서 변경',
  'problem_set.publish': '문제 세트 게시',
  // 1:1 inquiries (/super/inquiries)
  'inquiry.check': '1:1 문의 확인',
  'inquiry.answer': '1:1 문의 답변',
  // Platform notices (/super/notices)
  'notice.create': '공지 등록',
  'notice.update': '공지 수정',
  'notice.delete': '공지 삭제',
  // 알림톡 templates (/talk)
  'talk_template.create': '알림톡 템플릿 등록',
  'talk_template.update': '알림톡 템플릿 수정',
};

export const ITEM_STATUS_LABELS: Record<number, string> = { 1: '사용 중', 100: '완료', 200: '사용 안 함' };

// ── Organisations: branches (지사), agencies (대리점), academies and individual memberships ─────────────────────────
// The words and rules of /super/organisations that need no database (the pages import them too).

export const ORGANISATION_STATUSES = ['ACTIVE', 'CLOSED'] as const;
export type OrganisationStatusValue = (typeof ORGANISATION_STATUSES)[number];
export const ORGANISATION_STATUS_LABELS: Record<OrganisationStatusValue, string> = { ACTIVE: '이용 중', CLOSED: '해지' };

/** An academy code: a letter, then letters and digits, 3–20 in all, kept in capitals (registration upper-cases). */
export const ACADEMY_CODE_PATTERN = '[A-Za-z][A-Za-z0-9]{2,19}';
export function normaliseAcademyCode(value: string): string | null {
  const code = value.trim().toUpperCase();
  return /^[A-Z][A-Z0-9]{2,19}$/.test(code) ? code : null;
}

/** A contact number (landline, mobile or a 4+4 representative number), written with hyphens; null when not one. */
export function normaliseContactPhone(value: string): string | null {
  const d = value.replace(/\D/g, '');
  if (/^1[568]\d{6}$/.test(d)) return `${d.slice(0, 4)}-${d.slice(4)}`;
  if (/^02\d{7,8}$/.test(d)) return `02-${d.slice(2, d.length - 4)}-${d.slice(-4)}`;
  if (/^0[1-9]\d\d{7,8}$/.test(d)) return `${d.slice(0, 3)}-${d.slice(3, d.length - 4)}-${d.slice(-4)}`;
  return null;
}

/** A settlement rate typed in percent ('15', '12.5') as basis points (1500, 1250); null outside 0–100 or finer than 0.01. */
export function parseRatePercent(value: string): number | null {
  const text = value.trim().replace(/%$/, '').trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null;
  const bp = Math.round(Number(text) * 100);
  return bp >= 0 && bp <= 10_000 ? bp : null;
}
/** Basis points as the percent a form shows: 1500 → '15', 1250 → '12.5'. */
export const ratePercentText = (bp: number) => String(bp / 100);

/** Where a payer's bill of this month stands (defined with the payments' words). */
export { MONTH_STATE_LABELS, type MonthState } from './payments';

/** Short names of the tiers of a bill, for tables: '기본 + 추가 1'. */
export const TIER_SHORT_LABELS: Record<number, string> = { 1: '기본', 2: '추가 1', 3: '추가 2', 4: '신규 등록' };

export const ORGANISATION_MESSAGES = {
  academyNotFound: '학원을 찾을 수 없습니다.',
  branchNotFound: '지사를 찾을 수 없습니다.',
  agencyNotFound: '대리점을 찾을 수 없습니다.',
  academyNameRequired: '학원 이름을 입력해 주세요.',
  branchNameRequired: '지사 이름을 입력해 주세요.',
  agencyNameRequired: '대리점 이름을 입력해 주세요.',
  nameTooLong: '이름은 50자 이하로 입력해 주세요.',
  regionRequired: '지역을 입력해 주세요.',
  codeRequired: '학원 코드를 입력해 주세요.',
  codeFormat: '학원 코드는 영문자로 시작하는 영문·숫자 3~20자로 입력해 주세요. (예: HAEORUM)',
  codeTaken: '이미 쓰이고 있는 학원 코드입니다. 다른 코드를 입력해 주세요.',
  phoneFormat: '전화번호를 정확히 입력해 주세요. (예: 02-123-4567, 010-1234-5678)',
  textTooLong: '100자 이하로 입력해 주세요.',
  rateFormat: '정산 비율은 0에서 100 사이의 숫자로 입력해 주세요. (예: 15 또는 12.5)',
  branchRequired: '지사를 선택해 주세요.',
  agencyRequired: '대리점을 선택해 주세요.',
  agencyNotInBranch: '선택한 대리점은 그 지사의 대리점이 아닙니다. 선택한 지사에 속한 대리점을 골라 주세요.',
  branchNameTaken: '같은 이름의 지사가 이미 있습니다.',
  agencyNameTaken: '이 지사에 같은 이름의 대리점이 이미 있습니다.',
  alreadyClosed: '이미 해지된 학원입니다.',
  notClosed: '해지된 학원이 아닙니다.',
  nothingChanged: '바뀐 내용이 없습니다.',
} as const;

/** The organisation changes the audit trail records, as its page names them. */
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
  careerUnknown: (name: string) => `${withParticle(`'${name}'`, '은/는')} 없는 진로 분야입니다. 진로 분야 이름을 쉼표로 나눠 적어 주세요.`,
  isbnTaken: (title: string) => `이미 도서 목록에 있는 ISBN입니다. (『${title}』)`,
  isbnInFile: (lines: number[]) => `파일의 ${lines.join(', ')}번째 줄과 ISBN이 같습니다.`,
} as const;

/** The names of the fields the audit trail's before and after keep, as the trail shows them. */
const AUDIT_FIELD_LABELS: Record<string, string> = {
  status: '상태',
  title: '제목',
  body: '내용',
  content: '내용',
  audience: '대상',
  popupFrom: '팝업 시작',
  popupUntil: '팝업 끝',
  files: '첨부 파일',
  recipients: '받는 사람 수',
  authorities: '권한',
  name: '이름',
  amount: '금액',
  price: '금액',
  coachId: '담당 코치',
};

/** Longest value shown for one field of a change (a notice's body is cut, its whole text stays in the row). */
const AUDIT_VALUE_MAX = 80;

function auditValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '없음';
  const text =
    typeof value === 'string' ? value : Array.isArray(value) ? value.map(auditValue).join(', ') || '없음' : JSON.stringify(value);
  return text.length > AUDIT_VALUE_MAX ? `${text.slice(0, AUDIT_VALUE_MAX)}…` : text;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * An audit row's change as people read it: the fields whose value differs between `before` and `after` (every field
 * of a creation or a deletion), each with its label and its two values cut short; the fields that stayed the same are
 * left out.
 */
export function auditChanges(before: unknown, after: unknown): { field: string; before: string | null; after: string | null }[] {
  const asRecord = (v: unknown): Record<string, unknown> | null =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : v == null ? null : { 값: v };
  const from = asRecord(before);
  const to = asRecord(after);
  const keys = [...new Set([...Object.keys(from ?? {}), ...Object.keys(to ?? {})])];
  return keys
    .filter((key) => !from || !to || !sameValue(from[key], to[key]))
    .map((key) => ({
      field: AUDIT_FIELD_LABELS[key] ?? key,
      before: from ? auditValue(from[key]) : null,
      after: to ? auditValue(to[key]) : null,
    }));
}
