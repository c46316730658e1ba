// Request bodies are read with a limit. A declared Content-Length above it is refused before anything is read; a body
// without one (chunked) is counted as it arrives and cut off at the limit, so an oversized or endless body is never
// read into memory whole.

/**
 * Runs `read` on a copy of the request whose body ends at `maxBytes`. A body over the limit throws what `tooLarge`
 * gives (a DomainError or a Response), whatever the reader itself made of the cut-off body.
 */
export async function readLimited<T>(
  request: Request,
  maxBytes: number,
  read: (limited: Request) => Promise<T>,
  tooLarge: () => unknown,
): Promise<T> {
  const declared = Number(request.headers.get('Content-Length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return read(request);
  const source = request.body.getReader();
  let seen = 0;
  let exceeded = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await source.read();
      if (done) return controller.close();
      seen += value.byteLength;
      if (seen > maxBytes) {
        exceeded = true;
        controller.error(new Error('request body over the limit'));
        await source.cancel().catch(() => {});
        return;
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      return source.cancel(reason);
    },
  });
  const limited = new Request(request.url, { method: request.method, headers: request.headers, body, duplex: 'half' } as RequestInit);
  let result: T;
  try {
    result = await read(limited);
  } catch (error) {
    if (exceeded) throw tooLarge();
    throw error;
  }
  // A reader that turns its own failure into a value (null for "unreadable") must not hide the limit either.
  if (exceeded) throw tooLarge();
  return result;
}
