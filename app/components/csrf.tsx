import { useRouteLoaderData } from '@remix-run/react';

/**
 * The hidden form token of the visitor's session (from the root loader). Every form that posts renders it first, so
 * it is in the server-rendered HTML and a post without JavaScript carries it too; the action's guard checks it.
 */
export function CsrfInput() {
  const data = useRouteLoaderData<{ csrf?: string }>('root');
  return <input type="hidden" name="csrf" value={data?.csrf ?? ''} />;
}
