import { normaliseLoginId } from '~/domain/accounts';
import { and, eq, or, sql } from 'drizzle-orm';
import { hashPassword, hashSecurityAnswer, verifyPassword } from '~/auth/password.server';
import { limitedAttempt } from '~/auth/rate-limit.server';
import { revokeAllForUser } from '~/auth/tokens.server';
import { db } from '~/db/client.server';
import { academyJoinRequests, organisations, userConsents, users, type User } from '~/db/schema';
import { ACCOUNT_FIELD_MESSAGES, ADULT_AGE, ageOn, GUARDIAN_CONSENT_AGE, type MemberKind } from '~/domain/accounts';
import { seoulDay } from '~/lib/dates';
import { guardianToken, sendGuardianCode } from './guardian-consent.server';
import { now } from '~/lib/clock.server';
import { DomainError, isUniqueViolation } from '~/lib/errors';

export const ACCOUNT_MESSAGES = {
  badCredentials: '아이디 또는 비밀번호가 올바르지 않습니다.',
  tooManyCodes: '인증번호 요청이 너무 많습니다. 1시간 뒤에 다시 시도해 주세요.',
  inactive: '이용이 정지된 계정입니다. 소속 학원 또는 고객센터로 문의해 주세요.',
  locked: '잠긴 계정입니다. 고객센터로 문의해 주세요.',
  academyNotFound: '학원 코드를 찾을 수 없습니다. 학원에 코드를 다시 확인해 주세요.',
  academyClosed: '이용이 해지된 학원의 코드입니다. 학원에 문의하거나 학원 코드 없이 가입해 주세요.',
  noAccountFound: '입력하신 정보와 일치하는 계정이 없습니다.',
  recoveryUnavailable: '보안 질문 또는 휴대폰 번호가 등록되지 않은 계정입니다. 소속 학원에 비밀번호 초기화를 요청해 주세요.',
  recoveryMismatch: '보안 질문의 답 또는 인증번호가 올바르지 않습니다.',
  codeExpired: '인증번호가 만료되었습니다. 처음부터 다시 진행해 주세요.',
  wrongCurrentPassword: '현재 비밀번호가 올바르지 않습니다.',
  samePassword: '새 비밀번호가 현재 비밀번호와 같습니다.',
  notOurStudent: '우리 학원 학생만 비밀번호를 초기화할 수 있습니다.',
  guardianPending: '보호자(법정대리인) 동의를 마친 뒤에 이용할 수 있습니다. 보호자 휴대폰으로 받은 인증번호를 입력해 주세요.',
} as const;

/** A refused sign-in (LOGIN_FAIL): the sign-in form shows its message above the form; the API answers 401. */
export class AuthenticationError extends DomainError {
  constructor(message: string) {
    super('LOGIN_FAIL', message, 400);
    this.name = 'AuthenticationError';
  }
}

/** The right password of a member under 14 whose guardian has not consented yet: the sign-in goes to the guardian page. */
export class GuardianPendingError extends AuthenticationError {
  constructor(readonly token: string) {
    super(ACCOUNT_MESSAGES.guardianPending);
    this.name = 'GuardianPendingError';
  }
}

// Verified against when the login id is unknown, so an unknown id and a wrong password take the same time.
let dummyHash: Promise<string> | undefined;

export async function findUserByLoginId(loginId: string) {
  const [row] = await db()
    .select()
    .from(users)
    .where(eq(sql`lower(${users.loginId})`, normaliseLoginId(loginId)));
  return row ?? null;
}

