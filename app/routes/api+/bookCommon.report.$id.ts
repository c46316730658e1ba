import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiData, handleApi, requireApiUser } from '~/auth/api.server';
import { getBookReport } from '~/services/problems.server';
import { idParam } from './__problems.server';

/** GET /api/bookCommon/report/{resultBookId}: the per-book report. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const user = await requireApiUser(request, { role: 'USER' });
    return apiData(await getBookReport(user.id, idParam(params.id)));
  });
