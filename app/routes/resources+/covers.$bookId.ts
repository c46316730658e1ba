import type { LoaderFunctionArgs } from '@remix-run/node';
import { getCoverBook, readStoredCover } from '~/services/reading/books.server';
import { coverSvg } from '~/lib/cover-svg';
import { positiveInt } from '~/web/http.server';

// A book's cover: the one uploaded in the catalogue, or else an SVG generated from the title, author and colour
// (app/lib/cover-svg.ts).
// Public. A generated cover is cached for 30 days (its title and colour rarely change), an uploaded one for a day;
// both revalidate by ETag. A cover uploaded for a book whose generated cover a browser already holds shows there
// within those 30 days at the latest (versioned cover addresses would remove that wait).

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = positiveInt(params.bookId);
  const book = id !== null ? await getCoverBook(id) : null;
  if (!book) return new Response('Not found', { status: 404 });
  // An uploaded cover (catalogue) wins; a day of cache, then its ETag revalidates, so a new upload shows by tomorrow.
  if (book.coverImage) {
    const etag = `"${book.coverImage.replace(/^covers\//, '').replace(/\.jpg$/, '')}"`;
    const headers = {
      'Content-Type': 'image/jpeg',
      'Cache-Control': 'public, max-age=86400, stale-while-revalidate=86400',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    };
    if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers });
    const stored = await readStoredCover(book.coverImage);
    if (stored) return new Response(new Uint8Array(stored), { headers: { ...headers, 'Content-Length': String(stored.byteLength) } });
  }
  const svg = coverSvg(book);
  const etag = `"c${id}-${Buffer.from(book.title + book.author + book.coverColor)
    .toString('base64url')
    .slice(0, 24)}-${svg.length}"`;
  const headers = {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': 'public, max-age=2592000, stale-while-revalidate=86400',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  };
  if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers });
  return new Response(svg, { headers });
}
