import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { areaLayoutData } from '~/web/area.server';
import { requireUser } from '~/web/guards.server';
import { AppShell } from '~/components/app-shell';
import { ErrorPage } from '~/components/error-page';
import type { NavItem } from '~/components/public-shell';
import type { Authority } from '~/domain/enums';

/** Menus of the super area, each with the authorities that see it (ADMIN1 and ADMIN2 see all). */
const SUPER_MENUS: (NavItem & { for: Authority[] })[] = [
  { to: '/super/user', label: '회원 관리', for: ['ADMIN1', 'ADMIN2'] },
  { to: '/super/organisations', label: '기관 관리', for: ['ADMIN1', 'ADMIN2'] },
  { to: '/super/books', label: '도서 관리', for: ['ADMIN1', 'ADMIN2', 'PRODUCT'] },
  { to: '/super/problems', label: '문제 관리', for: ['ADMIN1', 'ADMIN2', 'PRODUCT'] },
  { to: '/super/coach/sharpening', label: '첨삭', for: ['ADMIN1', 'ADMIN2', 'COACH'] },
  { to: '/super/coaches', label: '코치 관리', for: ['ADMIN1', 'ADMIN2'] },
  // The branch's home carries its settlement: BRANCH knows it as 지사, operators as 정산 (every branch).
  { to: '/super/tax/u/region/agency', label: '지사', for: ['BRANCH'] },
  { to: '/super/tax/u/region/agency', label: '정산', for: ['ADMIN1', 'ADMIN2'] },
  { to: '/super/payments', label: '결제', for: ['ADMIN1', 'ADMIN2'] },
  { to: '/super/prices', label: '가격', for: ['ADMIN1', 'ADMIN2'] },
  { to: '/super/content', label: 'FAQ·약관', for: ['ADMIN1', 'ADMIN2'] },
  { to: '/super/messages', label: '발송 메시지', for: ['ADMIN1', 'ADMIN2'] },
  { to: '/super/inquiries', label: '1:1 문의', for: ['ADMIN1', 'ADMIN2'] },
  { to: '/talk', label: '알림톡', for: ['ADMIN1', 'ADMIN2'] },
  { to: '/super/audit', label: '감사 기록', for: ['ADMIN1'] },
  { to: '/super/notices', label: '공지사항', for: ['ADMIN1', 'ADMIN2', 'COACH', 'BRANCH', 'PRODUCT'] },
  { to: '/super/my-page', label: '마이페이지', for: ['ADMIN1', 'ADMIN2', 'COACH', 'BRANCH', 'PRODUCT'] },
];

export function superNav(authorities: string[]): NavItem[] {
  return SUPER_MENUS.filter((m) => m.for.some((a) => authorities.includes(a))).map(({ to, label }) => ({ to, label }));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'SUPER' });
  return areaLayoutData(request, user);
}

export default function SuperLayout() {
  const { user, timing, flash, badges } = useLoaderData<typeof loader>();
  return (
    <AppShell timing={timing} flash={flash} badges={badges} home="/super" nav={superNav(user.authorities)} user={user}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  // Inside the area's shell when the layout's own loader succeeded (e.g. the guard alerts of a child page).
  const data = useRouteLoaderData<typeof loader>('routes/super+/_layout');
  const page = <ErrorPage homeHref="/super" homeLabel="처음으로" />;
  if (!data)
    return (
      <main id="main" className="container" tabIndex={-1}>
        {page}
      </main>
    );
  const user = data.user;
  return (
    <AppShell home="/super" nav={superNav(user.authorities)} user={user}>
      {page}
    </AppShell>
  );
}
