import { z } from 'zod';
import { ACCOUNT_FIELD_MESSAGES, GRADES, normalisePhone, PASSWORD_MAX, PASSWORD_MIN, SECURITY_QUESTIONS } from '~/domain/accounts';
import { seoulDayStart } from '~/lib/dates';
import { COMMON_PASSWORDS } from './common-passwords.server';

// The zod schemas of the account forms and API bodies. Server-only: the pages validate on the server (conform's
// submission.reply() is the contract) and the browser gets the native constraints of account-constraints.ts, so zod
// never ships to the browser (architecture.md §5: JavaScript budget).

const M = ACCOUNT_FIELD_MESSAGES;

export const loginIdField = z
  .string({ required_error: M.loginIdRequired })
  .trim()
  .regex(/^[a-z0-9]{4,20}$/, M.loginIdRule);

/**
 * Passwords (ASVS 6.2): any script (Hangul, emoji…), 8 to 128 characters counted as code points, not on the list of
 * common passwords, and no composition rule.
 */
export function passwordProblem(raw: string): string | null {
  const password = raw.normalize('NFC'); // as it is hashed (password.server.ts)
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return M.passwordRule;
  if (COMMON_PASSWORDS.has(password.normalize('NFKC').toLowerCase())) return M.passwordCommon;
  return null;
}

export const passwordField = z.string({ required_error: M.passwordRequired }).superRefine((v, ctx) => {
  const problem = passwordProblem(v);
  if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
});

export const phoneField = z
  .string({ required_error: M.phoneRequired })
  .trim()
  .transform((v, ctx) => {
    const phone = normalisePhone(v);
    if (!phone) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.phoneRule });
      return z.NEVER;
    }
    return phone;
  });

export const nameField = z
  .string({ required_error: M.nameRequired })
  .trim()
  .min(1, M.nameRequired)
  .max(30, '이름은 30자 이하로 입력해 주세요.');
export const emailField = z.string().trim().email(M.emailRule).max(100, M.emailRule).optional();
export const questionField = z.coerce
  .number({ required_error: M.questionRequired, invalid_type_error: M.questionRequired })
  .int()
  .min(1, M.questionRequired)
  .max(SECURITY_QUESTIONS.length, M.questionRequired);
export const answerField = z
  .string({ required_error: M.answerRequired })
  .trim()
  .min(1, M.answerRequired)
  .max(50, '답은 50자 이하로 입력해 주세요.');

/** Adds the "confirmation equals password" rule to a schema with `password` and `confirm`. */
export function withConfirmation<T extends z.ZodTypeAny>(schema: T) {
  return schema.superRefine((value: { password?: string; confirm?: string }, ctx) => {
    if (value.password && value.confirm?.normalize('NFC') !== value.password.normalize('NFC')) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['confirm'], message: M.confirmMismatch });
    }
  });
}

/** My page: name and email (spec: super/user/editMyPage { userName, userEmail }). */
export const profileSchema = z.object({ name: nameField, email: emailField });

/** My page: current and new password (spec: super/user/editMyPage2 { password, newPassword }). */
export const passwordChangeSchema = z
  .object({
    password: z.string({ required_error: '현재 비밀번호를 입력해 주세요.' }).max(256),
    newPassword: passwordField,
    confirm: z.string({ required_error: M.confirmRequired }),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword && value.confirm !== value.newPassword) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['confirm'], message: M.confirmMismatch });
    }
  });

export const loginSchema = z.object({
  loginId: z.string({ required_error: '아이디를 입력해 주세요.' }).trim().max(50),
  password: z.string({ required_error: '비밀번호를 입력해 주세요.' }).max(256),
  rememberId: z.boolean().optional(),
  redirectTo: z.string().optional(),
});

export const migrationSchema = withConfirmation(
  z.object({
    password: passwordField,
    confirm: z.string({ required_error: M.confirmRequired }),
    securityQuestion: questionField,
    securityAnswer: answerField,
  }),
);

