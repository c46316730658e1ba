import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { firstError } from '~/components/form-client';
import { ErrorPage } from '~/components/error-page';
import { TEST_TITLES, TestTake } from '~/components/test-pages';
import { testPageAction, testPageLoader } from './__attempt.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.data.set.title ?? TEST_TITLES.courseTest.title} | 리드인` },
];

// Guard (USER), set id and the attempt steps: testPageLoader / testPageAction in __attempt.server.ts. Loader and
// action stay function declarations: the browser build drops those, but would run a call like testPageLoader(…).
export function loader(args: LoaderFunctionArgs) {
  return testPageLoader('courseTest', args);
}

export async function action(args: ActionFunctionArgs) {
  return testPageAction('courseTest', args);
}

export default function CourseTestTake() {
  const { data, confirmSubmit } = useLoaderData<typeof loader>();
  const error = firstError(useActionData<typeof action>());
  return <TestTake kind="courseTest" data={data} confirmSubmit={confirmSubmit} error={error} />;
}

export function ErrorBoundary() {
  return <ErrorPage homeHref="/user/activity/courseTest" homeLabel="수준 진단 목록으로" />;
}
