import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiData, handleApi, requireApiUser } from '~/auth/api.server';
import { problemAnalysisForApi } from '~/services/problems.server';
import { idParam } from './__problems.server';

/** GET /api/user/activity/problemAnalysis/{resultBookId}: the book's problems with their options, never the answers. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const user = await requireApiUser(request, { role: 'USER' });
    return apiData(await problemAnalysisForApi(user.id, idParam(params.id)));
  });