/** 'YYYY-MM-DD', a real day between 1900 and today's year. */
export const birthDateField = z
  .string({ required_error: M.birthDateRequired })
  .trim()
  .refine((v) => seoulDayStart(v) !== null && Number(v.slice(0, 4)) >= 1900, M.birthDateRule);

/**
 * Registration. The two required consents are separate boxes (이용약관, 개인정보 수집·이용); the guardian's name and
 * phone are optional here and required by the service for a member under 14 (the age is only known on the server's
 * Seoul day). The grade is asked of students.
 */
export const registrationSchema = withConfirmation(
  z.object({
    loginId: loginIdField,
    password: passwordField,
    confirm: z.string({ required_error: M.confirmRequired }),
    name: nameField,
    birthDate: birthDateField,
    grade: z.enum(GRADES, { required_error: M.gradeRequired, invalid_type_error: M.gradeRequired }).optional(),
    // A student may leave it empty when a guardian's phone is given (registerMember decides; an adult needs it).
    phone: phoneField.optional(),
    email: emailField,
    guardianName: z.string().trim().max(30, '이름은 30자 이하로 입력해 주세요.').optional(),
    guardianPhone: phoneField.optional(),
    securityQuestion: questionField,
    securityAnswer: answerField,
    academyCode: z.string().trim().max(30).optional(),
    terms: z.boolean({ required_error: M.termsRequired }).refine((v) => v, M.termsRequired),
    privacy: z.boolean({ required_error: M.privacyRequired }).refine((v) => v, M.privacyRequired),
  }),
);

/** The guardian's code (법정대리인 동의). */
export const guardianCodeSchema = z.object({
  code: z
    .string({ required_error: M.codeRule })
    .trim()
    .regex(/^\d{6}$/, M.codeRule),
});

/** The guardian page's two forms: the code (the form without an intent), and "send the code again". */
export const guardianFormSchema = z.preprocess(
  (form) => (form && typeof form === 'object' && !('intent' in form) ? { ...form, intent: 'code' } : form),
  z.discriminatedUnion('intent', [guardianCodeSchema.extend({ intent: z.literal('code') }), z.object({ intent: z.literal('resend') })]),
);

export const findIdSchema = z.object({ name: nameField, phone: phoneField });

export const identifySchema = z.object({
  loginId: z.string({ required_error: M.loginIdRequired }).trim().max(50),
  name: nameField,
});

const recoveryFields = z.object({
  loginId: z.string({ required_error: M.loginIdRequired }).trim().max(50),
  name: nameField,
  answer: answerField,
  code: z
    .string({ required_error: M.codeRule })
    .trim()
    .regex(/^\d{6}$/, M.codeRule),
  password: passwordField,
  confirm: z.string({ required_error: M.confirmRequired }),
});

/**
 * Finding a password, two steps of one page (product.md §4): `identify` (login id and name: a code is sent) and `reset`
 * (the security answer AND the code, with the new password).
 */
export const findPasswordSchema = withConfirmation(
  z.discriminatedUnion('intent', [
    identifySchema.extend({ intent: z.literal('identify') }),
    recoveryFields.extend({ intent: z.literal('reset') }),
  ]),
);

export const studentResetSchema = z.object({ studentId: z.coerce.number().int().positive(), password: passwordField });

// Route modules take parseWithZod from here, not from '@conform-to/zod': an import of that package in a route file
// keeps its shared chunk (with zod) in the page's JavaScript even when only the action uses it.
export { parseWithZod } from '@conform-to/zod';

/** The operators' new staff account (super area): no password field, the staff member sets it through a link. */
export const staffSchema = z.object({
  loginId: loginIdField,
  name: nameField,
  phone: phoneField,
  email: emailField,
  authority: z.enum(['ADMIN1', 'ADMIN2', 'COACH', 'BRANCH', 'PRODUCT'], {
    required_error: '권한을 선택해 주세요.',
    invalid_type_error: '권한을 선택해 주세요.',
  }),
});

/** Setting a password through an operator's one-time reset link. */
export const resetLinkSchema = withConfirmation(
  z.object({ password: passwordField, confirm: z.string({ required_error: M.confirmRequired }) }),
);
