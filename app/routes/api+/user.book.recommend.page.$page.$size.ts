import { apiRoute } from '~/web/api.server';
import { boundedInt } from '~/web/http.server';
import { recommendAnswer, recommendBooks, RECOMMEND_PAGE_SIZE } from '~/services/library.server';
import { TAGS } from '~/web/api-doc.server';

// POST /api/user/book/recommend/page/{page}/{size} (spec: size 6): recommended books, best first.
export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'USER',
  doc: {
    path: '/api/user/book/recommend/page/{page}/{size}',
    tag: TAGS.library,
    summary: '추천 도서',
    description: '수준과 관심에 맞는 추천 도서, 좋은 순. {page} 1부터, {size} 한 쪽의 수 (기본 6).',
    answer: recommendAnswer,
  },
  handler: ({ user, params }) =>
    recommendBooks(user.id, boundedInt(params.page, 1, 1, 10_000), boundedInt(params.size, RECOMMEND_PAGE_SIZE, 1, 50)),
});
