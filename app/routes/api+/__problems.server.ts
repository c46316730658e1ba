import { z } from 'zod';
import { readRequestBody } from '~/auth/api.server';
import { PROBLEM_MESSAGES } from '~/domain/problems';
import { DomainError } from '~/lib/errors';

/** A positive whole-number path parameter, or a 404 in the API's shape. */
export function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new DomainError('PROBLEM_NOT_FOUND', PROBLEM_MESSAGES.notFound, 404);
  return id;
}

/** Reads a JSON body (or form fields) of a mutating API call. */
export const readBody = readRequestBody;

export const answersBody = z.object({
  answers: z.array(z.object({ problemId: z.coerce.number().int().positive(), answer: z.string().max(200) })).max(100),
  /** false: only save the answers (as the student goes); default true: save and mark. */
  final: z.boolean().optional(),
});

export function invalid(): never {
  throw new DomainError('INVALID_ANSWER', PROBLEM_MESSAGES.invalidAnswer, 400);
}
