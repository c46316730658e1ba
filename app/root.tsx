import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import { ErrorPage } from '~/components/error-page';
import { useLinkNavigation } from '~/components/link';
import { useNonce } from '~/components/nonce';
import { REQUEST_REF_META, useRequestRef } from '~/components/request-ref';
import { config } from '~/config.server';
import { issueCsrf } from '~/web/csrf.server';
import { inlineStylesheet } from '~/web/page-css.server';
import { MESSAGES } from '~/messages';
import stylesHref from '~/styles/app.css';

// The stylesheet is not among the links: <PageStyles /> inlines the page's part of it.
export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export const meta: MetaFunction = () => [
  { title: '리드인 — 학원 독서 교육 플랫폼' },
  { name: 'description', content: '읽고, 기록하고, 생각을 키우는 학원 독서 교육 플랫폼 리드인' },
];

// The form token of this visitor's session (every form renders it through <CsrfInput />); a visitor who is not signed
// in gets the pre-session cookie it is bound to.
export async function loader({ request }: LoaderFunctionArgs) {
  const csrf = await issueCsrf(request);
  const { appEnv, business } = config();
  return json({ appEnv, business, csrf: csrf.token }, csrf.setCookie ? { headers: { 'Set-Cookie': csrf.setCookie } } : undefined);
}

/** A route opts out of JavaScript with `handle = { hydrate: false }` (static pages ship none). */
export type RouteHandle = { hydrate?: boolean };

const INLINE_CSS_ID = 'page-css';
/** The browser's copy of what the server inlined (read once: the element never changes). */
let inlinedInBrowser: string | null | undefined;

/**
 * No render-blocking stylesheet (docs/decisions/028, "Stylesheet"): the server inlines the part of the sheet that can
 * apply to the page (app/web/page-css.server.ts); once the page has hydrated, the whole sheet is linked too, so pages
 * reached by client-side navigation find every rule (a stylesheet added by script does not hold the painted page, and
 * its rules equal those inlined). Without a split build (development) the whole sheet is linked as before.
 */
function PageStyles({ nonce }: { nonce: string }) {
  const routeId = useMatches().at(-1)?.id;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  let css: string | null;
  if (typeof document === 'undefined') css = inlineStylesheet(routeId, stylesHref);
  else {
    if (inlinedInBrowser === undefined) inlinedInBrowser = document.getElementById(INLINE_CSS_ID)?.textContent ?? null;
    css = inlinedInBrowser;
  }
  if (css === null) return <link rel="stylesheet" href={stylesHref} />;
  return (
    <>
      <style id={INLINE_CSS_ID} nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: css }} />
      {hydrated ? <link rel="stylesheet" href={stylesHref} /> : null}
    </>
  );
}

function useHydrate() {
  return useMatches().every((m) => (m.handle as RouteHandle | undefined)?.hydrate !== false);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const requestRef = useRequestRef();
  const hydrate = useHydrate();
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="ko">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {requestRef ? <meta name={REQUEST_REF_META} content={requestRef} /> : null}
        <PageStyles nonce={nonce} />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          본문 바로가기
        </a>
        {data?.appEnv === 'EXP' ? (
          <div className="exp-ribbon" role="note" aria-label="체험 환경 안내">
            {MESSAGES.experienceRibbon}
          </div>
        ) : null}
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

/** Marks the document once React has taken over the page (tests wait for it before typing into forms). */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

export default function App() {
  useLinkNavigation();
  return (
    <>
      <HydrationMarker />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <main id="main" tabIndex={-1}>
      <ErrorPage homeHref="/landing" />
    </main>
  );
}
