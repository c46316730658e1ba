import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireSuper } from '~/web/guards.server';
import { NoticeView } from '~/components/notices';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { noticeDeleteAction } from '~/web/forms/notice-form.server';
import { readNotice } from '~/services/notices/notices.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.notice.title ?? '공지사항'} | 리드인 운영` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireSuper(request, { allow: ['COACH', 'BRANCH', 'PRODUCT'] });
  const notice = await orRespond(() => readNotice(user, idParam(params.noticeId)));
  return pageData({ notice });
}

export async function action(args: ActionFunctionArgs) {
  return noticeDeleteAction(args, (request) => requireSuper(request), '/super/notices');
}

export default function PlatformNotice() {
  const { notice } = useLoaderData<typeof loader>();
  return <NoticeView notice={notice} base="/super/notices" staff={notice.canManage} />;
}
