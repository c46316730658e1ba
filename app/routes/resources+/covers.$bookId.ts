import type { LoaderFunctionArgs } from '@remix-run/node';
import { getCoverBook, readStoredCover } from '~/services/reading/books.server';
import { positiveInt } from '~/lib/http.server';

// A book's cover: the one uploaded in the catalogue, or else an SVG generated from the title, author and colour.
// Public. A generated cover is cached for 30 days (its title and colour rarely change), an uploaded one for a day;
// both revalidate by ETag. A cover uploaded for a book whose generated cover a browser already holds shows there
// within those 30 days at the latest (versioned cover addresses would remove that wait).

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Splits a title into lines of at most `width` characters, at spaces where possible. */
export function wrapTitle(title: string, width = 7, maxLines = 4): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/)) {
    let w = word;
    while (w.length > width) {
      if (line) {
        lines.push(line);
        line = '';
      }
      lines.push(w.slice(0, width));
      w = w.slice(width);
    }
    if (!line) line = w;
    else if ((line + ' ' + w).length <= width) line += ' ' + w;
    else {
      lines.push(line);
      line = w;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = kept[maxLines - 1].slice(0, width - 1) + '…';
    return kept;
  }
  return lines;
}

export function coverSvg(book: { title: string; author: string; coverColor: string }) {
  const color = /^#[0-9a-fA-F]{6}$/.test(book.coverColor) ? book.coverColor : '#35618f';
  const lines = wrapTitle(book.title);
  const text = lines
    .map((l, i) => `<text x="22" y="${70 + i * 34}" font-size="26" font-weight="700" fill="#fff">${escape(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="280" viewBox="0 0 200 280" role="img" aria-label="${escape(book.title)}">
<rect width="200" height="280" rx="6" fill="${color}"/><rect width="12" height="280" fill="#000" opacity=".18"/>
<rect x="22" y="30" width="40" height="4" fill="#fff" opacity=".75"/>${text}
<text x="22" y="250" font-size="15" fill="#fff" opacity=".9">${escape(book.author)}</text>
</svg>`;
}

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
