import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiData, handleApi, requireApiUser } from '~/auth/api.server';
import { resultInfoForApi } from '~/services/problems.server';
import { idParam } from './__problems.server';

/** GET /api/user/activity/problemAnalysisInfo/{resultBookId}: the marked result, answers, right answers, explanations. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const user = await requireApiUser(request, { role: 'USER' });
    return apiData(await resultInfoForApi(user.id, idParam(params.id)));
  });
