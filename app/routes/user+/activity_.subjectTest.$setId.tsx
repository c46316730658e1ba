import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { testPageAction, testPageLoader } from './__attempt.server';
import { testTakePage } from './__test-take';

// Guard (USER), set id and the attempt steps: testPageLoader / testPageAction in __attempt.server.ts; the page,
// its title and its error page: __test-take.tsx.
export function loader(args: LoaderFunctionArgs) {
  return testPageLoader('subjectTest', args);
}

export async function action(args: ActionFunctionArgs) {
  return testPageAction('subjectTest', args);
}

const page = testTakePage('subjectTest', '교과 연계 독해 목록으로');
export const { meta, ErrorBoundary } = page;
export default page.TestTakePage;
