import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUser } from '~/auth/guards.server';
import { Welcome } from '~/components/area-home';

export const meta: MetaFunction = () => [{ title: '학원 대시보드 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'ADMIN' });
  return json({ user: { name: user.name, role: user.role, authorities: user.authorities } });
}

export default function AdminDashboard() {
  const { user } = useLoaderData<typeof loader>();
  return <Welcome user={user} />;
}
