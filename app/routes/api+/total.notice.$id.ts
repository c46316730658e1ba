import { apiRoute } from '~/lib/api.server';
import { NOTICE_MESSAGES } from '~/domain/notices';
import { noticeForApi } from '~/services/notices/notices.server';

// GET /api/total/notice/{id} (spec §7): a notice with its content and files, for anyone who may see it
// (docs/api-notices.md). Outside the audience, and for a guessed id, 404 NOTICE_NOT_FOUND (the service's refusal).
export const { loader, action } = apiRoute({
  access: 'ANY',
  ids: ['id'],
  notFound: { code: 'NOTICE_NOT_FOUND', message: NOTICE_MESSAGES.notFound, status: 404 },
  handler: ({ user, ids }) => noticeForApi(user, ids.id),
});
