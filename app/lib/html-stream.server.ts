import { Transform } from 'node:stream';

const PRELOAD = Buffer.from('<link rel="modulepreload"');

/**
 * The document stream between React and the response. React 18's stream writer fills 2048-byte buffers; when a
 * multi-byte character (every Hangul syllable is three bytes in UTF-8) does not fit at the end of one, it sends the
 * whole buffer, unused zero bytes included (fixed in React 19). Outside a tag the parser drops those bytes, but inside
 * a script or an attribute they become U+FFFD: the page data breaks ('운영��관리자') and hydration shows it. An HTML
 * document never holds a NUL byte, so dropping every one restores the text exactly.
 *
 * It also gives Remix's `<link rel="modulepreload">` tags the request's nonce (Remix renders them without one): the
 * policy's `'strict-dynamic'` ignores `'self'`, so a preload without the nonce would be refused and the scripts would
 * load one after another instead of in parallel. The last bytes of a chunk are held back until the next one, so a tag
 * split between two chunks is still found.
 */
export function htmlBodyStream(nonce?: string) {
  const withNonce = nonce ? Buffer.from(`<link nonce="${nonce}" rel="modulepreload"`) : null;
  let held = Buffer.alloc(0);
  const addNonce = (bytes: Buffer) => {
    if (!withNonce) return bytes;
    const parts: Buffer[] = [];
    let from = 0;
    for (let at = bytes.indexOf(PRELOAD); at !== -1; at = bytes.indexOf(PRELOAD, from)) {
      parts.push(bytes.subarray(from, at), withNonce);
      from = at + PRELOAD.length;
    }
    parts.push(bytes.subarray(from));
    return Buffer.concat(parts);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const clean = chunk.indexOf(0) === -1 ? chunk : Buffer.from(chunk.filter((byte) => byte !== 0));
      if (!withNonce) return done(null, clean);
      const bytes = Buffer.concat([held, clean]);
      // A tag that starts near the end may continue in the next chunk: keep it back.
      const lastOpen = bytes.lastIndexOf(0x3c);
      const cut = lastOpen !== -1 && bytes.length - lastOpen < PRELOAD.length ? lastOpen : bytes.length;
      held = Buffer.from(bytes.subarray(cut));
      done(null, addNonce(bytes.subarray(0, cut)));
    },
    flush(done) {
      done(null, addNonce(held));
    },
  });
}
