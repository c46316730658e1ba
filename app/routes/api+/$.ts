import { apiError } from '~/web/api.server';
import { UNKNOWN_API_PATH } from '~/web/api-doc.server';

// Any /api path that no call answers: a JSON 404. Unknown page paths go to the landing home (spec §2), but an API
// client has no use for an HTML page behind a redirect.
// Described once in the OpenAPI document (components.responses.UnknownApiPath).
const notFound = () => apiError(UNKNOWN_API_PATH.code, UNKNOWN_API_PATH.message, UNKNOWN_API_PATH.status);

export function loader() {
  return notFound();
}

export function action() {
  return notFound();
}
