import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { firstError } from '~/components/form-client';
import { ErrorPage } from '~/components/error-page';
import { TEST_TITLES, TestTake, type TestKind } from '~/components/test-pages';
import type { testPageAction, testPageLoader } from './__attempt.server';

/** The loader a test's taking page writes over testPageLoader. */
type Loader = (args: LoaderFunctionArgs) => ReturnType<typeof testPageLoader>;

/**
 * The browser side of a test's taking page (수준 진단, 교과 연계 독해): its title, the attempt and the error page back
 * to the test list. The route writes its loader and action itself, as function declarations over testPageLoader /
 * testPageAction (__attempt.server.ts): the browser build drops those, but would run a call made here.
 */
export function testTakePage(kind: TestKind, backLabel: string) {
  const meta: MetaFunction<Loader> = ({ data }) => [{ title: `${data?.data.set.title ?? TEST_TITLES[kind].title} | 리드인` }];
  function TestTakePage() {
    const { data, confirmSubmit } = useLoaderData<Loader>();
    const error = firstError(useActionData<typeof testPageAction>());
    return <TestTake kind={kind} data={data} confirmSubmit={confirmSubmit} error={error} />;
  }
  function ErrorBoundary() {
    return <ErrorPage homeHref={`/user/activity/${kind}`} homeLabel={backLabel} />;
  }
  return { meta, TestTakePage, ErrorBoundary };
}
