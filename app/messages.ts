// The Korean messages the specification names (spec §5, §8, §9), verbatim, in one place: each domain's own messages
// sit beside its domain (READING_ERRORS in domain/reading.ts, NOTE_MESSAGES in domain/notes.ts …) and take the spec's
// wording from here. One text per code. A spec message joins this list when the feature that shows it is built.

export const SPEC_MESSAGES = {
  alertTitle: '알림',
  headOnly: '학원장만 접근 가능합니다.',
  // The spec writes 해주세요; spaced as Korean spelling has it (해 주세요).
  basicPayRequired: '이번 달 기본 결제를 해 주세요.',
  readStartOver: '이전 읽기의 시작 페이지보다 작을 수 없습니다.',
  readTotalOver: '현재 도서의 총 페이지보다 클 수 없습니다.',
  readMethodNotFound: '독서활동을 설정해 주세요.',
  readSaveFailed: '독서활동 저장에 실패하였습니다.',
  loginExpired: '로그인이 만료되었습니다. 다시 로그인 해주세요.',
  extendLogin: '로그인을 연장하시겠습니까?',
  popupBlocked: '팝업 차단을 해제해주세요.',
} as const;

/** The session codes of the spec's error catalogue (§8); the reading codes are READING_ERRORS' keys. */
export const ERROR_CODES = {
  INVALID_TOKEN: 'INVALID_TOKEN',
  AUTHORIZED_ERROR: 'AUTHORIZED_ERROR',
  REFRESH_TOKEN_FAIL: 'REFRESH_TOKEN_FAIL',
  /** The account has a temporary (or migrated) password: every call but /api/me and /api/auth/setPassword is refused. */
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export const MESSAGES = {
  notFound: '요청하신 페이지를 찾을 수 없습니다.',
  /** BOOK_NOT_FOUND, whichever service answers it. */
  bookNotFound: '요청하신 도서를 찾을 수 없습니다.',
  serverError: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
  experienceRibbon: '체험 환경',
  /** PASSWORD_CHANGE_REQUIRED: the API's answer to an account that must first choose its own password. */
  passwordChangeRequired:
    '비밀번호를 새로 정한 뒤 이용할 수 있습니다. POST /api/auth/setPassword 로 새 비밀번호와 보안 질문을 등록해 주세요.',
} as const;
