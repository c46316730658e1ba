import { z } from 'zod';
import { normaliseAcademyCode, normaliseContactPhone, ORGANISATION_MESSAGES as M, parseRatePercent } from '~/domain/operators';
import { positiveInt, redirectWithFlash } from '~/web/http.server';

// The forms of /super/organisations (academies, branches, agencies), read by the page-action protocol (formAction).
// Each schema holds only the fields its form shows: whatever else is posted (kind, code on an edit, settlementRate on
// an academy, status, ids) is never read.

const name = (required: string) => z.string({ required_error: required }).trim().min(1, required).max(50, M.nameTooLong);

/** An optional text: empty becomes null. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => v || null);

const phone = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const normalised = normaliseContactPhone(v);
    if (!normalised) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.phoneFormat });
      return z.NEVER;
    }
    return normalised;
  });

const rate = z.string({ required_error: M.rateFormat }).transform((v, ctx) => {
  const bp = parseRatePercent(v);
  if (bp === null) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.rateFormat });
    return z.NEVER;
  }
  return bp;
});

const choice = (message: string) =>
  z.string({ required_error: message }).transform((v, ctx) => {
    const id = positiveInt(v);
    if (id === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    return id;
  });

const academyInfo = {
  name: name(M.academyNameRequired),
  contactName: optionalText(50, M.nameTooLong),
  phone,
  address: optionalText(100, M.textTooLong),
};

const place = { branchId: choice(M.branchRequired), agencyId: choice(M.agencyRequired) };

export const academyInfoSchema = z.object(academyInfo);
export const academyPlaceSchema = z.object(place);
export const newAcademySchema = z.object({
  ...academyInfo,
  ...place,
  code: z.string({ required_error: M.codeRequired }).transform((v, ctx) => {
    const code = normaliseAcademyCode(v);
    if (!code) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.codeFormat });
      return z.NEVER;
    }
    return code;
  }),
});

export const branchSchema = z.object({
  name: name(M.branchNameRequired),
  region: z.string({ required_error: M.regionRequired }).trim().min(1, M.regionRequired).max(50, M.nameTooLong),
  contactName: optionalText(50, M.nameTooLong),
  phone,
  settlementRate: rate,
});

export const agencySchema = z.object({
  name: name(M.agencyNameRequired),
  contactName: optionalText(50, M.nameTooLong),
  phone,
  settlementRate: rate,
});

/** Where a service's refusal is shown: beside these fields. */
export const ACADEMY_FIELD_OF = {
  CODE_TAKEN: 'code',
  BRANCH_INVALID: 'branchId',
  AGENCY_INVALID: 'agencyId',
  AGENCY_NOT_IN_BRANCH: 'agencyId',
};
export const BRANCH_FIELD_OF = { BRANCH_NAME_TAKEN: 'name' };
export const AGENCY_FIELD_OF = { AGENCY_NAME_TAKEN: 'name' };

/** The message of a post whose `intent` is none of the page's forms. */
export const UNKNOWN_INTENT = '요청을 처리할 수 없습니다.';

/** Who posted from where, for the audit trail. */

/** Back to the page with what was saved, or that nothing changed (a second post of the same form). */
export const savedOrUnchanged = (to: string, changed: boolean, message: string) =>
  redirectWithFlash(to, changed ? message : M.nothingChanged, changed ? 'success' : 'info');

/** The academy page's forms: its details, its branch and agency, closing and reopening. */
export const academyIntents = z.discriminatedUnion('intent', [
  academyInfoSchema.extend({ intent: z.literal('info') }),
  academyPlaceSchema.extend({ intent: z.literal('move') }),
  z.object({ intent: z.literal('close') }),
  z.object({ intent: z.literal('reopen') }),
]);

/** The branch page's forms: the branch's details and a new agency. */
export const branchIntents = z.discriminatedUnion('intent', [
  branchSchema.extend({ intent: z.literal('branch') }),
  agencySchema.extend({ intent: z.literal('agency') }),
]);
