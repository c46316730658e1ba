import { SendState } from './enums';
import { withParticle } from '~/domain/korean';

// 알림톡 and text messages (issue 13): the words the talk pages and the operators' message list use, the templates'
// `#{변수}` variables, and what a provider's status code means for a message of the outbox. Shared by server and
// client code: no server imports here.

export const SEND_STATE_LABELS: Record<SendState, string> = {
  [SendState.WAITING]: '대기',
  [SendState.SENDING]: '발송 중',
  [SendState.FAIL]: '실패',
  [SendState.COMPLETE]: '완료',
};

export const CHANNEL_LABELS: Record<string, string> = { TALK: '알림톡', SMS: '문자', LMS: '장문 문자' };

/** The events that send a template by themselves (talk_templates.event), with what the message is about. */
export const TALK_EVENTS = {
  NOTE_COMMENT: { label: '독서 노트 코멘트', variables: ['학생명', '도서명', '학원명'] },
  NOTE_HOLD: { label: '독서 노트 보류', variables: ['학생명', '도서명', '보류사유', '학원명'] },
  BOOK_ASSIGNED: { label: '도서 배정', variables: ['학생명', '도서명', '학원명'] },
  PAYMENT_RECEIPT: { label: '결제 완료', variables: ['주문명', '금액', '주문번호'] },
  PAYMENT_REFUND: { label: '환불 완료', variables: ['주문명', '환불금액', '환불안내', '주문번호'] },
  AUTOMATIC_PAYMENT_FAILED: { label: '자동 결제 실패', variables: ['주문명', '금액', '사유'] },
  // To a parent's account (issue 32), each with the link of the page it speaks of.
  PARENT_REPORT_READY: { label: '보호자 · 월간 리포트 발행', variables: ['학생명', '월', '학원명', '링크'] },
  PARENT_NOTE_REVIEWED: { label: '보호자 · 독서 노트 선생님 확인', variables: ['학생명', '도서명', '학원명', '링크'] },
  PARENT_BOOK_FINISHED: { label: '보호자 · 완독', variables: ['학생명', '도서명', '학원명', '링크'] },
  PARENT_NO_READING: { label: '보호자 · 7일간 독서 없음', variables: ['학생명', '마지막독서일', '학원명', '링크'] },
} as const satisfies Record<string, { label: string; variables: readonly string[] }>;

export type TalkEvent = keyof typeof TALK_EVENTS;

export const isTalkEvent = (value: unknown): value is TalkEvent => typeof value === 'string' && Object.hasOwn(TALK_EVENTS, value);

/** What a message is, as the operators' list names it (messages.kind). */
export const MESSAGE_KIND_LABELS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(TALK_EVENTS).map(([event, { label }]) => [event, label])),
  TALK_SEND: '학원·운영 발송',
  PASSWORD_RESET_CODE: '비밀번호 찾기 인증번호',
  PASSWORD_RESET_LINK: '비밀번호 재설정 링크',
  GUARDIAN_CONSENT_CODE: '보호자 동의 인증번호',
  PARENT_SIGN_IN_CODE: '보호자 로그인 인증번호',
};

/** The variables a staff send fills by itself for each recipient; the sender types the others once for everyone. */
export const AUTO_VARIABLES = ['학생명', '학원명', '반이름'] as const;

export const TEMPLATE_APPROVAL_LABELS: Record<string, string> = { REQUESTED: '검수 요청', APPROVED: '승인', REJECTED: '반려' };

/** Whom an outbox row was written for: the student, the student's parent, or the payer of an order. */
export type RecipientRole = 'student' | 'parent' | 'payer';

export const RECIPIENT_ROLE_LABELS: Record<RecipientRole, string> = { student: '학생', parent: '학부모', payer: '결제자' };

/** The role a row was written for, read from its dedupe key ('…:student', '…:parent', '…:payer'). */
export function recipientRole(dedupeKey: string | null): RecipientRole | null {
  const role = dedupeKey?.slice(dedupeKey.lastIndexOf(':') + 1);
  return role === 'student' || role === 'parent' || role === 'payer' ? role : null;
}

