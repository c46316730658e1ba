import type { Constraint } from '~/lib/form-reply';

// Native input constraints of the account forms (required, lengths, patterns): what the browser can check before a
// round trip. The server's zod schemas (auth/account-schemas.server.ts) stay the authority.

// maxLength counts UTF-16 units in the browser: 128 emoji are 256 units, so the native limit is twice the server's.
const password: Constraint = { required: true, minLength: 8, maxLength: 256 };

export const CONSTRAINTS = {
  login: { loginId: { required: true, maxLength: 50 }, password: { required: true, maxLength: 256 } },
  migration: {
    password,
    confirm: { required: true },
    securityQuestion: { required: true },
    securityAnswer: { required: true, maxLength: 50 },
  },
  registration: {
    loginId: { required: true, minLength: 4, maxLength: 20, pattern: '[a-z0-9]{4,20}' },
    password,
    confirm: { required: true },
    name: { required: true, maxLength: 30 },
    birthDate: { required: true },
    grade: {},
    phone: { required: true },
    email: { maxLength: 100 },
    guardianName: { maxLength: 30 },
    guardianPhone: {},
    academyCode: { maxLength: 30 },
    securityQuestion: { required: true },
    securityAnswer: { required: true, maxLength: 50 },
    terms: { required: true },
    privacy: { required: true },
  },
  resetLink: { password, confirm: { required: true } },
  guardianCode: { code: { required: true, pattern: '[0-9]{6}' } },
  staff: {
    loginId: { required: true, minLength: 4, maxLength: 20, pattern: '[a-z0-9]{4,20}' },
    name: { required: true, maxLength: 30 },
    phone: { required: true },
    email: { maxLength: 100 },
    authority: { required: true },
  },
  findId: { name: { required: true, maxLength: 30 }, phone: { required: true } },
  identify: { loginId: { required: true, maxLength: 50 }, name: { required: true, maxLength: 30 } },
  recovery: {
    answer: { required: true, maxLength: 50 },
    code: { required: true, pattern: '\\d{6}', minLength: 6, maxLength: 6 },
    password,
    confirm: { required: true },
  },
  profile: { name: { required: true, maxLength: 30 }, email: { maxLength: 100 } },
  passwordChange: { password: { required: true, maxLength: 200 }, newPassword: password, confirm: { required: true } },
  /** A student the academy adds or edits (the temporary password and the consent only when adding). */
  student: {
    name: { required: true, maxLength: 30 },
    loginId: { required: true, pattern: '[a-z0-9]{4,20}' },
    grade: { required: true },
    classId: {},
    parentPhone: {},
    password: { required: true, minLength: 8 },
    guardianConsent: { required: true },
  },
} satisfies Record<string, Record<string, Constraint>>;
