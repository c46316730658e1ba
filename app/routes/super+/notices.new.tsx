import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { requireSuper } from '~/auth/guards.server';
import { NoticeForm } from '~/components/notices';
import { pageData } from '~/lib/http.server';
import { noticeFormAction, noticeFormDefaults } from '~/lib/forms/notice-form.server';
import { academyChoices } from '~/services/notices/notices.server';

export const meta: MetaFunction = () => [{ title: '공지 쓰기 | 리드인 운영' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  return pageData({ academies: await academyChoices(), defaults: noticeFormDefaults() });
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireSuper(request);
  return noticeFormAction(request, operator, { platform: true, pathOf: (id) => `/super/notices/${id}` });
}

export default function NewPlatformNotice() {
  const { academies, defaults } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section aria-labelledby="new-notice-title" className="stack">
      <p>
        <Link to="/super/notices">‹ 공지사항 목록</Link>
      </p>
      <h1 id="new-notice-title" className="page-title">
        공지 쓰기
      </h1>
      <div className="card">
        <NoticeForm reply={reply} defaults={defaults} platform academies={academies} submitLabel="올리기" />
      </div>
    </section>
  );
}