/** Who a staff send goes to. */
export const TALK_AUDIENCES = { STUDENTS: '학생', PARENTS: '학부모', BOTH: '학생과 학부모' } as const;
export type TalkAudience = keyof typeof TALK_AUDIENCES;

/** A variable's name: letters (Korean too), digits and underscores, as Kakao's templates allow. */
const VARIABLE = /#\{([^{}#\s]{1,30})\}/g;

/** The variables of a template's text, in order of first appearance, each once. */
export function templateVariables(body: string): string[] {
  return [...new Set([...body.matchAll(VARIABLE)].map((m) => m[1]))];
}

/** The text with each `#{변수}` replaced by its value (a variable without a value stays as written). */
export function fillTemplate(body: string, values: Readonly<Record<string, string>>): string {
  return body.replace(VARIABLE, (whole, name: string) => (Object.hasOwn(values, name) ? values[name] : whole));
}

/** Digits only ('010-1234-5678' → '01012345678'), as providers take numbers. */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

/**
 * SMS carries 90 bytes (a Korean letter counts two, as the carriers' EUC-KR does); anything longer goes as LMS.
 */
export function smsType(text: string): 'SMS' | 'LMS' {
  let bytes = 0;
  for (const ch of text) bytes += ch.charCodeAt(0) < 0x80 ? 1 : 2;
  return bytes <= 90 ? 'SMS' : 'LMS';
}

/** A message's attempts before a transient failure becomes its FAIL. */
export const MAX_SEND_ATTEMPTS = 5;

/** What a provider's status code means for our row. */
export type StatusMeaning =
  | { kind: 'pending' }
  | { kind: 'delivered'; replacedBySms: boolean }
  | { kind: 'transient'; code: string; reason: string }
  | { kind: 'permanent'; code: string; reason: string };

