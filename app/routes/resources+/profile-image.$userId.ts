import type { LoaderFunctionArgs } from '@remix-run/node';
import { getOptionalUser } from '~/web/guards.server';
import { readProfileImage } from '~/services/my-page.server';
import { positiveInt } from '~/web/http.server';

// GET /resources/profile-image/:userId: a member's profile picture, for the member, the staff of the member's academy
// and ADMIN1/ADMIN2 (anyone else gets the 404 of a missing picture). The page links it with ?v=<version>, so it is cached
// for a year (private: never in a shared cache) and revalidated by its ETag.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await getOptionalUser(request);
  if (!viewer) return new Response('로그인이 필요합니다.', { status: 401 });
  const userId = positiveInt(params.userId);
  if (userId === null) return new Response('찾을 수 없습니다.', { status: 404 });
  const image = await readProfileImage(viewer, userId);
  if (!image) return new Response('찾을 수 없습니다.', { status: 404 });
  const etag = `"${image.file.replace('.webp', '')}"`;
  const headers = {
    'Content-Type': 'image/webp',
    'Cache-Control': 'private, max-age=31536000, immutable',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  };
  if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(image.bytes), { headers: { ...headers, 'Content-Length': String(image.bytes.byteLength) } });
}
