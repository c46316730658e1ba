import { z } from 'zod';
import { PROBLEM_MESSAGES } from '~/domain/problems';
import type { ApiFailure } from '~/lib/api.server';

// What the problem-analysis calls share: the answer to a bad id and the answers' body contract.

export const PROBLEM_NOT_FOUND: ApiFailure = { code: 'PROBLEM_NOT_FOUND', message: PROBLEM_MESSAGES.notFound, status: 404 };
export const INVALID_ANSWER: ApiFailure = { code: 'INVALID_ANSWER', message: PROBLEM_MESSAGES.invalidAnswer };

export const answersBody = z.object({
  answers: z.array(z.object({ problemId: z.coerce.number().int().positive(), answer: z.string().max(200) })).max(100),
  /** false: only save the answers (as the student goes); default true: save and mark. */
  final: z.boolean().optional(),
});

/** A student's call about one book or problem, `{id}` in the path. */
export const problemCall = { access: 'USER', ids: ['id'], notFound: PROBLEM_NOT_FOUND } as const;
