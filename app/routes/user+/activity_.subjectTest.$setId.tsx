import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { firstError } from '~/components/form-client';
import { ErrorPage } from '~/components/error-page';
import { TEST_TITLES, TestTake } from '~/components/test-pages';
import { testPageAction, testPageLoader } from './__attempt.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.data.set.title ?? TEST_TITLES.subjectTest.title} | 리드인` },
];

// Guard (USER), set id and the attempt steps: testPageLoader / testPageAction in __attempt.server.ts. Loader and
// action stay function declarations: the browser build drops those, but would run a call like testPageLoader(…).
export function loader(args: LoaderFunctionArgs) {
  return testPageLoader('subjectTest', args);
}

export async function action(args: ActionFunctionArgs) {
  return testPageAction('subjectTest', args);
}

export default function SubjectTestTake() {
  const { data, confirmSubmit } = useLoaderData<typeof loader>();
  const error = firstError(useActionData<typeof action>());
  return <TestTake kind="subjectTest" data={data} confirmSubmit={confirmSubmit} error={error} />;
}

export function ErrorBoundary() {
  return <ErrorPage homeHref="/user/activity/subjectTest" homeLabel="교과 연계 독해 목록으로" />;
}
