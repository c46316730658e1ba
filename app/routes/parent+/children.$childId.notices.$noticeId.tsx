import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { NoticeArticle } from '~/components/notices';
import { requireParent } from '~/web/guards.server';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { childNotice } from '~/services/parents/view.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.notice.title ?? '공지사항'} | 리드인` }];

// A notice the child is shown (their academy's, or the platform's to students), as the child's own notice page shows
// it, read-only, opened from the child's page. Another academy's notice, or one of a child not theirs, is 404.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireParent(request);
  const childId = idParam(params.childId, '자녀를 찾을 수 없습니다.');
  const noticeId = idParam(params.noticeId, '공지사항을 찾을 수 없습니다.');
  return pageData(await orRespond(() => childNotice(user.id, childId, noticeId)));
}

export default function ChildNotice() {
  const { child, notice } = useLoaderData<typeof loader>();
  return (
    <div className="page stack notice-page">
      <p>
        <Link to={`/parent/children/${child.id}`}>‹ {child.name} 독서 현황</Link>
      </p>
      <NoticeArticle notice={notice} />
    </div>
  );
}
