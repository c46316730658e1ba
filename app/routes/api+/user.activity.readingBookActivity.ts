import { apiRoute } from '~/web/api.server';
import { getActivityOverview, getReadingPage, readingPageAnswer } from '~/services/reading/overview.server';
import { TAGS } from '~/web/api-doc.server';

// GET /api/user/activity/readingBookActivity: the reading of the current book (null when there is none).
export const { loader, action } = apiRoute({
  access: 'USER',
  doc: {
    path: '/api/user/activity/readingBookActivity',
    tag: TAGS.reading,
    summary: '지금 읽는 책',
    description: '지금 읽는 책의 독서 화면 (readingBook 과 같은 모양). 없으면 null.',
    answer: readingPageAnswer.nullable(),
  },
  handler: async ({ user }) => {
    const { currentResultBookId } = await getActivityOverview(user.id);
    return currentResultBookId ? getReadingPage(user.id, currentResultBookId) : null;
  },
});
