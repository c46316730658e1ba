// Files the app serves from its own routes (exports, attachments): the RFC 6266 download name (an ASCII fallback and
// the UTF-8 `filename*` that browsers use for Korean names) and headers that keep a stored file from being read as
// anything but its own type.

/** `attachment; filename="…"; filename*=UTF-8''…` (or `inline; …`). */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A stored file for a signed-in viewer: never sniffed, never in a shared cache, never run as a page. */
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
