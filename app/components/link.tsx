import { Link as RemixLink, useNavigate, type LinkProps } from '@remix-run/react';
import { forwardRef, useEffect } from 'react';

// The app's in-app link (docs/decisions/029, "Plain links"). Remix's <Link> resolves its path three times per render
// (its own href, React Router's link, its click handler) and sets up prefetching: a tenth of the server's time on a
// page of 48 links. A link to an absolute path with no options needs none of that: it renders a plain <a> with
// Remix's `data-discover` mark (lazy route discovery still finds it), and one click listener on the document
// (`useLinkNavigation`, installed by the root) turns its plain left clicks into client-side navigations once the page
// is hydrated. Before hydration, and without JavaScript, it is an ordinary link. Anything else (a relative path, an
// object, `replace`, `state`, `reloadDocument`, `prefetch`, a `target` …) is Remix's <Link> unchanged.

type Props = LinkProps & { prefetch?: 'intent' | 'render' | 'none' | 'viewport'; discover?: 'render' | 'none' };

/** Only these props may go to a plain <a>; any other Remix or React Router option means Remix's link. */
const ROUTER_OPTIONS = ['reloadDocument', 'replace', 'state', 'preventScrollReset', 'relative', 'viewTransition', 'target'] as const;

function isPlain(props: Props): props is Props & { to: string } {
  const { to, prefetch, discover } = props;
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || /(^|\/)\.\.?(\/|$|[?#])/.test(to)) return false;
  if ((prefetch && prefetch !== 'none') || discover === 'none') return false;
  return ROUTER_OPTIONS.every((option) => props[option] === undefined || props[option] === false);
}

export const Link = forwardRef<HTMLAnchorElement, Props>(function Link(props, ref) {
  if (!isPlain(props)) return <RemixLink ref={ref} {...props} />;
  const { to, prefetch: _prefetch, discover: _discover, ...anchor } = props;
  for (const option of ROUTER_OPTIONS) delete (anchor as Record<string, unknown>)[option];
  return <a ref={ref} {...anchor} href={to} data-discover="true" />;
});

/** The plain left click on a page's own link, as React Router's links treat it; else null (the browser's own behaviour). */
function inAppTarget(event: MouseEvent, origin: string): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const target = event.target as Element | null;
  const anchor = target?.closest?.('a[data-discover][href]') as HTMLAnchorElement | null;
  if (!anchor || anchor.hasAttribute('download') || (anchor.getAttribute('target') ?? '_self') !== '_self') return null;
  const url = new URL(anchor.href, origin);
  if (url.origin !== origin) return null;
  return url.pathname + url.search + url.hash;
}

/** Plain links navigate on the client (installed once, by the root). */
export function useLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const path = inAppTarget(event, window.location.origin);
      if (path === null) return;
      event.preventDefault();
      // As React Router's links: a link to the page itself replaces its history entry instead of adding one.
      const here = window.location.pathname + window.location.search + window.location.hash;
      navigate(path, { replace: path === here });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
