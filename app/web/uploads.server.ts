import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from '@remix-run/node';
import { readLimited } from '~/web/body-limit.server';

// Multipart uploads of the pages and the API (note images, profile pictures): parsed in memory with a limit per part
// and on the whole body, counted as it arrives, so many parts or a chunked body cannot fill the memory. A larger file
// or body becomes the caller's own error (a clear Korean message, not a crash). File fields come back as File.

/** A multipart body may carry the file plus a few text fields. */
const TEXT_FIELDS_BYTES = 256 * 1024;

export async function readMultipart(request: Request, maxFileBytes: number, tooLarge: () => unknown): Promise<FormData> {
  try {
    return await readLimited(
      request,
      maxFileBytes + TEXT_FIELDS_BYTES,
      (limited) => unstable_parseMultipartFormData(limited, unstable_createMemoryUploadHandler({ maxPartSize: maxFileBytes })),
      tooLarge,
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw tooLarge();
    throw error;
  }
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
