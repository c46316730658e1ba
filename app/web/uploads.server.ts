import { readLimited } from '~/web/body-limit.server';

// Multipart uploads of the pages and the API (note images, profile pictures): read in memory with a limit on the whole
// body, counted as it arrives, so a chunked body cannot fill the memory, and a limit per file. A larger file or body
// becomes the caller's own error (a clear Korean message, not a crash). File fields come back as File.
//
// The platform's own form parser reads the body (a 1 MB photo in a few milliseconds); the streaming parser used
// before spent about 100 ms of the event loop's time on each, and a class posting photos at once held every page up.

/** A multipart body may carry the file plus a few text fields. */
const TEXT_FIELDS_BYTES = 256 * 1024;

export async function readMultipart(request: Request, maxFileBytes: number, tooLarge: () => unknown): Promise<FormData> {
  const form = await readLimited(request, maxFileBytes + TEXT_FIELDS_BYTES, (limited) => limited.formData(), tooLarge);
  for (const [, value] of form) {
    if (typeof value === 'string' ? value.length > TEXT_FIELDS_BYTES : value.size > maxFileBytes) throw tooLarge();
  }
  return form;
}

/** The uploaded file of a form field, or null when none was chosen (an empty file input sends an empty part). */
export async function uploadedBytes(value: FormDataEntryValue | null): Promise<Uint8Array | null> {
  if (!value || typeof value === 'string' || value.size === 0) return null;
  return new Uint8Array(await value.arrayBuffer());
}

/** Whether the request is a multipart form (the API accepts JSON or multipart). */
export function isMultipart(request: Request) {
  return (request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data');
}
