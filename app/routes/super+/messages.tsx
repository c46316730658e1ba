import { listCount } from '~/lib/numbers';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { Pagination } from '~/components/pagination';
import { SendState } from '~/domain/enums';
import { CHANNEL_LABELS, MESSAGE_KIND_LABELS, SEND_STATE_LABELS } from '~/domain/talk';
import { formatDateTime } from '~/lib/dates';
import { pageData, pageParam, positiveInt } from '~/web/http.server';
import { listMessages } from '~/services/messages.server';
import { Options, choices } from '~/components/filter-select';

export const meta: MetaFunction = () => [{ title: '발송 메시지 | 리드인 운영' }];

// The message outbox as operators see it (ADMIN1 / ADMIN2): every 알림톡 and text message, filtered by state, kind and
// channel, with the reason of a failure and the next attempt of a retry. In the experience environment the Solapi
// simulator delivers at once, so this page is also where a tester reads a one-time code.

const STATES = [SendState.WAITING, SendState.SENDING, SendState.FAIL, SendState.COMPLETE] as const;
const CHANNELS = ['TALK', 'SMS', 'LMS'] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  const params = new URL(request.url).searchParams;
  const state = positiveInt(params.get('state'));
  const kind = params.get('kind') ?? '';
  const channel = params.get('channel') ?? '';
  const filters = {
    state: STATES.find((s) => s === state) ?? null,
    kind: Object.hasOwn(MESSAGE_KIND_LABELS, kind) ? kind : null,
    channel: CHANNELS.find((c) => c === channel) ?? null,
  };
  const list = await listMessages(pageParam(request), filters);
  const query = Object.fromEntries(
    Object.entries({ state: filters.state ? String(filters.state) : '', kind: filters.kind ?? '', channel: filters.channel ?? '' }).filter(
      ([, v]) => v,
    ),
  );
  return pageData({
    ...list,
    query,
    rows: list.rows.map((m) => ({
      ...m,
      createdAt: formatDateTime(m.createdAt),
      sentAt: m.sentAt ? formatDateTime(m.sentAt) : null,
      nextAttemptAt: m.sendState === SendState.WAITING && m.attempts > 0 ? formatDateTime(m.nextAttemptAt) : null,
    })),
  });
}

export default function SuperMessages() {
  const { rows, total, estimated, capped, page, pages, query } = useLoaderData<typeof loader>();
  const href = (p: number) => `/super/messages?${new URLSearchParams({ ...query, page: String(p) })}`;
  return (
    <section aria-labelledby="messages-title" className="stack">
      <h1 id="messages-title" className="page-title">
        발송 메시지
      </h1>
      <p className="muted">
        알림톡과 문자 발송 내역입니다. 학원·운영 알림톡은 <Link to="/talk">알림톡</Link>에서 보내고, 템플릿은{' '}
        <Link to="/super/talk/templates">알림톡 템플릿</Link>에서 관리합니다.
      </p>
      <Form method="get" className="card filter-form" aria-label="발송 메시지 찾기">
        <div className="field">
          <label htmlFor="state">상태</label>
          <select id="state" name="state" defaultValue={query.state ?? ''}>
            <option value="">전체</option>
            <Options options={choices(STATES, SEND_STATE_LABELS)} />
          </select>
        </div>
        <div className="field">
          <label htmlFor="kind">종류</label>
          <select id="kind" name="kind" defaultValue={query.kind ?? ''}>
            <option value="">전체</option>
            <Options options={Object.entries(MESSAGE_KIND_LABELS).map(([value, label]) => [value, label] as const)} />
          </select>
        </div>
        <div className="field">
          <label htmlFor="channel">채널</label>
          <select id="channel" name="channel" defaultValue={query.channel ?? ''}>
            <option value="">전체</option>
            <Options options={choices(CHANNELS, CHANNEL_LABELS)} />
          </select>
        </div>
        <div className="form-actions">
          <button type="submit" className="secondary">
            찾기
          </button>
        </div>
      </Form>
      <p className="muted">메시지 {listCount(total, estimated, '건')} (최신순)</p>
      {rows.length === 0 ? (
        <p className="card muted">{Object.keys(query).length ? '조건에 맞는 메시지가 없습니다.' : '아직 발송된 메시지가 없습니다.'}</p>
      ) : (
        <div className="table-wrap">
          <table className="table messages-table">
            <caption className="sr-only">발송 메시지 목록</caption>
            <thead>
              <tr>
                <th scope="col">받는 사람</th>
                <th scope="col">종류</th>
                <th scope="col">내용</th>
                <th scope="col">상태</th>
                <th scope="col">시각</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.id}>
                  <td>
                    {m.recipientName ? `${m.recipientName} (${m.recipientLoginId})${m.role === 'parent' ? ' · 학부모' : ''}` : '-'}
                    <span className="talk-reason">{m.phone}</span>
                  </td>
                  <td>
                    {m.sendId ? (
                      <Link to={`/talk/${m.sendId}`}>{MESSAGE_KIND_LABELS[m.kind] ?? m.kind}</Link>
                    ) : (
                      (MESSAGE_KIND_LABELS[m.kind] ?? m.kind)
                    )}
                    <span className="talk-reason">
                      {CHANNEL_LABELS[m.channel] ?? m.channel}
                      {m.replacedBySms ? ' → 문자로 대체' : ''}
                    </span>
                  </td>
                  <td className="message-body">{m.body}</td>
                  <td className="talk-state-cell">
                    <span className={`badge talk-state-${m.sendState}`}>{SEND_STATE_LABELS[m.sendState]}</span>
                    {m.lastError ? <span className="talk-reason">{m.lastError}</span> : null}
                    {m.nextAttemptAt ? (
                      <span className="talk-reason">
                        {m.attempts}번 시도 · 다음 시도 {m.nextAttemptAt}
                      </span>
                    ) : null}
                  </td>
                  <td>
                    요청 {m.createdAt}
                    <span className="talk-reason">발송 {m.sentAt ?? '-'}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} capped={capped} href={href} />
    </section>
  );
}
