import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireSuper } from '~/web/guards.server';
import { NoticeListPage } from '~/components/notices';
import { pageData, pageParam } from '~/web/http.server';
import { noticeWriterKind } from '~/services/notices/audience.server';
import { listNotices } from '~/services/notices/notices.server';

export const meta: MetaFunction = () => [{ title: '공지사항 | 리드인 운영' }];

// Platform notices (spec §3): ADMIN1 and ADMIN2 keep them all here; COACH, BRANCH and PRODUCT read the ones
// addressed to them.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSuper(request, { allow: ['COACH', 'BRANCH', 'PRODUCT'] });
  const list = await listNotices(user.id, pageParam(request));
  return pageData({ list, writer: noticeWriterKind(user) === 'platform' });
}

export default function SuperNotices() {
  const { list, writer } = useLoaderData<typeof loader>();
  return (
    <NoticeListPage
      base="/super/notices"
      list={list}
      staff={writer}
      write={writer ? { href: '/super/notices/new' } : null}
      intro={writer ? '리드인이 회원에게 알리는 공지입니다. 대상과 팝업 기간을 정해 올릴 수 있어요.' : undefined}
    />
  );
}
