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
 * load one after another instead of in parallel.
 *
 * React writes its 2048-byte buffers one by one and calls the destination's `flush()` when it has written all it has
 * ready (the whole document, as no page suspends). They are held until then and sent as one chunk: each chunk costs the
 * response a trip through the web stream, the compression's flush and a socket write, about twenty per page otherwise
 * (decision 029). A page that streams (a Suspense boundary) still gets each part when React flushes it.
 */
/** The bytes without their zero bytes (React leaves them in runs: the unused end of a buffer). */
function withoutZeros(bytes: Buffer): Buffer {
  let at = bytes.indexOf(0);
  if (at === -1) return bytes;
  const parts: Buffer[] = [];
  let from = 0;
  while (at !== -1) {
    parts.push(bytes.subarray(from, at));
    for (from = at + 1; bytes[from] === 0; from++);
    at = bytes.indexOf(0, from);
  }
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

export function htmlBodyStream(nonce?: string) {
  const withNonce = nonce ? Buffer.from(`<link nonce="${nonce}" rel="modulepreload"`) : null;
  let held: Buffer[] = [];
  const release = () => {
    if (!held.length) return null;
    const bytes = held.length === 1 ? held[0] : Buffer.concat(held);
    held = [];
    const clean = withoutZeros(bytes);
    if (!withNonce) return clean;
    const parts: Buffer[] = [];
    let from = 0;
    for (let at = clean.indexOf(PRELOAD); at !== -1; at = clean.indexOf(PRELOAD, from)) {
      parts.push(clean.subarray(from, at), withNonce);
      from = at + PRELOAD.length;
    }
    if (!parts.length) return clean;
    parts.push(clean.subarray(from));
    return Buffer.concat(parts);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      held.push(chunk);
      done();
    },
    flush(done) {
      done(null, release());
    },
  });
  // React's call once it has written what it has ready.
  return Object.assign(stream, {
    flush() {
      const bytes = release();
      if (bytes) stream.push(bytes);
    },
  });
}
