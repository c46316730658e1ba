import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireTalkSender } from '~/web/talk-guard.server';
import { Pagination } from '~/components/pagination';
import { TalkStateCounts } from '~/components/talk-state-counts';
import { formatDateTime } from '~/lib/dates';
import { pageData, pageParam } from '~/web/http.server';
import { isOperator, listSends } from '~/services/talk/sends.server';

export const meta: MetaFunction = () => [{ title: '알림톡 발송 내역 | 리드인' }];

// The history of 알림톡 sends (a head: the academy's, a teacher: their own, operators: all), newest first, with how many
// of each send's messages are waiting, sending, delivered or failed.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireTalkSender(request);
  const list = await listSends(user, pageParam(request));
  return pageData({
    ...list,
    operator: isOperator(user),
    rows: list.rows.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt) })),
  });
}

export default function TalkHistory() {
  const { rows, total, page, pages, operator } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="talk-title" className="stack">
      <h1 id="talk-title" className="page-title">
        알림톡 발송 내역
      </h1>
      <p className="muted">
        승인된 템플릿으로 학생과 학부모에게 보낸 알림톡입니다. 일반 공지는 알림톡으로 보낼 수 없어 공지사항으로 올려 주세요.
      </p>
      {rows.length === 0 ? (
        <div className="card">
          <p>아직 보낸 알림톡이 없습니다.</p>
          <p>
            <Link to="/talk/new">알림톡 보내기</Link>
          </p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption>발송 {total}건 (최신순)</caption>
            <thead>
              <tr>
                <th scope="col">보낸 시각</th>
                <th scope="col">템플릿</th>
                <th scope="col">받는 사람</th>
                {operator ? <th scope="col">학원</th> : null}
                <th scope="col">보낸 사람</th>
                <th scope="col">상태</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`/talk/${r.id}`}>{r.createdAt}</Link>
                  </td>
                  <td>{r.templateName}</td>
                  <td>
                    {r.audience} ({r.recipientCount}건)
                  </td>
                  {operator ? <td>{r.academyName ?? '-'}</td> : null}
                  <td>{r.senderName}</td>
                  <td>
                    <TalkStateCounts counts={r.counts} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} base="/talk" />
    </section>
  );
}