/** Solapi's message status codes we name (its documented table), in Korean. */
export const STATUS_REASONS: Record<string, string> = {
  '1010': '필수 입력 값이 없습니다',
  '1011': '형식 오류',
  '1020': '발송사 계정 인증에 실패했습니다',
  '1021': '발송사에 메시지가 없습니다',
  '1022': '발송사에 메시지 그룹이 없습니다',
  '1024': '발송사 서버 오류',
  '1025': '지원하지 않는 메시지 종류입니다',
  '1026': '같은 번호가 한 번에 두 번 요청되었습니다',
  '1030': '발송사 잔액이 부족합니다',
  '1031': '메시지가 너무 깁니다',
  '1032': '사용자 정의 필드가 올바르지 않습니다',
  '1041': '카카오 채널(pfId)이 올바르지 않습니다',
  '1042': '템플릿 아이디가 올바르지 않습니다',
  '1043': '등록한 템플릿과 내용이 다릅니다',
  '1058': '전송 경로가 없습니다',
  '1060': '차단된 수신번호입니다',
  '1061': '수신을 거부한 번호입니다 (080 수신거부)',
  '1062': '발신번호가 등록되지 않았습니다',
  '1064': 'KISA 신고로 차단된 번호입니다',
  '2000': '발송사가 접수했습니다',
  '2024': '발송사 서버 오류',
  '2060': '차단된 수신번호입니다',
  '2061': '수신을 거부한 번호입니다 (080 수신거부)',
  '2062': '발신번호가 등록되지 않았습니다',
  '2063': '발송사 계정이 차단되었습니다',
  '2064': 'KISA 신고로 차단된 번호입니다',
  '2230': '발송사 잔액이 부족합니다',
  '2254': '스팸으로 처리되었습니다',
  '3000': '통신사가 접수했습니다',
  '3010': '받는 번호의 형식이 올바르지 않습니다',
  '3011': '형식 오류',
  '3012': '통신사 연동 서버 오류',
  '3013': '발신번호 형식이 올바르지 않습니다',
  '3014': '알 수 없는 메시지 상태',
  '3024': '통신사 서버 오류',
  '3031': '전송할 수 없는 번호입니다',
  '3032': '가입되지 않은 번호입니다',
  '3040': '전송 시간이 초과되었습니다',
  '3041': '단말기가 통화 중입니다',
  '3042': '음영 지역입니다',
  '3043': '단말기가 꺼져 있습니다',
  '3044': '단말기의 메시지 저장 공간이 가득 찼습니다',
  '3045': '단말기가 일시 정지되었습니다',
  '3046': '단말기 문제',
  '3047': '수신을 거절했습니다',
  '3048': '알 수 없는 통신사 코드',
  '3050': '문자를 받을 수 없는 단말기입니다',
  '3053': '통신사 대기열이 가득 찼습니다',
  '3054': '스팸으로 처리되었습니다',
  '3055': '스팸 차단 번호입니다',
  '3056': '무선망 전송 실패',
  '3057': '단말기 전송 실패',
  '3058': '전송 경로가 없습니다',
  '3059': '변작된 발신번호입니다',
  '3101': '발신 프로필 키가 올바르지 않습니다',
  '3102': '카카오 채널 친구가 아닙니다',
  '3103': '메시지가 템플릿과 다릅니다',
  '3104': '카카오톡을 쓰지 않는 번호입니다',
  '3105': '승인되지 않은 템플릿입니다',
  '3106': '올바르지 않은 카카오 채널입니다',
  '3107': '알림톡을 차단했거나 72시간 안에 카카오톡을 쓰지 않았습니다',
  '3108': '알림톡은 오전 8시부터 오후 8시까지만 보낼 수 있습니다',
  '4000': '발송 완료',
  TIMEOUT: '발송사가 제때 응답하지 않았습니다',
  NETWORK: '발송사에 연결하지 못했습니다',
  NOT_CONFIGURED: '발송사 설정이 없습니다',
  NO_REPORT: '발송사에서 결과를 받지 못했습니다',
  INTERRUPTED: '보내는 도중 작업이 멈춰 다시 보냅니다',
  UNREADABLE: '발송사의 응답을 읽지 못했습니다',
  HTTP_5XX: '발송사 서버 오류',
};

/** Failures that trying again later may cure: the provider's or a carrier's trouble, balance, time of day. */
const TRANSIENT = new Set([
  '1020',
  '1021',
  '1022',
  '1024',
  '1030',
  '1058',
  '2024',
  '2230',
  '3012',
  '3014',
  '3024',
  '3040',
  '3041',
  '3042',
  '3043',
  '3044',
  '3045',
  '3046',
  '3048',
  '3051',
  '3052',
  '3053',
  '3056',
  '3057',
  '3058',
  '3108',
  'TIMEOUT',
  'NETWORK',
  'HTTP_5XX',
  'UNREADABLE',
  'INTERRUPTED',
  'NOT_CONFIGURED',
]);

/**
 * Failures of the recipient's number itself (a wrong number, opt-out, blocked, not a subscriber): sending the same
 * message again would fail again, so '실패한 메시지 다시 보내기' leaves them out.
 */
export const RECIPIENT_FAILURE_CODES = [
  '1060',
  '1061',
  '1064',
  '2060',
  '2061',
  '2064',
  '3010',
  '3031',
  '3032',
  '3047',
  '3050',
  '3055',
  '3102',
  '3104',
  '3107',
];
const RECIPIENT_FAILURES = new Set<string>(RECIPIENT_FAILURE_CODES);

/** Our Korean reason for a code, with the code: '승인되지 않은 템플릿입니다 (3105)'. */
export function statusReason(code: string, providerMessage?: string | null): string {
  const text = STATUS_REASONS[code] ?? (providerMessage?.trim() || '알 수 없는 오류');
  return `${text} (${code})`;
}

/**
 * The meaning of a provider's status code: 2000/3000 accepted and waiting for the carrier's report, 4000 delivered
 * (as SMS when it was replaced), carrier and server trouble transient, everything else (template, number, opt-out,
 * format) permanent. A code we do not know is taken as transient when it is the carrier's or the platform's (2xxx,
 * 3xxx: the report may change) and permanent when the request was refused (1xxx).
 */
