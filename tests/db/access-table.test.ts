import type { LoaderFunctionArgs } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { SPEC_MESSAGES } from '~/messages';
import * as adminDashboard from '~/routes/admin+/dashboard';
import * as adminInquiries from '~/routes/admin+/inquiry._index';
import * as adminInbox from '~/routes/admin+/message._index';
import * as adminStudents from '~/routes/admin+/students';
import * as adminTeachers from '~/routes/admin+/teachers';
import * as superAudit from '~/routes/super+/audit';
import * as superCoach from '~/routes/super+/coach.sharpening._index';
import * as superInquiries from '~/routes/super+/inquiries._index';
import * as superMessages from '~/routes/super+/messages';
import * as superTax from '~/routes/super+/tax.u.region.agency';
import * as superUser from '~/routes/super+/user';
import * as userActivity from '~/routes/user+/activity._index';
import * as userDashboard from '~/routes/user+/dashboard';
import * as userInquiries from '~/routes/user+/inquiry._index';
import * as userInbox from '~/routes/user+/message._index';
import { makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';

useTestDatabase();

// Who gets in where (spec §5, §6): the real route loaders, called for every demo account and for a visitor.
// 200 = in; '→ /path' = redirected there; 'HEAD' / 'PAY' / 'ADMIN1' = the guard's 403 alert.
type Outcome = 200 | 'HEAD' | 'PAY' | 'ADMIN1' | `→ ${string}`;

const USERS = ['student', 'student2', 'student6', 'adult', 'migrated'];
const ADMINS = ['head', 'teacher', 'head2', 'teacher2'];
const SUPERS = ['super', 'admin2', 'coach', 'branch', 'product'];
const ACCOUNTS = [...USERS, ...ADMINS, ...SUPERS];

const LOGIN = '→ /member/login';
const COACH_HOME = '→ /super/coach/sharpening';
const BRANCH_HOME = '→ /super/tax/u/region/agency';
const PRODUCT_HOME = '→ /super/books';

function table(defaults: Record<'USER' | 'ADMIN' | 'SUPER', Outcome>, overrides: Record<string, Outcome> = {}) {
  const row: Record<string, Outcome> = {};
  for (const id of USERS) row[id] = defaults.USER;
  for (const id of ADMINS) row[id] = defaults.ADMIN;
  for (const id of SUPERS) row[id] = defaults.SUPER;
  return { ...row, ...overrides };
}

const ROUTES: { path: string; loader: (args: LoaderFunctionArgs) => unknown; expected: Record<string, Outcome> }[] = [
  {
    path: '/user/activity',
    loader: userActivity.loader,
    expected: table({ USER: 200, ADMIN: LOGIN, SUPER: LOGIN }, { migrated: '→ /member/migration' }),
  },
  {
    path: '/user/dashboard',
    loader: userDashboard.loader,
    expected: table({ USER: 200, ADMIN: LOGIN, SUPER: LOGIN }, { migrated: '→ /member/migration' }),
  },
  { path: '/admin/dashboard', loader: adminDashboard.loader, expected: table({ USER: LOGIN, ADMIN: 200, SUPER: LOGIN }) },
  {
    path: '/admin/teachers',
    loader: adminTeachers.loader,
    expected: table({ USER: LOGIN, ADMIN: 200, SUPER: LOGIN }, { teacher: 'HEAD', teacher2: 'HEAD', head2: 'PAY' }),
  },
  {
    path: '/admin/students',
    loader: adminStudents.loader,
    expected: table({ USER: LOGIN, ADMIN: 200, SUPER: LOGIN }, { head2: 'PAY', teacher2: 'PAY' }),
  },
  {
    path: '/super/user',
    loader: superUser.loader,
    expected: table({ USER: LOGIN, ADMIN: LOGIN, SUPER: 200 }, { coach: COACH_HOME, branch: BRANCH_HOME, product: PRODUCT_HOME }),
  },
  {
    path: '/super/audit',
    loader: superAudit.loader,
    expected: table(
      { USER: LOGIN, ADMIN: LOGIN, SUPER: 200 },
      { admin2: 'ADMIN1', coach: COACH_HOME, branch: BRANCH_HOME, product: PRODUCT_HOME },
    ),
  },
  {
    path: '/super/coach/sharpening',
    loader: superCoach.loader,
    expected: table({ USER: LOGIN, ADMIN: LOGIN, SUPER: 200 }, { branch: BRANCH_HOME, product: PRODUCT_HOME }),
  },
  {
    path: '/super/tax/u/region/agency',
    loader: superTax.loader,
    expected: table({ USER: LOGIN, ADMIN: LOGIN, SUPER: 200 }, { coach: COACH_HOME, product: PRODUCT_HOME }),
  },
  {
    path: '/super/messages',
    loader: superMessages.loader,
    expected: table({ USER: LOGIN, ADMIN: LOGIN, SUPER: 200 }, { coach: COACH_HOME, branch: BRANCH_HOME, product: PRODUCT_HOME }),
  },
  // The inbox and 1:1 inquiries: every member and academy staff member (an unpaid academy too), in their own area.
  {
    path: '/user/message',
    loader: userInbox.loader,
    expected: table({ USER: 200, ADMIN: LOGIN, SUPER: LOGIN }, { migrated: '→ /member/migration' }),
  },
  {
    path: '/user/inquiry',
    loader: userInquiries.loader,
    expected: table({ USER: 200, ADMIN: LOGIN, SUPER: LOGIN }, { migrated: '→ /member/migration' }),
  },
  { path: '/admin/message', loader: adminInbox.loader, expected: table({ USER: LOGIN, ADMIN: 200, SUPER: LOGIN }) },
  { path: '/admin/inquiry', loader: adminInquiries.loader, expected: table({ USER: LOGIN, ADMIN: 200, SUPER: LOGIN }) },
  {
    path: '/super/inquiries',
    loader: superInquiries.loader,
    expected: table({ USER: LOGIN, ADMIN: LOGIN, SUPER: 200 }, { coach: COACH_HOME, branch: BRANCH_HOME, product: PRODUCT_HOME }),
  },
];

async function outcome(res: Response): Promise<Outcome> {
  if (res.status === 200) return 200;
  if (res.status === 302) return `→ ${res.headers.get('Location')}`;
  if (res.status === 403) {
    const body = (await res.json()) as { alert: { title: string; message: string } };
    expect(body.alert.title).toBe('알림');
    if (body.alert.message === SPEC_MESSAGES.headOnly) return 'HEAD';
    if (body.alert.message === SPEC_MESSAGES.basicPayRequired) return 'PAY';
    if (body.alert.message === '감사 기록은 최고 관리자만 볼 수 있습니다.') return 'ADMIN1';
  }
  throw new Error(`unexpected answer ${res.status}`);
}

describe('route × account access table', () => {
  for (const route of ROUTES) {
    it(`${route.path}`, async () => {
      const actual: Record<string, Outcome> = {};
      for (const loginId of ACCOUNTS) {
        const cookie = await sessionCookie(loginId);
        const request = makeRequest(route.path, { cookie });
        actual[loginId] = await outcome(await respond(() => route.loader({ request, params: {}, context: {} })));
      }
      expect(actual).toEqual(route.expected);
      // A visitor is sent to sign in, with the page to come back to.
      const anonymous = await respond(() => route.loader({ request: makeRequest(route.path), params: {}, context: {} }));
      expect(anonymous).toHaveRedirect(`/member/login?redirectTo=${encodeURIComponent(route.path)}`);
    });
  }

  it('a wrong role clears the session cookie', async () => {
    const cookie = await sessionCookie('student');
    const res = await respond(() =>
      adminDashboard.loader({ request: makeRequest('/admin/dashboard', { cookie }), params: {}, context: {} }),
    );
    expect(res).toHaveRedirect('/member/login');
    expect(res.headers.get('Set-Cookie')).toMatch(/^__session=;/);
  });
});
