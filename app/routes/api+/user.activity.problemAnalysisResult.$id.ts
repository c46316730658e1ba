import type { ActionFunctionArgs } from '@remix-run/node';
import { apiData, apiError, handleApi, requireApiUser } from '~/auth/api.server';
import { submitForApi } from '~/services/problems.server';
import { answersBody, idParam, invalid, readBody } from './__problems.server';

/**
 * POST /api/user/activity/problemAnalysisResult/{resultBookId}: `{ answers: [{ problemId, answer }], final? }`.
 * Multiple choice as comma-joined 1-based positions ('1,3'), short answers as the text. Marks once: a repeat
 * returns the same result.
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== 'POST') return apiError('METHOD_NOT_ALLOWED', '허용되지 않는 요청입니다.', 405);
    const user = await requireApiUser(request, { role: 'USER' });
    const id = idParam(params.id);
    const parsed = answersBody.safeParse(await readBody(request));
    if (!parsed.success) invalid();
    return apiData(await submitForApi(user.id, id, parsed.data.answers, parsed.data.final ?? true));
  });

export const loader = () => apiError('METHOD_NOT_ALLOWED', '허용되지 않는 요청입니다.', 405);
