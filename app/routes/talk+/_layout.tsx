import type { LoaderFunctionArgs, TypedResponse } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Outlet, useLoaderData, useLocation, useRouteLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { areaLayoutData } from '~/web/area.server';
import { requireTalkSender } from '~/web/talk-guard.server';
import { AreaError, AreaLayout } from '~/components/area-layout';

// The talk area (spec §2: "talk — notice talk feature"): 알림톡 sends from templates, for academy staff (inside the
// admin shell and menu) and operators (inside the super shell). The guard (web/talk-guard.server.ts) lets in heads
// and teachers with this month's basic payment, and ADMIN1 / ADMIN2.

type AreaData = Awaited<ReturnType<typeof areaLayoutData>> extends TypedResponse<infer T> ? T : never;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireTalkSender(request);
  // The shell's data (who, session timing, the flash, which clears its cookie, the menu of the sender's own area).
  const response = await areaLayoutData(request, user);
  const data = (await response.json()) as AreaData;
  const operator = user.role === 'SUPER';
  return json({ ...data, operator, home: operator ? '/super' : '/admin/dashboard' }, { headers: response.headers });
}

function TalkTabs({ operator }: { operator: boolean }) {
  const { pathname } = useLocation();
  const tabs = [
    { to: '/talk', label: '발송 내역', current: pathname === '/talk' || /^\/talk\/\d+$/.test(pathname) },
    { to: '/talk/new', label: '알림톡 보내기', current: pathname === '/talk/new' },
    ...(operator
      ? [
          { to: '/super/talk/templates', label: '템플릿', current: false },
          { to: '/super/messages', label: '전체 메시지', current: false },
        ]
      : []),
  ];
  return (
    <nav aria-label="알림톡 메뉴">
      <ul className="tabs">
        {tabs.map((t) => (
          <li key={t.to}>
            <Link to={t.to} aria-current={t.current ? 'page' : undefined}>
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function TalkLayout() {
  const { operator, home } = useLoaderData<typeof loader>();
  return (
    <AreaLayout home={home}>
      <TalkTabs operator={operator} />
      <Outlet />
    </AreaLayout>
  );
}

export function ErrorBoundary() {
  // Inside the area's shell when the layout's own loader succeeded (e.g. a send that is not one's own: 404).
  const data = useRouteLoaderData<typeof loader>('routes/talk+/_layout');
  return <AreaError home={data?.home ?? '/'} homeLabel="처음으로" data={data} />;
}
