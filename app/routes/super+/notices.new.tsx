import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireSuper } from '~/web/guards.server';
import { NoticeFormPage } from '~/components/notices';
import { pageData } from '~/web/http.server';
import { noticeFormAction, noticeFormDefaults } from '~/web/forms/notice-form.server';
import { academyChoices } from '~/services/notices/notices.server';

export const meta: MetaFunction = () => [{ title: '공지 쓰기 | 리드인 운영' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  return pageData({ academies: await academyChoices(), defaults: noticeFormDefaults() });
}

export async function action(args: ActionFunctionArgs) {
  return noticeFormAction(args, {
    guard: (request) => requireSuper(request),
    platform: true,
    edit: false,
    pathOf: (id) => `/super/notices/${id}`,
  });
}

export default function NewPlatformNotice() {
  const { academies, defaults } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <NoticeFormPage
      heading="공지 쓰기"
      back={{ href: '/super/notices', label: '공지사항 목록' }}
      reply={reply}
      defaults={defaults}
      platform
      academies={academies}
      submitLabel="올리기"
    />
  );
}
