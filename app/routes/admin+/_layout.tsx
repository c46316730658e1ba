import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { areaLayoutData } from '~/web/area.server';
import { requireUser } from '~/web/guards.server';
import { AppShell } from '~/components/app-shell';
import { ErrorPage } from '~/components/error-page';
import type { NavItem } from '~/components/public-shell';

/** The admin menu; a TEACHER does not see the head-only pages (teachers, payments). */
export const ADMIN_NAV: (NavItem & { headOnly?: boolean })[] = [
  { to: '/admin/dashboard', label: '대시보드' },
  { to: '/admin/classes', label: '반 관리' },
  { to: '/admin/students', label: '학생 관리' },
  { to: '/admin/assign', label: '도서 배정' },
  { to: '/admin/progress', label: '학습 현황' },
  { to: '/admin/notes', label: '독서 노트' },
  { to: '/admin/notices', label: '공지사항' },
  { to: '/talk', label: '알림톡' },
  { to: '/admin/teachers', label: '선생님 관리', headOnly: true },
  { to: '/admin/payments', label: '결제', headOnly: true },
  { to: '/admin/message', label: '메시지' },
  { to: '/admin/inquiry', label: '1:1 문의' },
  { to: '/admin/my-page', label: '마이페이지' },
];

export const adminNav = (user: { authorities: readonly string[] }) =>
  ADMIN_NAV.filter((item) => !item.headOnly || user.authorities.includes('HEAD')).map(({ to, label }) => ({ to, label }));

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'ADMIN' });
  return areaLayoutData(request, user);
}

export default function AdminLayout() {
  const { user, timing, flash, badges } = useLoaderData<typeof loader>();
  return (
    <AppShell timing={timing} flash={flash} badges={badges} home="/admin/dashboard" nav={adminNav(user)} user={user}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  // Inside the area's shell when the layout's own loader succeeded (e.g. the guard alerts of a child page).
  const data = useRouteLoaderData<typeof loader>('routes/admin+/_layout');
  const page = <ErrorPage homeHref="/admin/dashboard" homeLabel="대시보드로" />;
  if (!data)
    return (
      <main id="main" className="container" tabIndex={-1}>
        {page}
      </main>
    );
  const user = data.user;
  return (
    <AppShell home="/admin/dashboard" nav={adminNav(user)} user={user}>
      {page}
    </AppShell>
  );
}
