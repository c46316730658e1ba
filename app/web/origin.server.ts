import { clientIp } from '~/auth/rate-limit.server';

/**
 * Where a request comes from, as the services that keep a trail take it (recordAudit's `origin`): the client's address
 * (the socket's, or the declared proxy's: clientIp) and the site's origin for links the service sends. The page-action
 * protocol (formAction) and the API (apiRoute) note the socket's address for every request they handle.
 */
export const requestOrigin = (request: Request) => ({ address: clientIp(request), origin: new URL(request.url).origin });
