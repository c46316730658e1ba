import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUser } from '~/web/guards.server';
import { ErrorPage } from '~/components/error-page';
import { TEST_TITLES, TestList } from '~/components/test-pages';
import { findAuthUser } from '~/services/users.server';
import { levelHistoryOf, listTests } from '~/services/problems/pages.server';

export const meta: MetaFunction = () => [{ title: `${TEST_TITLES.courseTest.title} | 리드인` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const tests = await listTests(user.id, 'COURSE_TEST');
  const [me, history] = await Promise.all([findAuthUser(user.id), levelHistoryOf(user.id)]);
  return json(
    { tests, level: me?.level ?? null, history: history.map((h) => ({ level: h.level, recordedAt: h.recordedAt.toISOString() })) },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export default function CourseTestList() {
  const { tests, level, history } = useLoaderData<typeof loader>();
  return <TestList kind="courseTest" tests={tests} level={level} history={history} />;
}

export function ErrorBoundary() {
  return <ErrorPage homeHref="/user/activity" homeLabel="독서활동으로" />;
}
