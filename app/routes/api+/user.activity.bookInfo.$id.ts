import { apiRoute } from '~/web/api.server';
import { getReadingBook } from '~/services/reading/books.server';
import { readingBook } from './__reading.server';
import { z } from 'zod';
import { bookCatalogueFields } from '~/domain/api-schemas.server';
import { TAGS } from '~/web/api-doc.server';

// GET /api/user/activity/bookInfo/{resultBookId}: the book's facts.
export const { loader, action } = apiRoute({
  ...readingBook(),
  doc: {
    path: '/api/user/activity/bookInfo/{id}',
    tag: TAGS.activity,
    summary: '도서 정보',
    answer: z.object({
      bookId: z.number().int(),
      ...bookCatalogueFields,
      careerFields: z.array(z.string()),
      summary: z.string(),
    }),
  },
  handler: async ({ user, ids: { id } }) => {
    const b = await getReadingBook(user.id, id);
    return {
      bookId: b.bookId,
      title: b.title,
      author: b.author,
      publisher: b.publisher,
      totalPages: b.totalPages,
      level: b.level,
      genre: b.genre,
      careerFields: b.careerFields,
      summary: b.summary,
    };
  },
});
