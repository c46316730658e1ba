import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireSuper } from '~/web/guards.server';
import { myPageData } from '~/web/forms/my-page.server';
import { MyPageOverview } from '~/components/my-page';

export const meta: MetaFunction = () => [{ title: '마이페이지 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSuper(request, { allow: ['COACH', 'BRANCH', 'PRODUCT'] });
  return myPageData(user);
}

export default function MyPage() {
  const { me } = useLoaderData<typeof loader>();
  return <MyPageOverview me={me} base="/super/my-page" />;
}
