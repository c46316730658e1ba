import { apiRoute } from '~/web/api.server';
import { BookStatus } from '~/domain/enums';
import { isReadable } from '~/domain/reading';
import { getReadingBook } from '~/services/reading/books.server';
import { readingBook } from './__reading.server';
import { z } from 'zod';
import { TAGS } from '~/web/api-doc.server';
import { bookStatus, readMethod } from '~/domain/api-schemas.server';

// GET /api/user/activity/checkReadinBook/{resultBookId}: can the student record reading for this book now?
export const { loader, action } = apiRoute({
  ...readingBook(),
  doc: {
    path: '/api/user/activity/checkReadinBook/{id}',
    tag: TAGS.reading,
    summary: '기록 가능 여부',
    description: '지금 이 책에 독서 기록을 남길 수 있는지 (독서활동 상태이고 읽기 방식이 정해졌는지).',
    answer: z.object({
      resultBookId: z.number().int(),
      status: bookStatus,
      readMethod,
      readMethodSet: z.boolean(),
      reading: z.boolean(),
      isCurrent: z.boolean(),
    }),
  },
  handler: async ({ user, ids: { id } }) => {
    const b = await getReadingBook(user.id, id);
    return {
      resultBookId: b.resultBookId,
      status: b.status,
      readMethod: b.readMethod,
      readMethodSet: isReadable(b.readMethod),
      reading: b.status === BookStatus.ACTIVITY && isReadable(b.readMethod),
      isCurrent: b.isCurrent,
    };
  },
});
