import { z } from 'zod';
import { PROBLEM_MESSAGES } from '~/domain/problems';
import type { ApiFailure } from '~/web/api.server';
import { ProblemErrors } from '~/services/problems/attempts.server';

// What the problem-analysis calls share: the answer to a bad id and the answers' body contract.

export const PROBLEM_NOT_FOUND: ApiFailure = { code: 'PROBLEM_NOT_FOUND', message: PROBLEM_MESSAGES.notFound, status: 404 };
export const INVALID_ANSWER: ApiFailure = { code: 'INVALID_ANSWER', message: PROBLEM_MESSAGES.invalidAnswer };

export const answersBody = z.object({
  answers: z.array(z.object({ problemId: z.coerce.number().int().positive(), answer: z.string().max(200) })).max(100),
  /** false: only save the answers (as the student goes); default true: save and mark. */
  final: z.boolean().optional(),
});

const M = PROBLEM_MESSAGES;
const failure = (code: string, message: string, status: number): ApiFailure => ({ code, message, status });

/** What the problem calls can answer besides a bad id (each call lists those that apply). */
export const PROBLEM_FAILURES = {
  setMissing: failure(ProblemErrors.SET_MISSING, M.setMissing, 404),
  notReady: failure(ProblemErrors.NOT_READY, M.notReady, 409),
  bookNotFound: failure(ProblemErrors.NOT_FOUND, M.bookNotFound, 404),
  stepConflict: failure(ProblemErrors.STEP_CONFLICT, M.stepConflict, 409),
  stepSkip: failure(ProblemErrors.STEP_SKIP, M.stepSkip, 409),
  alreadyMarked: failure(ProblemErrors.ALREADY_MARKED, M.alreadyMarked, 409),
  invalidAnswer: { ...INVALID_ANSWER, status: 400 },
  retakeNotAllowed: failure(ProblemErrors.RETAKE_NOT_ALLOWED, M.retakeNotAllowed, 403),
  notMarked: failure(ProblemErrors.NOT_MARKED, M.notMarked, 409),
  selfAnalysisNotReady: failure(ProblemErrors.SELF_ANALYSIS_NOT_READY, M.selfAnalysisNotReady, 409),
  selfAnalysisRange: failure(ProblemErrors.SELF_ANALYSIS_RANGE, M.selfAnalysisRange, 400),
} satisfies Record<string, ApiFailure>;

/** A student's call about one book or problem, `{id}` in the path. */
export const problemCall = { access: 'USER', ids: ['id'], notFound: PROBLEM_NOT_FOUND } as const;
