import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BookCover } from '~/components/reading';
import { coverDataUri, coverSvg } from '~/lib/cover-svg';

// One cover rule (docs/decisions/028): the cover above the fold is the cover route's SVG, written into the page.
describe('BookCover', () => {
  const book = { title: '어린 왕자 & 여우', author: '생텍쥐페리', coverColor: '#aa3366' };

  it('draws a generated cover above the fold into the page: the same SVG the cover route serves', () => {
    const html = renderToStaticMarkup(
      createElement(BookCover, { bookId: 7, title: book.title, size: 'lg', above: { ...book, uploaded: false } }),
    );
    const src = html.match(/src="([^"]+)"/)![1].replace(/&amp;/g, '&');
    expect(src).toBe(coverDataUri(book));
    expect(decodeURIComponent(src.replace('data:image/svg+xml;charset=utf-8,', ''))).toBe(coverSvg(book).replace(/\n/g, ''));
    expect(html).not.toContain('loading=');
    expect(html).toContain('alt="『어린 왕자 &amp; 여우』 표지"');
    expect(html).toContain('width="150"');
  });

  it('requests an uploaded cover above the fold at high priority, not lazily', () => {
    const html = renderToStaticMarkup(createElement(BookCover, { bookId: 7, title: book.title, above: { ...book, uploaded: true } }));
    expect(html).toContain('src="/resources/covers/7"');
    expect(html).toContain('fetchpriority="high"');
    expect(html).not.toContain('loading=');
  });

  it('loads a cover below the fold lazily from the cover route', () => {
    const html = renderToStaticMarkup(createElement(BookCover, { bookId: 7, title: book.title, size: 'sm' }));
    expect(html).toContain('src="/resources/covers/7"');
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain('fetchpriority');
  });
});
