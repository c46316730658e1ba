import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { testPageAction, testPageLoader } from './__attempt.server';
import { testTakePage } from './__test-take';

// Guard (USER), set id and the attempt steps: testPageLoader / testPageAction in __attempt.server.ts; the page,
// its title and its error page: __test-take.tsx.
export function loader(args: LoaderFunctionArgs) {
  return testPageLoader('courseTest', args);
}

export async function action(args: ActionFunctionArgs) {
  return testPageAction('courseTest', args);
}

const page = testTakePage('courseTest', '수준 진단 목록으로');
export const { meta, ErrorBoundary } = page;
export default page.TestTakePage;
