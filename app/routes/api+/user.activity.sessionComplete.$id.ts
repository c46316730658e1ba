import { apiRoute } from '~/web/api.server';
import { getSessionComplete, sessionCompleteAnswer } from '~/services/reading/overview.server';
import { readingBook } from './__reading.server';
import { TAGS } from '~/web/api-doc.server';

// GET /api/user/activity/sessionComplete/{resultBookId}: whether the reading session is complete. A GET changes
// nothing: the move ACTIVITY → DIAGNOSIS happens inside the record-saving call that meets the goal.
export const { loader, action } = apiRoute({
  ...readingBook(),
  doc: {
    path: '/api/user/activity/sessionComplete/{id}',
    tag: TAGS.reading,
    summary: '독서 세션 완료 여부',
    description: '읽기 방식의 목표를 채웠는지. 아무것도 바꾸지 않습니다.',
    answer: sessionCompleteAnswer,
  },
  handler: ({ user, ids: { id } }) => getSessionComplete(user.id, id),
});
