// The specification's enumerations (spec §3, §4), with the numbers stored as given.
// Shared by server and client code: no server imports here.

/** The values of an enumeration object: ValueOf<typeof SendState> is 1 | 2 | 100 | 999. */
type ValueOf<T> = T[keyof T];

export const USER_ROLES = ['USER', 'ADMIN', 'SUPER'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The spec's authorities, and PARENT (ours): a parent's account (docs/decisions/040-parent-sign-in-by-phone-code.md). */
export const AUTHORITIES = [
  'ALL',
  'ADMIN1',
  'ADMIN2',
  'COACH',
  'BRANCH',
  'HEAD',
  'TEACHER',
  'STUDENT',
  'MIGRATION',
  'PRODUCT',
  'PARENT',
] as const;
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
export type BookStatus = ValueOf<typeof BookStatus>;

export const ReadingEvent = { NONE: 0, READ_START: 10, READ_END: 20, RESET: 999 } as const;
export type ReadingEvent = ValueOf<typeof ReadingEvent>;

export const NoteState = { NONE: -1, WRITE: 1, TEACHER_SHOW: 10, WAITING_CORRECT: 100, HOLD: 200, COMMENT_COMPLETE: 999 } as const;
export type NoteState = ValueOf<typeof NoteState>;

export const SendState = { WAITING: 1, SENDING: 2, FAIL: 100, COMPLETE: 999 } as const;
export type SendState = ValueOf<typeof SendState>;

export const PaymentMethod = { CARD: 'c', BANK_TRANSFER: 'o', DEPOSIT: 'm' } as const;
export type PaymentMethod = ValueOf<typeof PaymentMethod>;

export const ReceiptType = { PERSONAL: 'C', BUSINESS: 'T', NONE: 'N' } as const;
export type ReceiptType = ValueOf<typeof ReceiptType>;

export const PaymentStatus = { WAITING: 1, CANCEL: 100, REFUND: 200, FAIL: 300, SUCCESS: 999 } as const;
export type PaymentStatus = ValueOf<typeof PaymentStatus>;

/** The spec's "another status": used for settlements. */
export const SettlementStatus = { WAITING: 1, CANCEL: 100, REFUND: 200, SUCCESS: 999 } as const;
export type SettlementStatus = ValueOf<typeof SettlementStatus>;

export const Tier = { BASIC: 1, ADD1: 2, ADD2: 3, NEW: 4, NONE: -1 } as const;
export type Tier = ValueOf<typeof Tier>;

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
export type ReadMethod = ValueOf<typeof ReadMethod>;

export const ProblemStep = { START: 1, CONFIRM: 2, SOLVE: 10, RESTART: 11, MARK: 100, CHECK: 150, COMPLETE: 200 } as const;
export type ProblemStep = ValueOf<typeof ProblemStep>;

export const ItemStatus = { ACTIVE: 1, COMPLETE: 100, INACTIVE: 200 } as const;
export type ItemStatus = ValueOf<typeof ItemStatus>;

export const InquiryStatus = { WAIT: 1, CHECK: 2, COMPLETE: 999, DELETE: 3 } as const;
export type InquiryStatus = ValueOf<typeof InquiryStatus>;

export const ExamMethod = { SHORT_ANSWER: 's', MULTIPLE_CHOICE: 'm' } as const;
export type ExamMethod = ValueOf<typeof ExamMethod>;

export const TokenEvent = { NONE: 'NONE', EXPIRED: 'EXPIRED', CHECK: 'CHECK' } as const;
export type TokenEvent = ValueOf<typeof TokenEvent>;

export const FAQ_SECTIONS = ['operating', 'agency', 'info'] as const;
export type FaqSection = (typeof FAQ_SECTIONS)[number];

export const POLICY_CODES = ['readin', 'privacy', 'teenager', 'responsibility', 'provided', 'shopping', 'readplus'] as const;
export type PolicyCode = (typeof POLICY_CODES)[number];

/**
 * A table over an enumeration's values, written with its names (each name once, none missing):
 * enumRecord(Tier, { BASIC: '기본 이용료', … }) is { [Tier.BASIC]: '기본 이용료', … }.
 */
export function enumRecord<T extends Record<string, string | number>, V>(
  e: T,
  byName: Record<Extract<keyof T, string>, V>,
): Record<ValueOf<T>, V> {
  return Object.fromEntries(Object.entries(byName).map(([name, value]) => [e[name], value])) as Record<ValueOf<T>, V>;
}

/** Reverse lookup for logs and API answers: BookStatus[20] → 'ACTIVITY'. */
export function enumName<T extends Record<string, string | number>>(e: T, value: T[keyof T]): keyof T {
  const entry = Object.entries(e).find(([, v]) => v === value);
  if (!entry) throw new Error(`unknown enumeration value ${String(value)}`);
  return entry[0] as keyof T;
}
