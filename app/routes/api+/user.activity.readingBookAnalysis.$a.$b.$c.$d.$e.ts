import { z } from 'zod';
import { apiError, apiRoute } from '~/web/api.server';
import { positiveInt } from '~/web/http.server';
import { saveSelfAnalysis, selfAnalysisAnswer } from '~/services/problems/book-report.server';
import { PROBLEM_FAILURES, PROBLEM_NOT_FOUND, problemCall } from './__problems.server';
import { TAGS } from '~/web/api-doc.server';

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
  doc: {
    path: '/api/user/activity/readingBookAnalysis/{a}/{b}/{c}/{d}/{e}',
    tag: TAGS.problems,
    summary: '자기 분석 저장',
    description:
      '책의 다섯 평가(1–5): {a} 흥미, {b} 난이도, {c} 이해, {d} 유익, {e} 추천. 책은 본문(또는 쿼리)의 resultBookId. 다시 보내면 바꿉니다.',
    request: { schema: z.object({ resultBookId: z.number().int() }) },
    query: z.object({ resultBookId: z.string().optional() }),
    answer: selfAnalysisAnswer,
    errors: [PROBLEM_NOT_FOUND, PROBLEM_FAILURES.bookNotFound, PROBLEM_FAILURES.selfAnalysisRange, PROBLEM_FAILURES.selfAnalysisNotReady],
  },
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
