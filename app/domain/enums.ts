// The specification's enumerations (spec §3, §4), with the numbers stored as given.
// Shared by server and client code: no server imports here.

export const USER_ROLES = ['USER', 'ADMIN', 'SUPER'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const AUTHORITIES = ['ALL', 'ADMIN1', 'ADMIN2', 'COACH', 'BRANCH', 'HEAD', 'TEACHER', 'STUDENT', 'MIGRATION', 'PRODUCT'] as const;
export type Authority = (typeof AUTHORITIES)[number];

export const ORGANISATION_KINDS = ['student', 'academy', 'branch'] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];

/**
 * Member status (values not given by the spec; ours). LOCKED: an operator locked the account (super area). PENDING: a
 * member under 14 whose legal guardian has not yet consented (the account cannot be used until they do).
 */
export const MEMBER_STATUSES = ['ACTIVE', 'PENDING', 'SUSPENDED', 'WITHDRAWN', 'LOCKED'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const BookStatus = {
  WAITING: 1,
  PRE_ACTIVITY_COMPLETE: 10,
  ACTIVITY: 20,
  DIAGNOSIS: 30,
  NOTE: 40,
  COMPLETE: 100,
  EXCLUDE: 999,
} as const;
export type BookStatus = (typeof BookStatus)[keyof typeof BookStatus];

export const ReadingEvent = { NONE: 0, READ_START: 10, READ_END: 20, RESET: 999 } as const;
export type ReadingEvent = (typeof ReadingEvent)[keyof typeof ReadingEvent];

export const NoteState = {
  NONE: -1,
  WRITE: 1,
  TEACHER_SHOW: 10,
  WAITING_CORRECT: 100,
  HOLD: 200,
  COMMENT_COMPLETE: 999,
} as const;
export type NoteState = (typeof NoteState)[keyof typeof NoteState];

export const SendState = { WAITING: 1, SENDING: 2, FAIL: 100, COMPLETE: 999 } as const;
export type SendState = (typeof SendState)[keyof typeof SendState];

export const PaymentMethod = { CARD: 'c', BANK_TRANSFER: 'o', DEPOSIT: 'm' } as const;
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];

export const ReceiptType = { PERSONAL: 'C', BUSINESS: 'T', NONE: 'N' } as const;
export type ReceiptType = (typeof ReceiptType)[keyof typeof ReceiptType];

export const PaymentStatus = { WAITING: 1, CANCEL: 100, REFUND: 200, FAIL: 300, SUCCESS: 999 } as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];

/** The spec's "another status": used for settlements. */
export const SettlementStatus = { WAITING: 1, CANCEL: 100, REFUND: 200, SUCCESS: 999 } as const;
export type SettlementStatus = (typeof SettlementStatus)[keyof typeof SettlementStatus];

export const Tier = { BASIC: 1, ADD1: 2, ADD2: 3, NEW: 4, NONE: -1 } as const;
export type Tier = (typeof Tier)[keyof typeof Tier];

export const ReadMethod = {
  NONE: 0,
  FREE: 1,
  M_3_3: 2,
  M_3_4: 3,
  M_3_5: 4,
  M_3_6: 5,
  HUNDRED: 6,
  CLOCK: 7,
  /** Listed by the spec without meaning: reserved. */
  ReadMethod: 8,
  NO_PAGE: 100,
} as const;
export type ReadMethod = (typeof ReadMethod)[keyof typeof ReadMethod];

export const ProblemStep = {
  START: 1,
  CONFIRM: 2,
  SOLVE: 10,
  RESTART: 11,
  MARK: 100,
  CHECK: 150,
  COMPLETE: 200,
} as const;
export type ProblemStep = (typeof ProblemStep)[keyof typeof ProblemStep];

export const ItemStatus = { ACTIVE: 1, COMPLETE: 100, INACTIVE: 200 } as const;
export type ItemStatus = (typeof ItemStatus)[keyof typeof ItemStatus];

export const InquiryStatus = { WAIT: 1, CHECK: 2, COMPLETE: 999, DELETE: 3 } as const;
export type InquiryStatus = (typeof InquiryStatus)[keyof typeof InquiryStatus];

export const ExamMethod = { SHORT_ANSWER: 's', MULTIPLE_CHOICE: 'm' } as const;
export type ExamMethod = (typeof ExamMethod)[keyof typeof ExamMethod];

export const TokenEvent = { NONE: 'NONE', EXPIRED: 'EXPIRED', CHECK: 'CHECK' } as const;
export type TokenEvent = (typeof TokenEvent)[keyof typeof TokenEvent];

export const FAQ_SECTIONS = ['operating', 'agency', 'info'] as const;
export type FaqSection = (typeof FAQ_SECTIONS)[number];

export const POLICY_CODES = ['readin', 'privacy', 'teenager', 'responsibility', 'provided', 'shopping', 'readplus'] as const;
export type PolicyCode = (typeof POLICY_CODES)[number];

/** Reverse lookup for logs and API answers: BookStatus[20] → 'ACTIVITY'. */
export function enumName<T extends Record<string, string | number>>(e: T, value: T[keyof T]): keyof T {
  const entry = Object.entries(e).find(([, v]) => v === value);
  if (!entry) throw new Error(`unknown enumeration value ${String(value)}`);
  return entry[0] as keyof T;
}
