import { apiRoute } from '~/web/api.server';
import { getSubProfile, subProfileAnswer } from '~/services/my-page.server';
import { TAGS } from '~/web/api-doc.server';

// GET /api/user/activity/subProfile: the student's small profile (name, academy, level, picture, books per status).
export const { loader, action } = apiRoute({
  access: 'USER',
  doc: {
    path: '/api/user/activity/subProfile',
    tag: TAGS.me,
    summary: '학생 프로필',
    description: '이름, 학원, 수준, 사진, 상태별 도서 수.',
    answer: subProfileAnswer,
    errors: [{ code: 'USER_NOT_FOUND', message: '계정을 찾을 수 없습니다.', status: 404 }],
  },
  handler: ({ user }) => getSubProfile(user.id),
});
