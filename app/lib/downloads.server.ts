// File downloads (spreadsheet exports, notice attachments): the stored name as the RFC 6266 download name, with an
// ASCII fallback and the UTF-8 `filename*` (RFC 5987: every byte outside attr-char percent-encoded).

const encodeRfc5987 = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `attachment; filename="…"; filename*=UTF-8''…` */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/** A download that is never sniffed, never cached and never run as a page if opened (a sandbox allowing nothing). */
export function attachmentResponse(body: Uint8Array, fileName: string, contentType: string): Response {
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': contentType,
      'Content-Disposition': attachmentDisposition(fileName),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'no-store',
      'Content-Length': String(body.byteLength),
    },
  });
}
