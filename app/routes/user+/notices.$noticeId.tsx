import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUser } from '~/web/guards.server';
import { NoticeView } from '~/components/notices';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { readNotice } from '~/services/notices/notices.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.notice.title ?? '공지사항'} | 리드인` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  return pageData({ notice: await orRespond(() => readNotice(user, idParam(params.noticeId))) });
}

export default function UserNotice() {
  const { notice } = useLoaderData<typeof loader>();
  return <NoticeView notice={notice} base="/user/notices" />;
}
