import type { ReactNode } from 'react';
import { Outlet, useLoaderData } from '@remix-run/react';
import { AppShell, type MenuBadges, type ShellUser } from './app-shell';
import { ErrorPage } from './error-page';
import type { SessionTiming } from './extend-login';
import type { NavItem } from './public-shell';
import type { Flash } from '~/lib/flash';

// The layout of every signed-in area (user, admin, super, talk): the shell around the page with what the layout's
// loader sent (`areaLayoutData`, app/web/area.server.ts), and the area's error page, inside the shell when that
// loader succeeded.

/** What an area layout's loader sends to its shell. */
export type AreaLayoutData = { user: ShellUser; timing: SessionTiming; flash: Flash | null; nav: NavItem[]; badges: MenuBadges };

/** The area's shell around its page (the `<Outlet />` unless `children` says more). */
export function AreaLayout({ home, footerLinks, children }: { home: string; footerLinks?: NavItem[]; children?: ReactNode }) {
  const { user, timing, flash, nav, badges } = useLoaderData<AreaLayoutData>();
  return (
    <AppShell timing={timing} flash={flash} badges={badges} home={home} nav={nav} user={user} footerLinks={footerLinks}>
      {children ?? <Outlet />}
    </AppShell>
  );
}

/**
 * The area's error page: inside its shell when the layout's loader succeeded (`data`, from
 * `useRouteLoaderData(<the layout's id>)`, e.g. the guard alerts of a child page), bare otherwise.
 */
export function AreaError({
  home,
  homeLabel,
  data,
}: {
  home: string;
  homeLabel: string;
  data: Pick<AreaLayoutData, 'user' | 'nav'> | undefined;
}) {
  const page = <ErrorPage homeHref={home} homeLabel={homeLabel} />;
  if (!data)
    return (
      <main id="main" className="container" tabIndex={-1}>
        {page}
      </main>
    );
  return (
    <AppShell home={home} nav={data.nav} user={data.user}>
      {page}
    </AppShell>
  );
}
