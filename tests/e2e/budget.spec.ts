import { expect, test } from '@playwright/test';
import {
  MEMBER_PAGES,
  measurePage,
  overBudget,
  PUBLIC_PAGES,
  requireProductionBuild,
  SIGNED_IN_PAGES,
  signInCookie,
} from '../../scripts/lib/page-weight';

// The weight budget of architecture.md §5, per page (same measure as `npm run size`). Runs once (js project).

// The server serves this checkout's build: it must be the production one (`npm run test:e2e` builds it).
test.beforeAll(() => requireProductionBuild());

test.describe('page weight @js-only', () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path} stays within budget and ships no JavaScript or web font`, async ({ baseURL }) => {
      const weight = await measurePage(baseURL!, path);
      expect(weight.status).toBe(200);
      expect(overBudget(weight)).toEqual([]);
      // Public pages need no interactivity: no script at all.
      expect(weight.scripts).toEqual([]);
      expect(weight.js).toBe(0);
    });
  }

  test('the account pages stay within budget', async ({ baseURL }) => {
    for (const path of MEMBER_PAGES) {
      const weight = await measurePage(baseURL!, path);
      expect(weight.status, path).toBe(200);
      expect(overBudget(weight), path).toEqual([]);
    }
  });

  for (const [loginId, paths] of SIGNED_IN_PAGES) {
    test(`${loginId}'s pages stay within budget`, async ({ baseURL }) => {
      const cookie = await signInCookie(baseURL!, loginId);
      for (const path of paths) {
        const weight = await measurePage(baseURL!, path, { headers: { Cookie: cookie } });
        expect(weight.status, path).toBe(200);
        expect(overBudget(weight), path).toEqual([]);
      }
    });
  }
});

// The pages of issue 17's goal whose path carries an id: the student's current reading page, a book's note and its
// problem analysis. Each stays within budget: JavaScript, script requests (at most 8), HTML, no web font.
test("the student's reading, note and problem pages stay within budget @js-only", async ({ baseURL, request }) => {
  const cookie = await signInCookie(baseURL!, 'student');
  const activity = await request.get('/api/user/activity', { headers: { Cookie: cookie } });
  const { data } = (await activity.json()) as {
    data: { currentResultBookId: number; resultList: { resultBookId: number; status: number }[] };
  };
  const first = (status: number) => data.resultList.find((b) => b.status === status)!.resultBookId;
  const waiting = await (await request.get('/user/activity/readingBook/analysis', { headers: { Cookie: cookie } })).text();
  const problem = waiting.match(/href="(\/user\/activity\/readingBook\/analysis\/\d+)"/)?.[1];
  expect(problem, 'a book waiting for its problem analysis').toBeTruthy();
  const pages = [`/user/activity/readingBook/${data.currentResultBookId}`, `/user/activity/readingBook/note/${first(40)}`, problem!];
  for (const path of pages) {
    const weight = await measurePage(baseURL!, path, { headers: { Cookie: cookie } });
    expect(weight.status, path).toBe(200);
    expect(overBudget(weight), path).toEqual([]);
  }
});

// docs/decisions/011: the browser checks native constraints only; zod runs on the server. The pages whose forms used
// to validate with zod in the browser must load no script that carries it.
test('the reading, before-reading and note pages load no zod @js-only', async ({ baseURL, request }) => {
  const cookie = await signInCookie(baseURL!, 'student');
  const activity = await request.get('/api/user/activity', { headers: { Cookie: cookie } });
  const { data } = (await activity.json()) as {
    data: { currentResultBookId: number; resultList: { resultBookId: number; status: number }[] };
  };
  const first = (status: number) => data.resultList.find((b) => b.status === status)!.resultBookId;
  const pages = [
    `/user/activity/readingBook/${data.currentResultBookId}`,
    `/user/before/${first(1)}`,
    `/user/activity/readingBook/note/${first(40)}`,
  ];
  for (const path of pages) {
    const weight = await measurePage(baseURL!, path, { headers: { Cookie: cookie } });
    expect(weight.status, path).toBe(200);
    expect(weight.scripts.length, path).toBeGreaterThan(0);
    for (const script of weight.scripts) {
      const text = await (await request.get(script)).text();
      expect(text.includes('ZodError'), `${path} loads ${script}`).toBe(false);
    }
  }
});

// docs/decisions/028 ("Below 100 KB"): the account and student pages' forms show the server's answer with
// app/components/form-client.ts, the one form client of every area (decision 030): no page loads conform's client code (its "__intent__" field name).
test('the account, my-page, reading and note pages load no conform @js-only', async ({ baseURL, request }) => {
  const cookie = await signInCookie(baseURL!, 'student');
  const activity = await request.get('/api/user/activity', { headers: { Cookie: cookie } });
  const { data } = (await activity.json()) as {
    data: { currentResultBookId: number; resultList: { resultBookId: number; status: number }[] };
  };
  const first = (status: number) => data.resultList.find((b) => b.status === status)!.resultBookId;
  const pages: [string, RequestInit][] = [
    ...MEMBER_PAGES.map((path): [string, RequestInit] => [path, {}]),
    ...['/user/my-page/me', `/user/activity/readingBook/${data.currentResultBookId}`, `/user/activity/readingBook/note/${first(40)}`].map(
      (path): [string, RequestInit] => [path, { headers: { Cookie: cookie } }],
    ),
  ];
  for (const [path, init] of pages) {
    const weight = await measurePage(baseURL!, path, init);
    expect(weight.status, path).toBe(200);
    expect(weight.scripts.length, path).toBeGreaterThan(0);
    for (const script of weight.scripts) {
      const text = await (await request.get(script)).text();
      expect(text.includes('__intent__'), `${path} loads ${script}`).toBe(false);
    }
  }
});
