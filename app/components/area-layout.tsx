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
export type AreaLayoutData = { user: ShellUser; timing: SessionTiming; flash: Flash | null; badges: MenuBadges };

/** The area's menu: its items, or the items a user sees. */
type AreaNav = NavItem[] | ((user: ShellUser) => NavItem[]);

/** The area's shell around its page (the `<Outlet />` unless `children` says more). */
export function AreaLayout({
  home,
  nav,
  footerLinks,
  children,
}: {
  home: string;
  nav: AreaNav;
  footerLinks?: NavItem[];
  children?: ReactNode;
}) {
  const { user, timing, flash, badges } = useLoaderData<AreaLayoutData>();
  return (
    <AppShell
      timing={timing}
      flash={flash}
      badges={badges}
      home={home}
      nav={typeof nav === 'function' ? nav(user) : nav}
      user={user}
      footerLinks={footerLinks}
    >
      {children ?? <Outlet />}
    </AppShell>
  );
}

/**
 * The area's error page: inside its shell when the layout's loader succeeded (`user`, from
 * `useRouteLoaderData(<the layout's id>)`, e.g. the guard alerts of a child page), bare otherwise.
 */
export function AreaError({ home, homeLabel, nav, user }: { home: string; homeLabel: string; nav: AreaNav; user: ShellUser | undefined }) {
  const page = <ErrorPage homeHref={home} homeLabel={homeLabel} />;
  if (!user)
    return (
      <main id="main" className="container" tabIndex={-1}>
        {page}
      </main>
    );
  return (
    <AppShell home={home} nav={typeof nav === 'function' ? nav(user) : nav} user={user}>
      {page}
    </AppShell>
  );
}
