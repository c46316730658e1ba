import { apiRoute } from '~/lib/api.server';
import { computeJinroProfile, reloadJinro } from '~/services/jinro.server';

// user/book/jinro/reload. GET recomputes and answers the profile without keeping it (a GET changes nothing);
// POST recomputes and keeps it, as the page's '다시 분석하기' does.
export const { loader } = apiRoute({ access: 'USER', handler: ({ user }) => computeJinroProfile(user.id) });
export const { action } = apiRoute({ method: 'POST', access: 'USER', handler: ({ user }) => reloadJinro(user.id) });
