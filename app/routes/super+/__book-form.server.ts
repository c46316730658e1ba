import { z } from 'zod';
import { parseWithZod } from '~/auth/account-schemas.server';
import { isCareerFieldCode, isGenreCode, normaliseIsbn } from '~/domain/catalogue';
import { imageSizeError, MAX_IMAGE_BYTES } from '~/services/images.server';
import { readMultipart, uploadedBytes } from '~/lib/uploads.server';

// The catalogue's book form (new and edit), read from a multipart post with its optional cover. Only these fields
// are read: anything else posted (status, cover key, id) is ignored.

export const bookSchema = z.object({
  title: z
    .string({ required_error: '제목을 입력해 주세요.' })
    .trim()
    .min(1, '제목을 입력해 주세요.')
    .max(200, '제목은 200자 이하로 입력해 주세요.'),
  author: z.string({ required_error: '지은이를 입력해 주세요.' }).trim().min(1, '지은이를 입력해 주세요.').max(100),
  publisher: z.string({ required_error: '출판사를 입력해 주세요.' }).trim().min(1, '출판사를 입력해 주세요.').max(100),
  isbn: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const isbn = normaliseIsbn(v);
      if (!isbn) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'ISBN을 정확히 입력해 주세요. (13자리 또는 10자리)' });
        return z.NEVER;
      }
      return isbn;
    }),
  totalPages: z.coerce
    .number({ required_error: '쪽수를 입력해 주세요.', invalid_type_error: '쪽수는 숫자로 입력해 주세요.' })
    .int('쪽수는 숫자로 입력해 주세요.')
    .min(1, '쪽수는 1쪽 이상이어야 합니다.')
    .max(5000, '쪽수는 5000쪽 이하로 입력해 주세요.'),
  level: z.coerce
    .number({ required_error: '읽기 수준을 선택해 주세요.', invalid_type_error: '읽기 수준을 선택해 주세요.' })
    .int()
    .min(1, '읽기 수준을 선택해 주세요.')
    .max(10, '읽기 수준을 선택해 주세요.'),
  genre: z.string({ required_error: '장르를 선택해 주세요.' }).refine(isGenreCode, '장르를 선택해 주세요.'),
  careerFields: z
    .array(z.string())
    .optional()
    .transform((v) => [...new Set((v ?? []).filter(isCareerFieldCode))]),
  summary: z.string().trim().max(2000, '소개는 2000자 이하로 입력해 주세요.').optional().default(''),
});

/** The catalogue's posts are multipart (the book form carries a file; the status form goes the same way). */
export function readBookPost(request: Request) {
  return readMultipart(request, MAX_IMAGE_BYTES, imageSizeError);
}

export async function parseBookForm(formData: FormData) {
  const submission = parseWithZod(formData, { schema: bookSchema });
  const cover = await uploadedBytes(formData.get('cover'));
  return { submission, cover };
}
