import type { SubmissionResult } from '@conform-to/react';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { parseWithZod } from '~/auth/account-schemas.server';
import {
  normaliseAcademyCode,
  normaliseContactPhone,
  ORGANISATION_MESSAGES as M,
  ORGANISATION_STATUSES,
  parseRatePercent,
  type OrganisationStatusValue,
} from '~/domain/operators';
import { isDomainError } from '~/lib/errors';
import { positiveInt, redirectWithFlash, refusedForm } from '~/web/http.server';

// The forms of /super/organisations (academies, branches, agencies). Each schema holds only the fields its form
// shows: whatever else is posted (kind, code on an edit, settlementRate on an academy, status, ids) is never read.

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

/** `?status=` of the academy list. */
export const statusParam = (value: string | null): OrganisationStatusValue | undefined =>
  ORGANISATION_STATUSES.includes(value as OrganisationStatusValue) ? (value as OrganisationStatusValue) : undefined;

/** Where a service's refusal is shown: beside these fields. */
export const ACADEMY_FIELD_OF = {
  CODE_TAKEN: 'code',
  BRANCH_INVALID: 'branchId',
  AGENCY_INVALID: 'agencyId',
  AGENCY_NOT_IN_BRANCH: 'agencyId',
};
export const BRANCH_FIELD_OF = { BRANCH_NAME_TAKEN: 'name' };
export const AGENCY_FIELD_OF = { AGENCY_NAME_TAKEN: 'name' };

/**
 * One form's post: parsed with its schema (only its fields), saved by `save`, or answered with the errors beside their
 * fields (`fieldOf` places a service's refusal); `wrap` tags the reply with the intent on pages of several forms.
 */
export async function submitForm<T>(
  formData: FormData,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  fieldOf: Partial<Record<string, string>>,
  save: (value: T) => Promise<Response>,
  wrap: (result: SubmissionResult<string[]>) => Record<string, unknown> = (result) => result as unknown as Record<string, unknown>,
): Promise<Response> {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') return json(wrap(submission.reply()), { status: 400 });
  try {
    return await save(submission.value);
  } catch (error) {
    if (isDomainError(error)) return refusedForm(submission, error, fieldOf, wrap);
    throw error;
  }
}

/** Back to the page with what was saved, or that nothing changed (a second post of the same form). */
export const savedOrUnchanged = (to: string, changed: boolean, message: string) =>
  redirectWithFlash(to, changed ? message : M.nothingChanged, changed ? 'success' : 'info');
