import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { requireUser } from '~/auth/guards.server';

// /user/activity/readingBook/info?id=<resultBookId> → /user/activity/readingBook/info/<resultBookId>
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { role: 'USER' });
  const id = Number(new URL(request.url).searchParams.get('id'));
  return redirect(Number.isInteger(id) && id > 0 ? `/user/activity/readingBook/info/${id}` : '/user/activity');
}
