import { z } from 'zod';
import { bookSchema } from '~/domain/book-input';
import { BOOK_STATUSES } from '~/domain/catalogue';
import type { ItemStatus } from '~/domain/enums';
import { imageSizeError, MAX_IMAGE_BYTES } from '~/services/images.server';
import { uploadedBytes } from '~/web/uploads.server';

// The catalogue's book form (new and edit) and the book's status form. Only the fields of bookSchema
// (app/domain/book-input.ts, shared with the bulk import) and the cover are read: anything else posted (status, cover
// key, id) is ignored. The book form is multipart (it carries the cover); its limits are the images'.

/** The book form's upload: a cover of at most MAX_IMAGE_BYTES. */
export const BOOK_UPLOAD = { maxBytes: MAX_IMAGE_BYTES, tooLarge: imageSizeError } as const;

/** The book's fields and its optional cover (an empty file input is no cover). */
export const bookFormSchema = bookSchema.extend({ cover: z.instanceof(File).optional() });

/** The cover's bytes, or null when none was chosen. */
export const coverBytes = (cover: File | undefined) => uploadedBytes(cover ?? null);

const STATUS_REQUIRED = '상태를 선택해 주세요.';

/** The book page's two forms: its fields (`save`) and its item status (`status`). */
export const bookPageSchema = z.discriminatedUnion('intent', [
  bookFormSchema.extend({ intent: z.literal('save') }),
  z.object({
    intent: z.literal('status'),
    status: z.coerce
      .number({ required_error: STATUS_REQUIRED, invalid_type_error: STATUS_REQUIRED })
      .refine((s) => (BOOK_STATUSES as readonly number[]).includes(s), STATUS_REQUIRED)
      .transform((s) => s as ItemStatus),
  }),
]);

/** Who changed the catalogue and from where, for the audit trail. */
