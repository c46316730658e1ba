import { SiteFooterFrame } from './business-footer';
import { NavLink } from '@remix-run/react';
import { Link } from '~/components/link';
import type { ReactNode } from 'react';
import { POLICY_DOCS } from '~/content/landing';
import { Brand } from './brand';

/** A menu entry. `except` lists paths under `to` that belong to another entry (they do not mark this one as current). */
/** A menu entry; `items` makes it a group that opens its entries (a `<details>`: it opens without JavaScript). */
export type NavItem = { to: string; label: string; end?: boolean; except?: string[]; locked?: boolean; items?: NavItem[] };

/** Header, navigation and footer of the public pages (landing) and of the same pages inside the user area. */
export function PublicShell({
  base,
  nav,
  actions,
  children,
}: {
  /** '/landing' or '/user': where the pages live. */
  base: string;
  nav: NavItem[];
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <header className="site-header">
        <div className="container">
          <Brand to={base} />
          <nav aria-label="주 메뉴">
            <ul className="nav">
              {nav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} prefetch="none">
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {actions}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter base={base} />
    </>
  );
}

/**
 * The public pages' footer: the policies (under `base`) and the seller's details, also on the sign-in and registration
 * pages, where a subscription starts.
 */
export function SiteFooter({ base }: { base: string }) {
  return (
    <SiteFooterFrame label="약관 및 정책">
      {POLICY_DOCS.map((doc) => (
        <li key={doc.code}>
          <Link to={`${base}/policy/${doc.code}`}>{doc.title}</Link>
        </li>
      ))}
    </SiteFooterFrame>
  );
}

export const LANDING_NAV: NavItem[] = [
  { to: '/landing/intro', label: '서비스 소개', end: true },
  { to: '/landing/intro/patent', label: '특허·인증' },
  { to: '/landing/license', label: '이용권 안내' },
  { to: '/landing/faq', label: '자주 묻는 질문' },
];
