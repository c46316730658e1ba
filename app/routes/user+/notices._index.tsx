import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUser } from '~/web/guards.server';
import { NoticeListPage } from '~/components/notices';
import { pageData, pageParam } from '~/web/http.server';
import { listNotices } from '~/services/notices/notices.server';

export const meta: MetaFunction = () => [{ title: '공지사항 | 리드인' }];

// The notices addressed to a student or member: their academy's and the platform's, newest first.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  return pageData({ list: await listNotices(user.id, pageParam(request)) });
}

export default function UserNotices() {
  const { list } = useLoaderData<typeof loader>();
  return <NoticeListPage base="/user/notices" list={list} />;
}
