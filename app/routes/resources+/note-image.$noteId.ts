import type { LoaderFunctionArgs } from '@remix-run/node';
import { getOptionalUser } from '~/web/guards.server';
import { NOTE_MESSAGES } from '~/domain/notes';
import { idParam, orRespond } from '~/web/http.server';
import { getNoteImage } from '~/services/notes/access.server';

// The re-encoded image of a note, for its student, that academy's teachers, coaches and ADMIN1/ADMIN2 only.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const noteId = idParam(params.noteId);
  const user = await getOptionalUser(request);
  if (!user) return new Response(NOTE_MESSAGES.forbidden, { status: 403 });
  const image = await orRespond(() => getNoteImage(user, noteId));
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      'Content-Type': image.contentType,
      'Content-Length': String(image.bytes.byteLength),
      // Private: never in a shared cache. The page's URL carries the note's version, so a new image is a new URL.
      'Cache-Control': 'private, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    },
  });
}