export function statusMeaning(code: string, options: { replacement?: boolean; providerMessage?: string | null } = {}): StatusMeaning {
  if (code === '2000' || code === '3000') return { kind: 'pending' };
  if (code === '4000') return { kind: 'delivered', replacedBySms: Boolean(options.replacement) };
  const reason = statusReason(code, options.providerMessage);
  if (TRANSIENT.has(code)) return { kind: 'transient', code, reason };
  if (STATUS_REASONS[code] || code.startsWith('1')) return { kind: 'permanent', code, reason };
  return /^[23]\d{3}$/.test(code) ? { kind: 'transient', code, reason } : { kind: 'permanent', code, reason };
}

/** True when a FAILed message may be queued again by '실패한 메시지 다시 보내기' (not a failure of the number itself). */
export const retryableFailure = (code: string | null) => !code || !RECIPIENT_FAILURES.has(code);

/** The talk pages' messages. */
export const TALK_MESSAGES = {
  templateNotFound: '템플릿을 찾을 수 없습니다.',
  codeInvalid: '코드는 영문 대문자로 시작하는 영문 대문자·숫자·밑줄(_) 2~40자로 입력해 주세요.',
  codeTaken: '이미 쓰고 있는 코드입니다.',
  nameInvalid: '이름을 1~50자로 입력해 주세요.',
  bodyInvalid: '내용을 1~1,000자로 입력해 주세요.',
  eventInvalid: '이벤트를 목록에서 골라 주세요.',
  approvalInvalid: '검수 상태를 목록에서 골라 주세요.',
  providerIdInvalid: '솔라피 템플릿 아이디는 영문·숫자·밑줄·하이픈 100자 이내로 입력해 주세요.',
  approvedNeedsProviderId: '승인된 템플릿에는 솔라피 템플릿 아이디가 있어야 합니다.',
  eventVariables: (names: string[]) => `이 이벤트가 채울 수 없는 변수가 있습니다: ${names.map((n) => `#{${n}}`).join(', ')}`,
  tooManyVariables: '변수는 10개까지 쓸 수 있습니다.',
  templateCreated: (name: string) => `'${name}' 템플릿을 만들었습니다.`,
  templateSaved: (name: string) => `'${name}' 템플릿을 저장했습니다.`,
  templateNotSendable: '승인되어 사용 중인 템플릿만 보낼 수 있습니다.',
  chooseTemplate: '보낼 템플릿을 골라 주세요.',
  chooseAcademy: '학원을 골라 주세요.',
  chooseClass: '반을 골라 주세요.',
  chooseStudents: '받을 학생을 한 명 이상 골라 주세요.',
  chooseAudience: '받는 사람을 골라 주세요.',
  studentNotFound: '학생을 찾을 수 없습니다.',
  classNotFound: '찾을 수 없는 반입니다.',
  noRecipients: '받을 번호가 있는 사람이 없습니다. 학생 정보에 휴대폰 번호나 학부모 연락처를 넣어 주세요.',
  valueRequired: (name: string) => `#{${name}}에 들어갈 내용을 입력해 주세요.`,
  valueTooLong: (name: string) => `${withParticle(`#{${name}}`, '은/는')} 100자까지 입력할 수 있습니다.`,
  formExpired: '보내기 화면이 오래되었습니다. 미리보기를 다시 열어 주세요.',
  sent: (count: number) => `알림톡 ${count}건을 보냈습니다. 발송 결과는 이 화면에서 확인할 수 있습니다.`,
  alreadySent: '이미 보낸 알림톡입니다. 같은 내용은 한 번만 보냅니다.',
  sendNotFound: '발송 내역을 찾을 수 없습니다.',
  retried: (count: number) => `실패한 메시지 ${count}건을 다시 보냅니다.`,
  nothingToRetry: '다시 보낼 수 있는 실패 메시지가 없습니다.',
} as const;
