import { Transform } from 'node:stream';

/**
 * The document stream between React and the response. React 18's stream writer fills 2048-byte buffers; when a
 * multi-byte character (every Hangul syllable is three bytes in UTF-8) does not fit at the end of one, it sends the
 * whole buffer, unused zero bytes included (fixed in React 19). Outside a tag the parser drops those bytes, but inside
 * a script or an attribute they become U+FFFD: the page data breaks ('운영��관리자') and hydration shows it. An HTML
 * document never holds a NUL byte, so dropping every one restores the text exactly.
 */
export function htmlBodyStream() {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (chunk.indexOf(0) === -1) return done(null, chunk);
      done(null, Buffer.from(chunk.filter((byte) => byte !== 0)));
    },
  });
}
