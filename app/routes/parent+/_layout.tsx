import type { LoaderFunctionArgs } from '@remix-run/node';
import { useRouteLoaderData } from '@remix-run/react';
import { areaLayoutData } from '~/web/area.server';
import { requireParent } from '~/web/guards.server';
import { AreaError, AreaLayout } from '~/components/area-layout';

// The parents' area (issue 32; docs/decisions/039-what-a-guardian-may-see.md): a parent's children, read-only.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireParent(request);
  return areaLayoutData(request, user);
}

export default function ParentLayout() {
  return <AreaLayout home="/parent" footerLinks={[]} />;
}

export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>('routes/parent+/_layout');
  return <AreaError home="/parent" homeLabel="자녀 목록으로" data={data} />;
}
