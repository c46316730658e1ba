// A book's generated cover: an SVG drawn from its title, author and colour. One rule for both places that show it:
// the cover route (`/resources/covers/{bookId}`, an image file with a long cache) and `BookCover`, which writes the
// cover of the book above the fold into the page itself as a data URI, so the largest element of the student's
// activity and reading pages paints with the document instead of a request later (docs/decisions/028).

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

/** The generated cover as a `data:` URI for an `<img>` (the same SVG the cover route serves). */
export function coverDataUri(book: { title: string; author: string; coverColor: string }) {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(coverSvg(book).replace(/\n/g, ''))}`;
}
