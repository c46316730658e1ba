import { apiError } from '~/web/api.server';

// Any /api path that no call answers: a JSON 404. Unknown page paths go to the landing home (spec §2), but an API
// client has no use for an HTML page behind a redirect.
const notFound = () => apiError('NOT_FOUND', '요청한 API를 찾을 수 없습니다.', 404);

export function loader() {
  return notFound();
}

export function action() {
  return notFound();
}
