import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireUser } from '~/web/guards.server';
import { myPageAction, myPageData } from '~/web/forms/my-page.server';
import { MyPageEdit } from '~/components/my-page';

export const meta: MetaFunction = () => [{ title: '내 정보 수정 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  return myPageData(user);
}

export async function action(args: ActionFunctionArgs) {
  return myPageAction(args, (request) => requireUser(request, { role: 'USER' }), '/user/my-page');
}

export default function MyPageMe() {
  const { me } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <MyPageEdit key={me.profileImage ?? 'none'} me={me} actionData={actionData} />;
}
