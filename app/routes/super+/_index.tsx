import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { homeFor, requireUser } from '~/web/guards.server';

// /super sends each operator to the home of their authority (spec §2).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'SUPER' });
  return redirect(homeFor(user));
}
