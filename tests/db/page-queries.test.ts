import type { LoaderFunctionArgs } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { countQueries } from '~/db/query-count.server';
import { BookStatus, ReadMethod } from '~/domain/enums';
import { endRequestScope } from '~/lib/request-scope.server';
import { loader as rootLoader } from '~/root';
import { loader as activityLoader } from '~/routes/user+/activity._index';
import { loader as userLayoutLoader } from '~/routes/user+/_layout';
import { saveRecord } from '~/services/reading/records.server';
import { makeRequest } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { assignBook, cookieFor, createStudent } from '../support/factories';

useTestDatabase();

/** The queries of one document request of a page: its loaders run together on copies of the request, as Remix runs them. */
async function pageQueries(path: string, cookie: string, loaders: ((args: LoaderFunctionArgs) => Promise<Response>)[]) {
  const id = `page-${Math.random()}`;
  const { result, queries } = await countQueries(() =>
    Promise.all(
      loaders.map((loader) => loader({ request: makeRequest(path, { cookie, headers: { 'X-Request-Id': id } }), params: {}, context: {} })),
    ),
  );
  endRequestScope(id);
  for (const response of result) expect(response.status).toBe(200);
  return queries;
}

describe('queries per page', () => {
  it('the student’s activity page: six queries in all, however long the reading history', async () => {
    const student = await createStudent();
    const cookie = await cookieFor(student.loginId);
    const page = [rootLoader, userLayoutLoader, activityLoader] as never[];
    // The user with the session, the menu's unread count, the notice popups, the books, the recent records, the recommendations.
    expect(await pageQueries('/user/activity', cookie, page)).toHaveLength(6);
    for (let b = 0; b < 3; b++) {
      const book = await assignBook({ student, readMethod: ReadMethod.FREE, status: BookStatus.ACTIVITY, pages: 300 });
      for (let i = 0; i < 10; i++) {
        await saveRecord(student.id, book.id, {
          startPage: 1 + 10 * i,
          endPage: 10 + 10 * i,
          minutes: 5,
          submissionKey: `page-queries-${b}-${i}`,
        });
      }
    }
    expect(await pageQueries('/user/activity', cookie, page)).toHaveLength(6);
  });
});