/** Checks a login id and password. One message for an unknown id and a wrong password. */
export async function authenticate(loginId: string, password: string) {
  const user = await findUserByLoginId(loginId);
  if (!user) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verifyPassword(await dummyHash, password);
    throw new AuthenticationError(ACCOUNT_MESSAGES.badCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new AuthenticationError(ACCOUNT_MESSAGES.badCredentials);
  if (user.status === 'LOCKED') throw new AuthenticationError(ACCOUNT_MESSAGES.locked);
  if (user.status === 'PENDING') throw new GuardianPendingError(guardianToken(user.id));
  if (user.status !== 'ACTIVE') throw new AuthenticationError(ACCOUNT_MESSAGES.inactive);
  await db().update(users).set({ lastLoginAt: now() }).where(eq(users.id, user.id));
  return user;
}

/**
 * Sign-in with the rate limits (per account strict, per address generous): a limited account gets TOO_MANY_ATTEMPTS
 * (429) before its password is even checked; a failure counts against both.
 */
export async function signIn(loginId: string, password: string, address: string | null) {
  return limitedAttempt(
    loginId,
    address,
    // The right password of an account waiting for its guardian is not a failed attempt.
    (error) => error instanceof AuthenticationError && !(error instanceof GuardianPendingError),
    () => authenticate(loginId, password),
  );
}

/** Whether `password` is the signed-in user's own (the operators' step-up asks for it again). */
export async function isOwnPassword(userId: number, password: string): Promise<boolean> {
  const [row] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row ? verifyPassword(row.passwordHash, password) : false;
}

// ── Registration ────────────────────────────────────────────────────────────────────────────────────────────────

export type Registration = {
  loginId: string;
  password: string;
  name: string;
  /** A student without a phone of their own leaves it out and gives a guardian's phone instead. */
  phone?: string;
  email?: string;
  /** 'YYYY-MM-DD'. */
  birthDate: string;
  /** Students: their school year ('초4'). */
  grade?: string;
  guardianName?: string;
  guardianPhone?: string;
  securityQuestion: number;
  securityAnswer: string;
  academyCode?: string;
};

export async function isLoginIdTaken(loginId: string) {
  return (await findUserByLoginId(loginId)) !== null;
}

/**
 * A new member. A student with an academy code joins that academy; any other member gets an individual organisation
 * (kind `student`). Returns the new user.
 */
type RegistrationField = 'phone' | 'birthDate' | 'grade' | 'guardianName' | 'guardianPhone';
const REGISTRATION_FIELD_CODES = {
  phone: 'PHONE_REQUIRED',
  birthDate: 'INVALID_BIRTH_DATE',
  grade: 'GRADE_REQUIRED',
  guardianName: 'INVALID_GUARDIAN_NAME',
  guardianPhone: 'INVALID_GUARDIAN_PHONE',
} as const satisfies Record<RegistrationField, string>;

/** A field of the registration form and its message: the form shows it beside that field. */
export class RegistrationFieldError extends DomainError {
  constructor(
    readonly field: RegistrationField,
    message: string,
  ) {
    super(REGISTRATION_FIELD_CODES[field], message, 400);
  }
}

/** Where the registration form shows each refusal of registerMember: its code → the field. */
export const REGISTRATION_FIELDS = {
  ...Object.fromEntries(Object.entries(REGISTRATION_FIELD_CODES).map(([field, code]) => [code, field])),
  LOGIN_ID_TAKEN: 'loginId',
  ACADEMY_NOT_FOUND: 'academyCode',
  ACADEMY_CLOSED: 'academyCode',
} as const satisfies Record<string, string>;

/**
 * The age rules of registration, on the Seoul day: a student under 14 names a legal guardian (법정대리인) whose phone
 * differs from theirs; a student gives their grade; an adult member is 19 or older. An adult gives their phone; a
 * student gives theirs or a guardian's (many young children have none: the guardian's receives the codes).
 */
function checkRegistrationAge(kind: MemberKind, input: Registration): { needsGuardian: boolean } {
  const age = ageOn(input.birthDate, seoulDay(now()));
  if (age < 0 || age > 120) throw new RegistrationFieldError('birthDate', ACCOUNT_FIELD_MESSAGES.birthDateRule);
  if (kind === 'adult') {
    if (!input.phone) throw new RegistrationFieldError('phone', ACCOUNT_FIELD_MESSAGES.phoneRequired);
    if (age < ADULT_AGE) throw new RegistrationFieldError('birthDate', ACCOUNT_FIELD_MESSAGES.adultTooYoung);
    return { needsGuardian: false };
  }
  if (!input.phone && !input.guardianPhone) throw new RegistrationFieldError('phone', ACCOUNT_FIELD_MESSAGES.phoneOrGuardian);
  if (!input.grade) throw new RegistrationFieldError('grade', ACCOUNT_FIELD_MESSAGES.gradeRequired);
  if (age >= GUARDIAN_CONSENT_AGE) return { needsGuardian: false };
  if (!input.guardianName) throw new RegistrationFieldError('guardianName', ACCOUNT_FIELD_MESSAGES.guardianRequired);
  if (!input.guardianPhone) throw new RegistrationFieldError('guardianPhone', ACCOUNT_FIELD_MESSAGES.guardianRequired);
  if (input.guardianPhone === input.phone) throw new RegistrationFieldError('guardianPhone', ACCOUNT_FIELD_MESSAGES.guardianPhoneSame);
  return { needsGuardian: true };
}

/**
 * Registration (decision 018). Every member starts in an individual organisation (kind student). The consents to the
 * terms and to the collection and use of personal data are recorded with the policy they refer to. A student who gave
 * an academy code asks to join it: the request waits for the academy head's approval. A member under 14 stays
 * PENDING until their guardian enters the code sent to the guardian's phone.
 */
export async function registerMember(kind: MemberKind, input: Registration) {
  const { needsGuardian } = checkRegistrationAge(kind, input);
  if (await isLoginIdTaken(input.loginId)) throw new DomainError('LOGIN_ID_TAKEN', ACCOUNT_FIELD_MESSAGES.loginIdTaken, 409);
  const [passwordHash, answerHash] = await Promise.all([hashPassword(input.password), hashSecurityAnswer(input.securityAnswer)]);
  const code = input.academyCode?.trim().toUpperCase();
  let user: User;
  let academy: { id: number; name: string } | undefined;
  try {
    ({ user, academy } = await db().transaction(async (tx) => {
      let academy: { id: number; name: string } | undefined;
      if (kind === 'student' && code) {
        const [found] = await tx
          .select({ id: organisations.id, name: organisations.name, status: organisations.status })
          .from(organisations)
          .where(and(eq(organisations.code, code), eq(organisations.kind, 'academy')));
        // 400, not 404: a code typed into the form, shown beside its field (the page itself exists).
        if (!found) throw new DomainError('ACADEMY_NOT_FOUND', ACCOUNT_MESSAGES.academyNotFound, 400);
        // A closed (해지) academy's code takes no new students; its members keep their accounts.
        if (found.status === 'CLOSED') throw new DomainError('ACADEMY_CLOSED', ACCOUNT_MESSAGES.academyClosed, 409);
        academy = { id: found.id, name: found.name };
      }
      const [org] = await tx
        .insert(organisations)
        .values({ kind: 'student', name: `${input.name} 개인 회원` })
        .returning({ id: organisations.id });
      const [user] = await tx
        .insert(users)
        .values({
          loginId: input.loginId,
          passwordHash,
          name: input.name,
          phone: input.phone || null,
          email: input.email || null,
          role: 'USER',
          authorities: kind === 'student' ? ['STUDENT'] : [],
          organisationId: org.id,
          status: needsGuardian ? 'PENDING' : 'ACTIVE',
          birthDate: input.birthDate,
          grade: kind === 'student' ? input.grade : null,
          // A student's guardian is kept whenever given: under 14 for the consent, and for a child without a phone.
          guardianName: kind === 'student' ? input.guardianName || null : null,
          guardianPhone: kind === 'student' ? input.guardianPhone || null : null,
          securityQuestion: input.securityQuestion,
          securityAnswerHash: answerHash,
        })
        .returning();
      await tx.insert(userConsents).values([
        { userId: user.id, kind: 'TERMS', policyCode: 'readin' },
        { userId: user.id, kind: 'PRIVACY', policyCode: 'privacy' },
      ]);
      if (academy) await tx.insert(academyJoinRequests).values({ userId: user.id, academyId: academy.id });
      return { user, academy };
    }));
  } catch (error) {
    // Two registrations racing for one id: the unique index decides.
    if (isUniqueViolation(error)) throw new DomainError('LOGIN_ID_TAKEN', ACCOUNT_FIELD_MESSAGES.loginIdTaken, 409);
    throw error;
  }
  if (needsGuardian) await sendGuardianCode(user);
  return { user, pendingGuardian: needsGuardian, academyRequested: academy?.name ?? null };
}

// ── Migration accounts ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * An account brought over from the previous system, or one the academy gave a temporary password, sets a new password
 * and a security question; MIGRATION and mustChangePassword are then cleared and every session of the account ends
 * (the caller starts a fresh one).
 */
export async function completeMigration(userId: number, input: { password: string; securityQuestion: number; securityAnswer: string }) {
  const [passwordHash, answerHash] = await Promise.all([hashPassword(input.password), hashSecurityAnswer(input.securityAnswer)]);
  const [updated] = await db()
    .update(users)
    .set({
      passwordHash,
      securityQuestion: input.securityQuestion,
      securityAnswerHash: answerHash,
      authorities: sql`array_remove(${users.authorities}, 'MIGRATION')`,
      mustChangePassword: false,
      updatedAt: now(),
    })
    .where(and(eq(users.id, userId), or(sql`'MIGRATION' = any(${users.authorities})`, eq(users.mustChangePassword, true))))
    .returning();
  if (!updated) throw new DomainError('NOT_MIGRATION', '이미 비밀번호를 변경한 계정입니다.', 409);
  await revokeAllForUser(userId);
  return updated;
}
