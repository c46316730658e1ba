import { apiRoute } from '~/web/api.server';
import { jinroOverview, jinroOverviewAnswer } from '~/services/jinro.server';
import { TAGS } from '~/web/api-doc.server';

// GET /api/jinro/user: the career page: profile, top fields with careers and books to read next.
export const { loader, action } = apiRoute({
  access: 'USER',
  doc: {
    path: '/api/jinro/user',
    tag: TAGS.reports,
    summary: '진로',
    description: '관심 분야 프로필, 상위 분야와 직업, 분야마다 다음에 읽을 책.',
    answer: jinroOverviewAnswer,
  },
  handler: ({ user }) => jinroOverview(user.id),
});
