import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireBasicPay, requireUser } from '~/web/guards.server';
import { NoticeView } from '~/components/notices';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { noticeDeleteAction } from '~/web/forms/notice-form.server';
import { readNotice } from '~/services/notices/notices.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.notice.title ?? '공지사항'} | 리드인 학원` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'ADMIN' });
  const notice = await orRespond(() => readNotice(user, idParam(params.noticeId)));
  return pageData({ notice });
}

export async function action(args: ActionFunctionArgs) {
  return noticeDeleteAction(args, (request) => requireBasicPay(request), '/admin/notices');
}

export default function AcademyNotice() {
  const { notice } = useLoaderData<typeof loader>();
  return <NoticeView notice={notice} base="/admin/notices" staff={notice.organisationId !== null} />;
}
