import type { LoaderFunctionArgs } from '@remix-run/node';
import { useRouteLoaderData } from '@remix-run/react';
import { areaLayoutData } from '~/web/area.server';
import { requireUser } from '~/web/guards.server';
import { AreaError, AreaLayout } from '~/components/area-layout';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'SUPER' });
  return areaLayoutData(request, user);
}

export default function SuperLayout() {
  return <AreaLayout home="/super" />;
}

export function ErrorBoundary() {
  // Inside the area's shell when the layout's own loader succeeded (e.g. the guard alerts of a child page).
  const data = useRouteLoaderData<typeof loader>('routes/super+/_layout');
  return <AreaError home="/super" homeLabel="처음으로" data={data} />;
}
