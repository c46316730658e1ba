// Files the app serves from its own routes (spreadsheet exports, notice and inquiry attachments): the stored name as
// the RFC 6266 download name (an ASCII fallback and the UTF-8 `filename*`, RFC 5987: every byte outside attr-char
// percent-encoded), and headers that keep a stored file from being read as anything but its own type.

const encodeRfc5987 = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `attachment; filename="…"; filename*=UTF-8''…` (or `inline; …`). */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/** A stored file for a signed-in viewer: never sniffed, never in a shared cache, never run as a page if opened. */
export function privateFileResponse(
  bytes: Uint8Array,
  options: { contentType: string; fileName: string; disposition: 'attachment' | 'inline' },
): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': options.contentType,
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': contentDisposition(options.fileName, options.disposition),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    },
  });
}

/** A download (saved, never shown in the browser). */
export function attachmentResponse(body: Uint8Array, fileName: string, contentType: string): Response {
  return privateFileResponse(body, { contentType, fileName, disposition: 'attachment' });
}

const TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** A spreadsheet download (RFC 6266 name, never sniffed, never cached). */
export function downloadResponse(body: Buffer | Uint8Array, fileName: string, kind: keyof typeof TYPES): Response {
  return attachmentResponse(body, fileName, TYPES[kind]);
}

/** A spreadsheet download written as it is read (a stream: no length known, memory of one part at a time). */
export function downloadStreamResponse(body: ReadableStream<Uint8Array>, fileName: string, kind: keyof typeof TYPES): Response {
  return new Response(body, {
    headers: {
      'Content-Type': TYPES[kind],
      'Content-Disposition': contentDisposition(fileName, 'attachment'),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    },
  });
}
