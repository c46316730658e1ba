import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireBasicPay } from '~/web/guards.server';
import { NoticeFormPage } from '~/components/notices';
import { pageData } from '~/web/http.server';
import { noticeFormAction, noticeFormDefaults } from '~/web/forms/notice-form.server';

export const meta: MetaFunction = () => [{ title: '공지 쓰기 | 리드인 학원' }];

// A head or a teacher writes a notice for the academy's students (this month's basic payment required).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBasicPay(request);
  return pageData({ defaults: noticeFormDefaults() });
}

export async function action(args: ActionFunctionArgs) {
  return noticeFormAction(args, {
    guard: (request) => requireBasicPay(request),
    platform: false,
    edit: false,
    pathOf: (id) => `/admin/notices/${id}`,
  });
}

export default function NewAcademyNotice() {
  const { defaults } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <NoticeFormPage
      heading="학생 공지 쓰기"
      back={{ href: '/admin/notices', label: '공지사항 목록' }}
      reply={reply}
      defaults={defaults}
      platform={false}
      submitLabel="올리기"
    />
  );
}
