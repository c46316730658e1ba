import type { LoaderFunctionArgs } from '@remix-run/node';
import { useRouteLoaderData } from '@remix-run/react';
import { areaLayoutData } from '~/web/area.server';
import { requireUser } from '~/web/guards.server';
import { AreaError, AreaLayout } from '~/components/area-layout';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'ADMIN' });
  return areaLayoutData(request, user);
}

export default function AdminLayout() {
  return <AreaLayout home="/admin/dashboard" />;
}

export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>('routes/admin+/_layout');
  return <AreaError home="/admin/dashboard" homeLabel="대시보드로" data={data} />;
}
