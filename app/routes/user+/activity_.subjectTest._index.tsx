import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUser } from '~/web/guards.server';
import { ErrorPage } from '~/components/error-page';
import { TEST_TITLES, TestList } from '~/components/test-pages';
import { listTests } from '~/services/problems/pages.server';

export const meta: MetaFunction = () => [{ title: `${TEST_TITLES.subjectTest.title} | 리드인` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const tests = await listTests(user.id, 'SUBJECT_TEST');
  return json({ tests, level: null, history: [] as { level: number; recordedAt: string }[] }, { headers: { 'Cache-Control': 'no-store' } });
}

export default function SubjectTestList() {
  const { tests, level, history } = useLoaderData<typeof loader>();
  return <TestList kind="subjectTest" tests={tests} level={level} history={history} />;
}

export function ErrorBoundary() {
  return <ErrorPage homeHref="/user/activity" homeLabel="독서활동으로" />;
}
