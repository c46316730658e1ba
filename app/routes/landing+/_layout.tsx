import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
import { Link } from '~/components/link';
import { landingGuard } from '~/web/guards.server';
import { ErrorPage } from '~/components/error-page';
import { LANDING_NAV, PublicShell } from '~/components/public-shell';
import type { RouteHandle } from '~/root';

// Public pages: no JavaScript is needed here, so none is shipped.
export const handle: RouteHandle = { hydrate: false };

// The landing guard sends a signed-in user to their dashboard (spec §2). The pages below hold nothing private, and
// without client-side navigation every visit is a document request that runs this loader.
export async function loader({ request }: LoaderFunctionArgs) {
  await landingGuard(request);
  return null;
}

function Actions() {
  return (
    <p className="form-actions">
      <Link className="button" to="/member/login">
        로그인
      </Link>
    </p>
  );
}

export default function LandingLayout() {
  return (
    <PublicShell base="/landing" nav={LANDING_NAV} actions={<Actions />}>
      <Outlet />
    </PublicShell>
  );
}

export function ErrorBoundary() {
  return (
    <PublicShell base="/landing" nav={LANDING_NAV} actions={<Actions />}>
      <ErrorPage homeHref="/landing" />
    </PublicShell>
  );
}
