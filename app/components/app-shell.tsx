import { SiteFooterFrame } from './business-footer';
import { FlashBanner } from './flash-banner';
import { Form, NavLink, useLocation } from '@remix-run/react';
import { Link } from '~/components/link';
import type { ReactNode } from 'react';
import { Brand } from './brand';
import { ExtendLogin, type SessionTiming } from './extend-login';
import type { NavItem } from './public-shell';
import type { Flash } from '~/lib/flash';
import { CsrfInput } from '~/components/csrf';
import { roleLabel } from '~/domain/roles';

export type ShellUser = { name: string; role: string; authorities: string[] };

/** A count beside a menu entry (unread messages, waiting inquiries), keyed by the entry's path. */
export type MenuBadges = Record<string, { count: number; label: string }>;

/** Header, navigation and sign-out of the signed-in areas (user, admin, super). */
export function AppShell({
  home,
  nav,
  user,
  children,
  banner,
  footerLinks,
  timing,
  flash,
  badges,
}: {
  home: string;
  nav: NavItem[];
  user: ShellUser;
  children: ReactNode;
  /** Shown above the page (the extend-login prompt without JavaScript, flash messages). */
  banner?: ReactNode;
  /** Service information links at the bottom (the user area shows the landing pages inside itself). */
  footerLinks?: NavItem[];
  /** Session timing for the extend-login prompt. */
  timing?: SessionTiming;
  /** The flash message of the last post (post-redirect-get). */
  flash?: Flash | null;
  /** Counts beside menu entries (from the area layout's loader). */
  badges?: MenuBadges;
}) {
  const { pathname } = useLocation();
  return (
    <>
      <header className="site-header">
        <div className="container">
          <Brand to={home} />
          <nav aria-label="주 메뉴">
            <ul className="nav">
              {nav.map((item) =>
                item.items ? (
                  <li key={`group:${item.label}`} className="nav-group">
                    {/* Closed again after each page (the key): a group opens without JavaScript, by click or keyboard. */}
                    <details key={pathname}>
                      <summary className={item.items.some((i) => isCurrent(i, pathname)) ? 'current' : undefined}>
                        {item.label}
                        <GroupCount items={item.items} badges={badges} />
                      </summary>
                      <ul className="nav-menu">
                        {item.items.map((entry) => (
                          <li key={entry.to}>
                            <MenuLink item={entry} pathname={pathname} badges={badges} />
                          </li>
                        ))}
                      </ul>
                    </details>
                  </li>
                ) : (
                  <li key={item.to}>
                    <MenuLink item={item} pathname={pathname} badges={badges} />
                  </li>
                ),
              )}
            </ul>
          </nav>
          <div className="account">
            <span>
              <strong>{user.name}</strong> <span className="badge">{roleLabel(user)}</span>
            </span>
            <Form method="post" action="/member/logout" reloadDocument>
              <CsrfInput />
              <button type="submit" className="secondary small">
                로그아웃
              </button>
            </Form>
          </div>
        </div>
      </header>
      <main id="main" className="container" tabIndex={-1}>
        {timing ? <ExtendLogin timing={timing} /> : null}
        <FlashBanner flash={flash ?? null} />
        {banner}
        {children}
      </main>
      {footerLinks?.length ? (
        <SiteFooterFrame label="서비스 안내">
          {footerLinks.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to}>{l.label}</NavLink>
            </li>
          ))}
        </SiteFooterFrame>
      ) : null}
    </>
  );
}

/** A menu entry's link: the current page marked, a locked page with its padlock, its count. */
function MenuLink({ item, pathname, badges }: { item: NavItem; pathname: string; badges?: MenuBadges }) {
  return (
    <Link
      to={item.to}
      aria-current={isCurrent(item, pathname) ? 'page' : undefined}
      className={item.locked ? 'locked' : undefined}
      title={item.locked ? '이번 달 기본 결제 후 이용할 수 있습니다' : undefined}
    >
      {item.locked ? <span className="sr-only">(결제 후 이용) </span> : null}
      {item.label}
      {badges?.[item.to] ? <MenuCount {...badges[item.to]} /> : null}
    </Link>
  );
}

/** The counts of a group's entries, shown on the closed group (waiting inquiries under 소통). */
function GroupCount({ items, badges }: { items: NavItem[]; badges?: MenuBadges }) {
  const counted = items.map((i) => badges?.[i.to]).filter((b) => b !== undefined);
  if (counted.length === 0) return null;
  return <MenuCount count={counted.reduce((sum, b) => sum + b.count, 0)} label={counted.map((b) => b.label).join(', ')} />;
}

function MenuCount({ count, label }: { count: number; label: string }) {
  return (
    <>
      <span className="menu-count" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">
        ({label} {count}건)
      </span>
    </>
  );
}

/** Whether a menu entry is the current page: its path, or below it unless an `except` path claims it. */
function isCurrent(item: NavItem, pathname: string): boolean {
  const under = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  if (item.end) return pathname === item.to;
  return under(item.to) && !(item.except ?? []).some(under);
}
