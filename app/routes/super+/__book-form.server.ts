import { parseWithZod } from '~/auth/account-schemas.server';
import { bookSchema } from '~/domain/book-input';
import { imageSizeError, MAX_IMAGE_BYTES } from '~/services/images.server';
import { readMultipart, uploadedBytes } from '~/web/uploads.server';

// The catalogue's book form (new and edit), read from a multipart post with its optional cover. Only the fields of
// bookSchema (app/domain/book-input.ts, shared with the bulk import) are read: anything else posted (status, cover
// key, id) is ignored.

/** The catalogue's posts are multipart (the book form carries a file; the status form goes the same way). */
export function readBookPost(request: Request) {
  return readMultipart(request, MAX_IMAGE_BYTES, imageSizeError);
}

export async function parseBookForm(formData: FormData) {
  const submission = parseWithZod(formData, { schema: bookSchema });
  const cover = await uploadedBytes(formData.get('cover'));
  return { submission, cover };
}
