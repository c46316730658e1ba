import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireSuper } from '~/web/guards.server';
import { NoticeFormPage } from '~/components/notices';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { noticeFormAction, noticeFormDefaults } from '~/web/forms/notice-form.server';
import { academyChoices, noticeForEditor } from '~/services/notices/notices.server';

export const meta: MetaFunction = () => [{ title: '공지 고치기 | 리드인 운영' }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const operator = await requireSuper(request);
  const notice = await orRespond(() => noticeForEditor(operator, idParam(params.noticeId)));
  return pageData({ id: notice.id, files: notice.files, defaults: noticeFormDefaults(notice), academies: await academyChoices() });
}

export async function action(args: ActionFunctionArgs) {
  return noticeFormAction(args, {
    guard: (request) => requireSuper(request),
    platform: true,
    edit: true,
    pathOf: (id) => `/super/notices/${id}`,
  });
}

export default function EditPlatformNotice() {
  const { id, files, defaults, academies } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <NoticeFormPage
      heading="공지 고치기"
      back={{ href: `/super/notices/${id}`, label: '공지로 돌아가기' }}
      reply={reply}
      defaults={defaults}
      platform
      academies={academies}
      existingFiles={files}
      submitLabel="저장"
    />
  );
}
