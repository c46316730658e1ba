import { Outlet } from '@remix-run/react';
import { Link } from '~/components/link';
import { Brand } from '~/components/brand';
import { ErrorPage } from '~/components/error-page';
import { SiteFooter } from '~/components/public-shell';

// Public account pages: sign-in, registration, finding an id or a password, with the public pages' footer (the
// policies and the seller's details).
function Shell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <header className="site-header">
        <div className="container">
          <Brand />
          <nav aria-label="주 메뉴">
            <ul className="nav">
              <li>
                <Link to="/landing">처음으로</Link>
              </li>
              <li>
                <Link to="/landing/faq/info">이용 안내</Link>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" className="container" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter base="/landing" />
    </>
  );
}

export default function MemberLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  return (
    <Shell>
      <ErrorPage homeHref="/member/login" homeLabel="로그인으로" />
    </Shell>
  );
}
