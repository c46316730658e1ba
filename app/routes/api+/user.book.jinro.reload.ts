import { userApi } from '~/lib/api-user.server';
import { computeJinroProfile, reloadJinro } from '~/services/jinro.server';

// user/book/jinro/reload. GET recomputes and answers the profile without keeping it (a GET changes nothing);
// POST recomputes and keeps it, as the page's '다시 분석하기' does.
export const loader = userApi(({ user }) => computeJinroProfile(user.id));
export const action = userApi(({ user }) => reloadJinro(user.id));
