import { enumRecord, InquiryStatus } from './enums';

// 1:1 inquiries (1:1 문의, product.md §3): categories, the status labels the asker and the operators see, limits and
// messages. Shared by server and pages: no server imports here.
//
//   asker:    (new) ──ask──▶ WAIT 1;  WAIT | CHECK | COMPLETE ──delete──▶ DELETE 3 (hidden from the asker, kept)
//   operator: WAIT ──확인──▶ CHECK 2;  WAIT | CHECK ──answer──▶ COMPLETE 999 (an answer from WAIT records the check too)
//
// Every change is `UPDATE inquiries … WHERE id = ? AND status IN (…)`: a repeat finds nothing to change and is
// harmless; an answer to an inquiry the asker deleted is refused.

/** The categories the spec leaves open (spec §3: "inquiry categories"), as stored and as shown. */
export const INQUIRY_CATEGORIES = {
  USAGE: '이용 문의',
  PAYMENT: '결제·환불',
  ACCOUNT: '계정·로그인',
  ERROR: '오류 신고',
  ETC: '기타',
} as const;
export type InquiryCategory = keyof typeof INQUIRY_CATEGORIES;
export const INQUIRY_CATEGORY_CODES = Object.keys(INQUIRY_CATEGORIES) as InquiryCategory[];

export function inquiryCategoryLabel(code: string): string {
  return INQUIRY_CATEGORIES[code as InquiryCategory] ?? code;
}

/** The status as the asker reads it. */
export const INQUIRY_STATUS_LABELS = enumRecord(InquiryStatus, {
  WAIT: '답변 대기',
  CHECK: '확인 중',
  COMPLETE: '답변 완료',
  DELETE: '삭제됨',
});

/** Badge colour per status (app.css `.inquiry-status`). */
export const INQUIRY_STATUS_TONES = enumRecord(InquiryStatus, { WAIT: 'wait', CHECK: 'check', COMPLETE: 'done', DELETE: 'deleted' });

export function inquiryStatusLabel(status: number): string {
  return INQUIRY_STATUS_LABELS[status as InquiryStatus] ?? '알 수 없음';
}

/** The statuses an operator may still answer. */
export const OPEN_INQUIRY_STATUSES: InquiryStatus[] = [InquiryStatus.WAIT, InquiryStatus.CHECK];

export const INQUIRY_LIMITS = {
  titleMax: 100,
  bodyMin: 10,
  bodyMax: 5000,
  answerMax: 5000,
  /** One attachment: an image (re-encoded) or a PDF (stored as is), at most 10 MB. */
  fileMaxBytes: 10 * 1024 * 1024,
  fileNameMax: 120,
} as const;

export const INQUIRIES_PAGE_SIZE = 10;
export const INQUIRY_QUEUE_PAGE_SIZE = 20;

/** The same inquiry posted again within this time (a double submit) is the first one. */
export const INQUIRY_REPEAT_WINDOW_MS = 10 * 60 * 1000;

export const INQUIRY_MESSAGES = {
  categoryRequired: '문의 분류를 골라 주세요.',
  titleRequired: '제목을 입력해 주세요.',
  titleTooLong: `제목은 ${INQUIRY_LIMITS.titleMax}자까지 쓸 수 있습니다.`,
  bodyRequired: '문의 내용을 입력해 주세요.',
  bodyTooShort: `문의 내용은 ${INQUIRY_LIMITS.bodyMin}자 이상 써 주세요.`,
  bodyTooLong: `문의 내용은 ${INQUIRY_LIMITS.bodyMax.toLocaleString('ko-KR')}자까지 쓸 수 있습니다.`,
  fileType: '첨부 파일은 이미지(JPG, PNG, WEBP, GIF) 또는 PDF만 올릴 수 있습니다.',
  fileTooLarge: '첨부 파일은 10MB 이하만 올릴 수 있습니다.',
  notFound: '문의를 찾을 수 없습니다.',
  answerRequired: '답변을 입력해 주세요.',
  answerTooLong: `답변은 ${INQUIRY_LIMITS.answerMax.toLocaleString('ko-KR')}자까지 쓸 수 있습니다.`,
  alreadyAnswered: '이미 답변한 문의입니다.',
  deletedByAsker: '문의한 회원이 삭제한 문의라 답변할 수 없습니다.',
  // Flash messages after a successful action.
  created: '문의를 접수했습니다. 답변이 등록되면 메시지로 알려 드릴게요.',
  deleted: '문의를 삭제했습니다.',
  checked: '문의를 확인 중으로 표시했습니다.',
  alreadyChecked: '이미 확인 중인 문의입니다.',
  answered: '답변을 등록했습니다. 문의한 회원에게 알림을 보냈습니다.',
} as const;

/** What the browser checks of the inquiry form before a round trip (the server's schema stays the authority). */
export const INQUIRY_CONSTRAINTS = {
  category: { required: true },
  title: { required: true, maxLength: INQUIRY_LIMITS.titleMax },
  body: { required: true, minLength: INQUIRY_LIMITS.bodyMin, maxLength: INQUIRY_LIMITS.bodyMax },
};

/** The answer notification's texts (inbox item and text message). */
export const INQUIRY_NOTICE = {
  inboxTitle: '1:1 문의에 답변이 등록되었습니다',
  inboxBody: (title: string, answer: string) => `‘${title}’ 문의에 답변이 등록되었습니다.\n\n${excerpt(answer, 300)}`,
  sms: (title: string) => `[리드인] ‘${excerpt(title, 20)}’ 1:1 문의에 답변이 등록되었습니다. 리드인에 로그인해 확인해 주세요.`,
} as const;

/** The first `max` characters of a text, with '…' when cut. */
export function excerpt(text: string, max: number) {
  const t = text.trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
}
