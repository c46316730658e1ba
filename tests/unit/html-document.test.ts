import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { withPreloadNonce } from '~/web/html-document.server';

const GREETING = '운영관리자님, 안녕하세요';

describe('the document as sent', () => {
  it('gives every modulepreload link the nonce and leaves the rest alone', () => {
    const tag = '<link rel="modulepreload" href="/build/a.js"/>';
    const html = `<head>${tag}<meta charset="utf-8"/><link rel="stylesheet" href="/x.css"/>${tag}</head>`;
    expect(withPreloadNonce(html, 'N0nce')).toBe(
      `<head><link nonce="N0nce" rel="modulepreload" href="/build/a.js"/><meta charset="utf-8"/><link rel="stylesheet" href="/x.css"/><link nonce="N0nce" rel="modulepreload" href="/build/a.js"/></head>`,
    );
  });

  // React 18's stream writer left zero bytes where a three-byte Hangul syllable crossed its 2048-byte buffers
  // ('운영��관리자' in the page data); the string renderer has no buffers. Shifted byte by byte across such boundaries.
  it('renders Korean text whole wherever it falls', () => {
    for (let shift = 0; shift < 40; shift++) {
      const filler = Array.from({ length: 75 }, (_, i) => h('i', { key: i }, 'x'.repeat(20)));
      const html = renderToString(
        h('div', null, h('b', null, 'y'.repeat(shift)), ...filler, h('p', { title: GREETING }, GREETING.repeat(5))),
      );
      expect(html).not.toContain('\u0000');
      expect(html).not.toContain('\uFFFD');
      expect(html).toContain(`title="${GREETING}"`);
      expect(html).toContain(GREETING.repeat(5));
    }
  });
});
