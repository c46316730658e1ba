import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiData, handleApi, requireApiUser } from '~/auth/api.server';
import { problemItemForApi } from '~/services/problems.server';
import { idParam } from './__problems.server';

/** GET /api/user/activity/problemAnalysisItem/{problemId}: one problem, without its correct answer. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const user = await requireApiUser(request, { role: 'USER' });
    return apiData(await problemItemForApi(user.id, idParam(params.id)));
  });
