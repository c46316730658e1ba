import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUser } from '~/web/guards.server';
import { NoticeListPage } from '~/components/notices';
import { pageData, pageParam } from '~/web/http.server';
import { SPEC_MESSAGES } from '~/messages';
import { noticeWriterKind } from '~/services/notices/audience.server';
import { listNotices } from '~/services/notices/notices.server';
import { hasBasicPay } from '~/services/payments/basic-pay.server';

export const meta: MetaFunction = () => [{ title: '공지사항 | 리드인 학원' }];

// The academy's notices for its students, and the platform's notices addressed to its staff, in one list. Reading
// needs no payment (a notice may be about paying); writing for students is a paid feature like the rest of the
// academy's tools for them (requireBasicPay on the editor).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'ADMIN' });
  const [list, paid] = await Promise.all([listNotices(user.id, pageParam(request)), hasBasicPay(user.organisationId)]);
  return pageData({ list, writer: noticeWriterKind(user) === 'academy', paid });
}

export default function AcademyNotices() {
  const { list, writer, paid } = useLoaderData<typeof loader>();
  return (
    <NoticeListPage
      base="/admin/notices"
      list={list}
      staff
      write={
        !writer ? null : paid ? { href: '/admin/notices/new' } : { reason: `학생들에게 공지를 쓰려면 ${SPEC_MESSAGES.basicPayRequired}` }
      }
      intro="우리 학원 학생들에게 올린 공지와 리드인이 학원에 보낸 공지입니다."
    />
  );
}
