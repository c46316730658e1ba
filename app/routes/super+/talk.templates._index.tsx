import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { ListTable, type Column } from '~/components/list-page';
import { requireSuper } from '~/web/guards.server';
import { TALK_EVENTS, TEMPLATE_APPROVAL_LABELS, isTalkEvent } from '~/domain/talk';
import { formatDateTime } from '~/lib/dates';
import { pageData } from '~/web/http.server';
import { listTemplates } from '~/services/talk/templates.server';

export const meta: MetaFunction = () => [{ title: '알림톡 템플릿 | 리드인 운영' }];

// 알림톡 templates (ADMIN1, ADMIN2): the ones events send by themselves and the ones academies send from /talk, each
// with Kakao's review state. Only an approved, active template is sent.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  const rows = await listTemplates();
  return pageData({
    rows: rows.map((t) => ({
      id: t.id,
      code: t.code,
      name: t.name,
      body: t.body,
      variables: t.variables,
      event: t.event && isTalkEvent(t.event) ? TALK_EVENTS[t.event].label : null,
      approval: TEMPLATE_APPROVAL_LABELS[t.approval] ?? t.approval,
      approved: t.approval === 'APPROVED',
      active: t.active,
      providerTemplateId: t.providerTemplateId,
      updatedAt: formatDateTime(t.updatedAt),
    })),
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number];

const COLUMNS: Column<Row>[] = [
  {
    header: '이름',
    rowHeader: true,
    cell: (t) => (
      <>
        <Link to={`/super/talk/templates/${t.id}`}>{t.name}</Link>
        <br />
        <span className="muted">{t.code}</span>
      </>
    ),
  },
  { header: '보내는 때', cell: (t) => (t.event ? `자동: ${t.event}` : '학원·운영 발송') },
  { header: '내용', cell: (t) => t.body, className: 'message-body' },
  {
    header: '검수',
    cell: (t) => (
      <>
        <span className={`badge${t.approved ? ' talk-state-999' : ''}`}>{t.approval}</span>
        {t.providerTemplateId ? <span className="talk-reason">{t.providerTemplateId}</span> : null}
      </>
    ),
  },
  { header: '사용', cell: (t) => (t.active ? '사용 중' : '사용 안 함') },
  { header: '수정', cell: (t) => t.updatedAt },
];

export default function TalkTemplates() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="templates-title" className="stack">
      <h1 id="templates-title" className="page-title">
        알림톡 템플릿
      </h1>
      <p className="muted">
        카카오가 검수해 승인한 템플릿만 보낼 수 있습니다. 솔라피 콘솔에서 검수를 요청하고, 승인되면 템플릿 아이디를 넣고
        &lsquo;승인&rsquo;으로 바꿔 주세요. 일반 공지·광고는 알림톡으로 보낼 수 없습니다.
      </p>
      <p>
        <Link className="button" to="/super/talk/templates/new">
          템플릿 등록
        </Link>{' '}
        <Link to="/talk">알림톡 보내기·발송 내역</Link>
      </p>
      <ListTable caption="알림톡 템플릿 목록" columns={COLUMNS} rows={rows} rowKey={(t) => t.id} empty="등록된 템플릿이 없습니다." />
    </section>
  );
}
