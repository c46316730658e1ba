import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireTalkSender } from '~/web/talk-guard.server';
import { ListPage, listHref, type Column } from '~/components/list-page';
import { Pagination } from '~/components/pagination';
import { TalkStateCounts } from '~/components/talk-state-counts';
import { formatDateTime } from '~/lib/dates';
import { pageData } from '~/web/http.server';
import { listQuery } from '~/web/list.server';
import { isOperator } from '~/services/talk/sends.server';
import { listSends } from '~/services/talk/send-history.server';

export const meta: MetaFunction = () => [{ title: '알림톡 발송 내역 | 리드인' }];

// The history of 알림톡 sends (a head: the academy's, a teacher: their own, operators: all), newest first, with how many
// of each send's messages are waiting, sending, delivered or failed.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireTalkSender(request);
  const list = await listSends(user, listQuery(request).page);
  return pageData({
    ...list,
    operator: isOperator(user),
    rows: list.rows.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt) })),
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number];

function columns(operator: boolean): Column<Row>[] {
  return [
    { header: '보낸 시각', cell: (r) => <Link to={`/talk/${r.id}`}>{r.createdAt}</Link> },
    { header: '템플릿', cell: (r) => r.templateName },
    { header: '받는 사람', cell: (r) => `${r.audience} (${r.recipientCount}건)` },
    ...(operator ? [{ header: '학원', cell: (r: Row) => r.academyName ?? '-' }] : []),
    { header: '보낸 사람', cell: (r) => r.senderName },
    { header: '상태', cell: (r) => <TalkStateCounts counts={r.counts} /> },
  ];
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
        <>
          <div className="card">
            <p>아직 보낸 알림톡이 없습니다.</p>
            <p>
              <Link to="/talk/new">알림톡 보내기</Link>
            </p>
          </div>
          {/* A page past the last one still links back to the others. */}
          <Pagination page={page} pages={pages} href={(p) => listHref('/talk', {}, p)} />
        </>
      ) : (
        <ListPage
          base="/talk"
          list={{ rows, page, pages }}
          count={`발송 ${total}건 (최신순)`}
          caption={`발송 ${total}건 (최신순)`}
          columns={columns(operator)}
          empty="아직 보낸 알림톡이 없습니다."
        />
      )}
    </section>
  );
}
