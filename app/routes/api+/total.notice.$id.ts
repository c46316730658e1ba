import { apiRoute } from '~/web/api.server';
import { NOTICE_MESSAGES } from '~/domain/notices';
import { noticeAnswer, noticeForApi } from '~/services/notices/notices.server';
import { TAGS } from '~/web/api-doc.server';

// GET /api/total/notice/{id} (spec §7): a notice with its content and files, for anyone who may see it
// (docs/api-notices.md). Outside the audience, and for a guessed id, 404 NOTICE_NOT_FOUND (the service's refusal).
export const { loader, action } = apiRoute({
  access: 'ANY',
  ids: ['id'],
  notFound: { code: 'NOTICE_NOT_FOUND', message: NOTICE_MESSAGES.notFound, status: 404 },
  doc: {
    path: '/api/total/notice/{id}',
    tag: TAGS.messages,
    summary: '공지사항',
    description: '볼 수 있는 공지 하나와 첨부 파일. 대상이 아니거나 없는 공지는 NOTICE_NOT_FOUND.',
    answer: noticeAnswer,
  },
  handler: ({ user, ids }) => noticeForApi(user, ids.id),
});
