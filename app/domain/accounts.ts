// Account constants shared by forms and services.

/** The seven security questions (product.md §4). Stored as their 1-based index. */
export const SECURITY_QUESTIONS = [
  '어머니의 성함은 무엇인가요?',
  '아버지의 성함은 무엇인가요?',
  '형제자매의 이름은 무엇인가요?',
  '태어난 고향은 어디인가요?',
  '반려동물의 이름은 무엇인가요?',
  '태어난 날짜는 언제인가요?',
  '가장 좋아하는 책은 무엇인가요?',
] as const;

export const DEMO_PASSWORD = 'demo1234!';

// Field rules of the account forms, shared by the pages (inline validation) and the services.

/** Password length in characters (code points): any script, no composition rule (ASVS 6.2). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** The hint under every new-password field. */
export const PASSWORD_HINT = '8자 이상 128자 이하 (한글, 숫자, 기호 모두 쓸 수 있습니다)';

export const ACCOUNT_FIELD_MESSAGES = {
  loginIdRequired: '아이디를 입력해 주세요.',
  loginIdRule: '아이디는 영문 소문자와 숫자 4~20자로 입력해 주세요.',
  loginIdTaken: '이미 사용 중인 아이디입니다.',
  passwordRequired: '비밀번호를 입력해 주세요.',
  passwordRule: '비밀번호는 8자 이상 128자 이하로 입력해 주세요.',
  passwordCommon: '너무 흔히 쓰이는 비밀번호입니다. 다른 비밀번호를 입력해 주세요.',
  confirmRequired: '비밀번호를 한 번 더 입력해 주세요.',
  confirmMismatch: '비밀번호가 일치하지 않습니다.',
  nameRequired: '이름을 입력해 주세요.',
  phoneRequired: '휴대폰 번호를 입력해 주세요.',
  phoneRule: '휴대폰 번호를 정확히 입력해 주세요. (예: 010-1234-5678)',
  emailRule: '이메일 주소를 정확히 입력해 주세요.',
  questionRequired: '보안 질문을 선택해 주세요.',
  answerRequired: '보안 질문의 답을 입력해 주세요.',
  termsRequired: '이용약관에 동의해 주세요.',
  privacyRequired: '개인정보 수집·이용에 동의해 주세요.',
  birthDateRequired: '생년월일을 입력해 주세요. (예: 2014-03-15)',
  birthDateRule: '생년월일을 정확히 입력해 주세요. (예: 2014-03-15)',
  gradeRequired: '학년을 선택해 주세요.',
  guardianRequired: '만 14세 미만은 보호자(법정대리인)의 이름과 휴대폰 번호가 필요합니다.',
  guardianPhoneSame: '보호자 휴대폰 번호는 본인 번호와 달라야 합니다.',
  phoneOrGuardian: '학생 본인이나 보호자의 휴대폰 번호 중 하나는 입력해 주세요.',
  adultTooYoung: '성인 회원은 만 19세 이상만 가입할 수 있습니다. 학생 회원으로 가입해 주세요.',
  codeRule: '인증번호 6자리를 입력해 주세요.',
} as const;

/** 01012345678, 010-1234-5678 and 010 1234 5678 are one number: stored as 010-1234-5678. */
export function normalisePhone(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  if (!/^01[016789]\d{7,8}$/.test(digits)) return null;
  return digits.length === 10
    ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`
    : `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`;
}

export const MEMBER_KINDS = ['student', 'adult'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];
export const MEMBER_KIND_LABELS: Record<MemberKind, string> = { student: '학생', adult: '성인' };
export const isMemberKind = (v: string | undefined): v is MemberKind => MEMBER_KINDS.includes(v as MemberKind);

/** 'student' → 'stu****': enough to recognise, not enough to sign in with. */
export function maskLoginId(loginId: string): string {
  const keep = Math.min(3, Math.ceil(loginId.length / 2));
  return loginId.slice(0, keep) + '*'.repeat(loginId.length - keep);
}

/** The school years a student chooses from when registering (stored as the label). */
export const GRADES = ['초1', '초2', '초3', '초4', '초5', '초6', '중1', '중2', '중3', '고1', '고2', '고3'] as const;
export type Grade = (typeof GRADES)[number];

/** Under this age (만 나이) a member needs a legal guardian's consent (개인정보 보호법 제22조의2). */
export const GUARDIAN_CONSENT_AGE = 14;
/** An adult member is at least this old (민법 제4조). */
export const ADULT_AGE = 19;

/** Full years (만 나이) on `today` of someone born on `birthDate`, both 'YYYY-MM-DD'. */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * A login id as it is compared: NFC (a Hangul id typed as composed syllables or as jamo is the same id), trimmed,
 * lower case.
 */
export const normaliseLoginId = (loginId: string) => loginId.normalize('NFC').trim().toLowerCase();
