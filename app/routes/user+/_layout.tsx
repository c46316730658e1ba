import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { areaLayoutData } from '~/web/area.server';
import { requireUser } from '~/web/guards.server';
import { AppShell } from '~/components/app-shell';
import { ErrorPage } from '~/components/error-page';
import type { NavItem } from '~/components/public-shell';

export const USER_NAV: NavItem[] = [
  { to: '/user/dashboard', label: '대시보드' },
  { to: '/user/activity', label: '독서 활동', except: ['/user/activity/courseTest', '/user/activity/subjectTest'] },
  { to: '/user/activity/courseTest', label: '수준 진단' },
  { to: '/user/activity/subjectTest', label: '교과 독해' },
  { to: '/user/note/list', label: '독서 노트' },
  { to: '/user/report', label: '리포트' },
  { to: '/user/recommend', label: '추천 도서' },
  { to: '/user/search', label: '도서 검색' },
  { to: '/user/jinro', label: '진로 탐색' },
  { to: '/user/message', label: '메시지' },
  { to: '/user/inquiry', label: '1:1 문의' },
  { to: '/user/notices', label: '공지사항' },
  { to: '/user/my-page', label: '마이페이지' },
];

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
  const { user, timing, flash, badges } = useLoaderData<typeof loader>();
  return (
    <AppShell timing={timing} flash={flash} badges={badges} home="/user/dashboard" nav={USER_NAV} user={user} footerLinks={USER_FOOTER}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  // Inside the area's shell when the layout's own loader succeeded (e.g. the guard alerts of a child page).
  const data = useRouteLoaderData<typeof loader>('routes/user+/_layout');
  const page = <ErrorPage homeHref="/user/dashboard" homeLabel="대시보드로" />;
  if (!data)
    return (
      <main id="main" className="container" tabIndex={-1}>
        {page}
      </main>
    );
  const user = data.user;
  return (
    <AppShell home="/user/dashboard" nav={USER_NAV} user={user}>
      {page}
    </AppShell>
  );
}
