import { apiRoute } from '~/web/api.server';
import { TAGS } from '~/web/api-doc.server';
import { computeJinroProfile, jinroProfileAnswer, jinroReloadAnswer, reloadJinro } from '~/services/jinro.server';

// user/book/jinro/reload. GET recomputes and answers the profile without keeping it (a GET changes nothing);
// POST recomputes and keeps it, as the page's '다시 분석하기' does.
export const { loader } = apiRoute({
  access: 'USER',
  doc: {
    path: '/api/user/book/jinro/reload',
    tag: TAGS.reports,
    summary: '진로 프로필 계산',
    description: '지금의 독서로 프로필을 계산해 답합니다. 저장하지 않습니다.',
    answer: jinroProfileAnswer,
  },
  handler: ({ user }) => computeJinroProfile(user.id),
});

export const { action } = apiRoute({
  method: 'POST',
  access: 'USER',
  doc: {
    path: '/api/user/book/jinro/reload',
    tag: TAGS.reports,
    summary: '진로 프로필 다시 분석',
    description: "프로필을 다시 계산해 저장합니다 (진로 화면의 '다시 분석하기').",
    answer: jinroReloadAnswer,
  },
  handler: ({ user }) => reloadJinro(user.id),
});
