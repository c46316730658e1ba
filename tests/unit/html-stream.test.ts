import { PassThrough, type Writable } from 'node:stream';
import { createElement as h } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { htmlBodyStream } from '~/lib/html-stream.server';

const GREETING = '운영관리자님, 안녕하세요';

/** A page of many short text chunks followed by Korean text, shifted byte by byte across React's 2048-byte buffers. */
function page(shift: number) {
  const filler = Array.from({ length: 75 }, (_, i) => h('i', { key: i }, 'x'.repeat(20)));
  return h('div', null, h('b', null, 'y'.repeat(shift)), ...filler, h('p', { title: GREETING }, GREETING.repeat(5)));
}

function render(shift: number, body: Writable & NodeJS.ReadableStream) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    body.on('data', (c: Buffer) => chunks.push(c));
    body.on('end', () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(page(shift), { onAllReady: () => pipe(body), onShellError: reject });
  });
}

describe('htmlBodyStream', () => {
  it('React alone leaves zero bytes where Hangul crosses a buffer boundary (the fault this stream repairs)', async () => {
    let broken = 0;
    for (let shift = 0; shift < 40; shift++) if ((await render(shift, new PassThrough())).includes(0)) broken++;
    expect(broken).toBeGreaterThan(0);
  });

  it('delivers every page without zero bytes and with its Korean text whole', async () => {
    for (let shift = 0; shift < 40; shift++) {
      const html = await render(shift, htmlBodyStream());
      expect(html.includes(0)).toBe(false);
      const text = html.toString('utf8');
      expect(text).toContain(`title="${GREETING}"`);
      expect(text).toContain(GREETING.repeat(5));
    }
  });

  it('sends what React has written as one chunk when React flushes', async () => {
    const body = htmlBodyStream('N0nce');
    let writes = 0;
    const write = body.write.bind(body);
    body.write = ((chunk: Buffer) => (writes++, write(chunk))) as typeof body.write;
    const chunks: Buffer[] = [];
    body.on('data', (c: Buffer) => chunks.push(c));
    const html = await new Promise<Buffer>((resolve, reject) => {
      body.on('end', () => resolve(Buffer.concat(chunks)));
      const rows = Array.from({ length: 400 }, (_, i) => h('li', { key: i }, `${GREETING} ${i}`));
      const { pipe } = renderToPipeableStream(h('ul', null, rows), { onAllReady: () => pipe(body), onShellError: reject });
    });
    expect(writes).toBeGreaterThan(5);
    expect(chunks).toHaveLength(1);
    expect(html.toString('utf8')).toContain(`${GREETING} 399`);
  });

  it('passes chunks without zero bytes through untouched', async () => {
    const stream = htmlBodyStream();
    const chunk = Buffer.from('<p>리드인</p>');
    const out = new Promise<Buffer>((resolve) => stream.once('data', resolve));
    stream.end(chunk);
    expect(await out).toBe(chunk);
  });

  it('gives every modulepreload link the nonce, also when a tag is split between chunks', async () => {
    const tag = '<link rel="modulepreload" href="/build/a.js"/>';
    const html = `<head>${tag}<meta charset="utf-8"/>${tag}</head>`;
    for (let cut = 1; cut < html.length; cut++) {
      const stream = htmlBodyStream('N0nce');
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      const done = new Promise((resolve) => stream.on('end', resolve));
      stream.write(Buffer.from(html.slice(0, cut)));
      stream.end(Buffer.from(html.slice(cut)));
      await done;
      expect(Buffer.concat(chunks).toString()).toBe(
        html.replaceAll('<link rel="modulepreload"', '<link nonce="N0nce" rel="modulepreload"'),
      );
    }
  });
});
