import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireBasicPay } from '~/web/guards.server';
import { NoticeFormPage } from '~/components/notices';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { noticeFormAction, noticeFormDefaults } from '~/web/forms/notice-form.server';
import { noticeForEditor } from '~/services/notices/notices.server';

export const meta: MetaFunction = () => [{ title: '공지 고치기 | 리드인 학원' }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const notice = await orRespond(() => noticeForEditor(user, idParam(params.noticeId)));
  return pageData({ id: notice.id, files: notice.files, defaults: noticeFormDefaults(notice) });
}

export async function action(args: ActionFunctionArgs) {
  return noticeFormAction(args, {
    guard: (request) => requireBasicPay(request),
    platform: false,
    edit: true,
    pathOf: (id) => `/admin/notices/${id}`,
  });
}

export default function EditAcademyNotice() {
  const { id, files, defaults } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <NoticeFormPage
      heading="공지 고치기"
      back={{ href: `/admin/notices/${id}`, label: '공지로 돌아가기' }}
      reply={reply}
      defaults={defaults}
      platform={false}
      existingFiles={files}
      submitLabel="저장"
    />
  );
}
