import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { requireBasicPay } from '~/auth/guards.server';
import { NoticeForm } from '~/components/notices';
import { pageData } from '~/lib/http.server';
import { noticeFormAction, noticeFormDefaults } from '~/lib/forms/notice-form.server';

export const meta: MetaFunction = () => [{ title: '공지 쓰기 | 리드인 학원' }];

// A head or a teacher writes a notice for the academy's students (this month's basic payment required).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBasicPay(request);
  return pageData({ defaults: noticeFormDefaults() });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBasicPay(request);
  return noticeFormAction(request, user, { platform: false, pathOf: (id) => `/admin/notices/${id}` });
}

export default function NewAcademyNotice() {
  const { defaults } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section aria-labelledby="new-notice-title" className="stack">
      <p>
        <Link to="/admin/notices">‹ 공지사항 목록</Link>
      </p>
      <h1 id="new-notice-title" className="page-title">
        학생 공지 쓰기
      </h1>
      <div className="card">
        <NoticeForm reply={reply} defaults={defaults} platform={false} submitLabel="올리기" />
      </div>
    </section>
  );
}
