import { z } from 'zod';
import { apiError, apiRoute } from '~/lib/api.server';
import { positiveInt } from '~/lib/http.server';
import { saveSelfAnalysis } from '~/services/problems/book-report.server';
import { PROBLEM_NOT_FOUND, problemCall } from './__problems.server';

/**
 * POST /api/user/activity/readingBookAnalysis/{interest}/{difficulty}/{understanding}/{usefulness}/{recommend}:
 * the self-analysis, five ratings 1–5 in the path; the book as `resultBookId` in the JSON body (or the query).
 * A rating that is not one digit counts as 0, which the service refuses (SELF_ANALYSIS_RANGE).
 */
const rating = (v: string | undefined) => (v !== undefined && /^\d$/.test(v) ? Number(v) : 0);

export const { loader, action } = apiRoute({
  method: 'POST',
  access: problemCall.access,
  body: z.object({ resultBookId: z.unknown() }),
  bodyOptional: true,
  handler: ({ user, body, params, request }) => {
    const resultBookId = positiveInt(new URL(request.url).searchParams.get('resultBookId') ?? body.resultBookId);
    if (resultBookId === null) return apiError(PROBLEM_NOT_FOUND.code, PROBLEM_NOT_FOUND.message, 404);
    return saveSelfAnalysis(user.id, resultBookId, {
      interest: rating(params.a),
      difficulty: rating(params.b),
      understanding: rating(params.c),
      usefulness: rating(params.d),
      recommend: rating(params.e),
    });
  },
});
