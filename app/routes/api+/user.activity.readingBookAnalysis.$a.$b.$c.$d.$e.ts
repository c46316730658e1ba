import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { apiData, apiError, handleApi, requireApiUser } from '~/auth/api.server';
import { saveSelfAnalysis } from '~/services/problems.server';
import { idParam, readBody } from './__problems.server';

const body = z.object({ resultBookId: z.coerce.number().int().positive() });

/**
 * POST /api/user/activity/readingBookAnalysis/{interest}/{difficulty}/{understanding}/{usefulness}/{recommend}:
 * the self-analysis, five ratings 1–5 in the path; the book as `resultBookId` in the JSON body (or the query).
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== 'POST') return apiError('METHOD_NOT_ALLOWED', '허용되지 않는 요청입니다.', 405);
    const user = await requireApiUser(request, { role: 'USER' });
    const query = new URL(request.url).searchParams.get('resultBookId');
    const parsed = body.safeParse(query ? { resultBookId: query } : await readBody(request));
    const resultBookId = idParam(parsed.success ? String(parsed.data.resultBookId) : undefined);
    const n = (v: string | undefined) => (v !== undefined && /^\d$/.test(v) ? Number(v) : 0);
    return apiData(
      await saveSelfAnalysis(user.id, resultBookId, {
        interest: n(params.a),
        difficulty: n(params.b),
        understanding: n(params.c),
        usefulness: n(params.d),
        recommend: n(params.e),
      }),
    );
  });

export const loader = () => apiError('METHOD_NOT_ALLOWED', '허용되지 않는 요청입니다.', 405);
