import type { LoaderFunctionArgs } from '@remix-run/node';
import { useRouteLoaderData } from '@remix-run/react';
import { areaLayoutData } from '~/web/area.server';
import { requireUser } from '~/web/guards.server';
import { AreaError, AreaLayout } from '~/components/area-layout';
import type { NavItem } from '~/components/public-shell';

const USER_FOOTER: NavItem[] = [
  { to: '/user/intro', label: '서비스 소개' },
  { to: '/user/intro/patent', label: '특허·인증' },
  { to: '/user/faq', label: '자주 묻는 질문' },
  { to: '/user/policy', label: '약관 및 정책' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  return areaLayoutData(request, user);
}

export default function UserLayout() {
  return <AreaLayout home="/user/dashboard" footerLinks={USER_FOOTER} />;
}

export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>('routes/user+/_layout');
  return <AreaError home="/user/dashboard" homeLabel="대시보드로" data={data} />;
}
