import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireSuper } from '~/auth/guards.server';
import { Pagination } from '~/components/pagination';
import { SendState, enumName } from '~/domain/enums';
import { formatDateTime } from '~/lib/dates';
import { listMessages } from '~/services/messages.server';

export const meta: MetaFunction = () => [{ title: '발송 메시지 | 리드인 운영' }];

const STATE_LABELS: Record<string, string> = { WAITING: '대기', SENDING: '발송 중', FAIL: '실패', COMPLETE: '완료' };

// The message outbox as operators see it (ADMIN1 / ADMIN2). In the experience environment messages are delivered by
// the local provider, so this page is where a tester reads a one-time code.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
  const list = await listMessages(page);
  return json({
    ...list,
    rows: list.rows.map((m) => ({
      ...m,
      state: STATE_LABELS[enumName(SendState, m.sendState)] ?? String(m.sendState),
      createdAt: formatDateTime(m.createdAt),
      sentAt: m.sentAt ? formatDateTime(m.sentAt) : null,
    })),
  });
}

export default function SuperMessages() {
  const { rows, total, page, pages } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="messages-title">
      <h1 id="messages-title" className="page-title">
        발송 메시지
      </h1>
      <p className="muted">문자·알림톡 발송 내역 {total}건 (최신순)</p>
      {rows.length === 0 ? (
        <p className="card muted">아직 발송된 메시지가 없습니다.</p>
      ) : (
        <div className="table-wrap">
          <table className="table messages-table">
            <caption className="sr-only">발송 메시지 목록</caption>
            <thead>
              <tr>
                <th scope="col">받는 사람</th>
                <th scope="col">번호</th>
                <th scope="col">채널</th>
                <th scope="col">내용</th>
                <th scope="col">상태</th>
                <th scope="col">요청 시각</th>
                <th scope="col">발송 시각</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.id}>
                  <td>{m.recipientName ? `${m.recipientName} (${m.recipientLoginId})` : '-'}</td>
                  <td>{m.phone}</td>
                  <td>{m.channel === 'TALK' ? '알림톡' : '문자'}</td>
                  <td className="message-body">{m.body}</td>
                  <td>
                    <span className="badge">{m.state}</span>
                  </td>
                  <td>{m.createdAt}</td>
                  <td>{m.sentAt ?? '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} base="/super/messages" />
    </section>
  );
}
