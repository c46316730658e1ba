import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { alertResponse, requireSuper } from '~/web/guards.server';
import { FilterForm, ListPage, type Column } from '~/components/list-page';
import { AUDIT_ACTION_LABELS, auditChanges } from '~/domain/operators';
import { formatDateTime, seoulDayStart } from '~/lib/dates';
import { positiveInt, listCount } from '~/lib/numbers';
import { listQuery } from '~/web/list.server';
import { listAudit } from '~/services/operators/audit.server';
import { FilterSelect } from '~/components/filter-select';

export const meta: MetaFunction = () => [{ title: '감사 기록 | 리드인 운영' }];

// The operators' audit trail, for ADMIN1 only: read-only (the app has no way to edit or delete a row).

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSuper(request);
  if (!user.authorities.includes('ADMIN1')) throw alertResponse('감사 기록은 최고 관리자만 볼 수 있습니다.');
  const { page, query, params } = listQuery(request);
  const action = params.get('action') ?? '';
  const to = seoulDayStart(params.get('to') ?? '');
  const list = await listAudit(
    {
      action: action in AUDIT_ACTION_LABELS ? action : undefined,
      actorLoginId: params.get('actor')?.trim().toLowerCase().slice(0, 50) || undefined,
      targetId: positiveInt(params.get('target')) ?? undefined,
      from: seoulDayStart(params.get('from') ?? '') ?? undefined,
      to: to ? new Date(to.getTime() + 24 * 60 * 60 * 1000) : undefined,
    },
    page,
  );
  return json({
    ...list,
    query,
    // The fields each event changed, not the stored before and after (a notice's whole body twice, as JSON).
    rows: list.rows.map(({ before, after, ...r }) => ({
      ...r,
      createdAt: formatDateTime(r.createdAt),
      changes: auditChanges(before, after),
    })),
  });
}

type Row = SerializeFrom<typeof loader>['rows'][number];

const COLUMNS: Column<Row>[] = [
  { header: '시각', cell: (r) => r.createdAt },
  { header: '작업자', cell: (r) => `${r.actorName} (${r.actorLoginId})` },
  { header: '작업', cell: (r) => AUDIT_ACTION_LABELS[r.action] ?? r.action },
  {
    header: '대상',
    cell: (r) =>
      r.targetType === 'user' && r.targetId ? (
        <Link to={`/super/user/${r.targetId}`}>{r.targetName ? `${r.targetName} (${r.targetLoginId})` : `#${r.targetId}`}</Link>
      ) : (
        <TargetLink type={r.targetType} id={r.targetId} action={r.action} />
      ),
  },
  { header: '바뀐 내용', cell: (r) => <AuditChanges changes={r.changes} />, className: 'audit-change' },
  { header: '접속 주소', cell: (r) => r.address ?? '-' },
];

export default function AuditTrail() {
  const { rows, total, estimated, capped, page, pages, query } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title" className="page-title">
        감사 기록
      </h1>
      <FilterForm label="감사 기록 검색" reset="/super/audit">
        <FilterSelect label="작업" name="action" value={query.action} options={Object.entries(AUDIT_ACTION_LABELS)} />
        <label>
          작업자 아이디
          <input type="text" name="actor" defaultValue={query.actor ?? ''} maxLength={50} />
        </label>
        <label>
          대상 회원 번호
          <input type="text" name="target" inputMode="numeric" defaultValue={query.target ?? ''} maxLength={10} />
        </label>
        <label>
          날짜부터
          <input type="date" name="from" defaultValue={query.from ?? ''} />
        </label>
        <label>
          날짜까지
          <input type="date" name="to" defaultValue={query.to ?? ''} />
        </label>
      </FilterForm>
      <ListPage
        base="/super/audit"
        list={{ rows, page, pages, capped, query }}
        count={`기록 ${listCount(total, estimated, '건')} (최신순)`}
        caption="감사 기록"
        columns={COLUMNS}
        empty="조건에 맞는 기록이 없습니다."
      />
    </section>
  );
}

/** Where an event's target lives in the console, by its kind ('branch.*' events name a branch, other organisation ones an academy). */
function targetPage(type: string, id: number, action: string): { to: string; label: string } | null {
  switch (type) {
    case 'payment':
      return { to: `/super/payments/${id}`, label: `결제 #${id}` };
    case 'problem_set':
      return { to: `/super/problems/${id}`, label: `문제 세트 #${id}` };
    case 'organisation':
      return action.startsWith('branch.')
        ? { to: `/super/organisations/branches/${id}`, label: `지사 #${id}` }
        : { to: `/super/organisations/${id}`, label: `학원 #${id}` };
    case 'agency':
      return { to: `/super/organisations/agencies/${id}`, label: `대리점 #${id}` };
    case 'book':
      return { to: `/super/books/${id}`, label: `도서 #${id}` };
    case 'note':
      return { to: `/super/coach/sharpening/${id}`, label: `노트 #${id}` };
    case 'notice':
      return { to: `/super/notices/${id}`, label: `공지 #${id}` };
    case 'inquiry':
      return { to: `/super/inquiries/${id}`, label: `1:1 문의 #${id}` };
    case 'talk_template':
      return { to: `/super/talk/templates/${id}`, label: `알림톡 템플릿 #${id}` };
    default:
      return null;
  }
}

function TargetLink({ type, id, action }: { type: string; id: number | null; action: string }) {
  const page = id ? targetPage(type, id, action) : null;
  return page ? <Link to={page.to}>{page.label}</Link> : <>{id ? `#${id}` : '-'}</>;
}

/** The fields an event changed, one line each: "상태: ACTIVE → LOCKED" (a creation or a deletion shows one side). */
function AuditChanges({ changes }: { changes: Row['changes'] }) {
  if (!changes.length) return <>-</>;
  return (
    <ul className="plain-list">
      {changes.map((c) => (
        <li key={c.field}>
          <strong>{c.field}</strong>:{' '}
          {c.before === null ? `${c.after} (새로 만듦)` : c.after === null ? `${c.before} (삭제)` : `${c.before} → ${c.after}`}
        </li>
      ))}
    </ul>
  );
}
