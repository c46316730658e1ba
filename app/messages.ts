// Every user-facing Korean message the specification names, verbatim, in one place (spec §5, §8).
// Messages of our own design sit below them, grouped by area.

export const SPEC_MESSAGES = {
  alertTitle: '알림',
  headOnly: '학원장만 접근 가능합니다.',
  basicPayRequired: '이번 달 기본 결제를 해주세요.',
  readStartOver: '이전 읽기의 시작 페이지보다 작을 수 없습니다.',
  readTotalOver: '현재 도서의 총 페이지보다 클 수 없습니다.',
  readMethodNotFound: '독서활동을 설정해 주세요.',
  readSaveFailed: '독서활동 저장에 실패하였습니다.',
  loginExpired: '로그인이 만료되었습니다. 다시 로그인 해주세요.',
  extendLogin: '로그인을 연장하시겠습니까?',
  popupBlocked: '팝업 차단을 해제해주세요.',
} as const;

/** Error codes of the spec's error catalogue (§8) and the message each one shows. */
export const ERROR_CODES = {
  INVALID_TOKEN: 'INVALID_TOKEN',
  AUTHORIZED_ERROR: 'AUTHORIZED_ERROR',
  REFRESH_TOKEN_FAIL: 'REFRESH_TOKEN_FAIL',
  READ_METHOD_NOT_FOUND: 'READ_METHOD_NOT_FOUND',
  INVALID_READ_START_OVER: 'INVALID_READ_START_OVER',
  INVALID_READ_TOTAL_OVER: 'INVALID_READ_TOTAL_OVER',
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export const MESSAGES = {
  notFound: '요청하신 페이지를 찾을 수 없습니다.',
  serverError: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
  experienceRibbon: '체험 환경',
} as const;
