import { z } from 'zod';
import { apiRoute } from '~/web/api.server';
import { addOwnBook, OWN_BOOK_FAILURES, ownBookAnswer } from '~/services/own-books.server';
import { readingBook } from './__reading.server';
import { TAGS } from '~/web/api-doc.server';

// POST /api/user/activity/addReadinBookResult/{bookId} { readMethod? }: puts a catalogue book on the member's own list
// (a WAITING result book; docs/decisions/010). Here `{id}` is the catalogue book id. The body is optional (no read
// method: FREE for an individual member); the service checks the read method.
export const { loader, action } = apiRoute({
  method: 'POST',
  ...readingBook(),
  body: z.object({ readMethod: z.unknown() }),
  bodyOptional: true,
  doc: {
    path: '/api/user/activity/addReadinBookResult/{id}',
    tag: TAGS.activity,
    summary: '내 도서 추가',
    description: '도서 목록의 책({id}: 도서 번호)을 내 도서로 추가합니다 (대기 상태). 읽기 방식은 선택입니다.',
    answer: ownBookAnswer,
    errors: OWN_BOOK_FAILURES,
  },
  handler: async ({ user, ids, body }) => {
    const { resultBookId, bookId, status, readMethod, message } = await addOwnBook(user.id, ids.id, body.readMethod);
    return { resultBookId, bookId, status, readMethod, message };
  },
});
