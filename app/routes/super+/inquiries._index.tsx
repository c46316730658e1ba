import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { roleLabel } from '~/domain/roles';
import { InquiryStatusBadge, InquiryTitleLink } from '~/components/inquiries';
import { When } from '~/components/notes';
import { Pagination } from '~/components/pagination';
import { InquiryStatus } from '~/domain/enums';
import { INQUIRY_CATEGORIES, INQUIRY_CATEGORY_CODES, inquiryCategoryLabel, type InquiryCategory } from '~/domain/inquiries';
import { pageData, pageParam } from '~/web/http.server';
import { listInquiryQueue, type QueueStatus } from '~/services/operators/inquiries.server';
import { FilterSelect } from '~/components/filter-select';

export const meta: MetaFunction = () => [{ title: '1:1 문의 | 리드인 운영' }];

// The operators' inquiry queue (ADMIN1, ADMIN2): open inquiries first, the longest waiting at the top; tabs by status
// and a category filter, all in the address (works without JavaScript).

const TABS: { key: string; label: string; status: QueueStatus }[] = [
  { key: 'open', label: '답변 전', status: 'OPEN' },
  { key: 'wait', label: '답변 대기', status: InquiryStatus.WAIT },
  { key: 'check', label: '확인 중', status: InquiryStatus.CHECK },
  { key: 'complete', label: '답변 완료', status: InquiryStatus.COMPLETE },
  { key: 'delete', label: '회원이 삭제', status: InquiryStatus.DELETE },
  { key: 'all', label: '전체', status: 'ALL' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  const params = new URL(request.url).searchParams;
  const tab = TABS.find((t) => t.key === params.get('status')) ?? TABS[0];
  const category = INQUIRY_CATEGORY_CODES.find((c) => c === params.get('category'));
  const list = await listInquiryQueue({ status: tab.status, category }, pageParam(request));
  return pageData({ ...list, tab: tab.key, category: category ?? null });
}

export default function InquiryQueue() {
  const { rows, byStatus, all, open, total, page, pages, tab, category } = useLoaderData<typeof loader>();
  const href = (key: string, cat: InquiryCategory | null, p = 1) => {
    const q = new URLSearchParams();
    if (key !== 'open') q.set('status', key);
    if (cat) q.set('category', cat);
    if (p > 1) q.set('page', String(p));
    const s = q.toString();
    return `/super/inquiries${s ? `?${s}` : ''}`;
  };
  const countOf = (status: QueueStatus) =>
    status === 'ALL' ? all : status === 'OPEN' ? open : (byStatus[status as keyof typeof byStatus] ?? 0);
  return (
    <section className="stack" aria-labelledby="inquiries-title">
      <header>
        <h1 id="inquiries-title" className="page-title">
          1:1 문의
        </h1>
        <p className="muted">답변 전 문의가 먼저, 오래 기다린 문의부터 보입니다. 문의를 열어 확인하고 답변하세요.</p>
      </header>
      <nav aria-label="문의 상태">
        <ul className="tabs">
          {TABS.map((t) => (
            <li key={t.key}>
              <Link to={href(t.key, category)} aria-current={t.key === tab ? 'page' : undefined}>
                {t.label} <span className="tab-count">{countOf(t.status)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="card filter-form" aria-label="문의 분류">
        {tab !== 'open' ? <input type="hidden" name="status" value={tab} /> : null}
        <FilterSelect label="분류" name="category" value={category} options={Object.entries(INQUIRY_CATEGORIES)} />
        <button type="submit">보기</button>
      </Form>
      <p className="muted" role="status">
        {total}건
      </p>
      {rows.length === 0 ? (
        <p className="card empty">이 조건의 문의가 없습니다.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">문의 목록</caption>
            <thead>
              <tr>
                <th scope="col">번호</th>
                <th scope="col">분류</th>
                <th scope="col">제목</th>
                <th scope="col">문의한 회원</th>
                <th scope="col">상태</th>
                <th scope="col">문의일</th>
                <th scope="col">답변일</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.id}</td>
                  <td>{inquiryCategoryLabel(r.category)}</td>
                  <td>
                    <InquiryTitleLink to={`/super/inquiries/${r.id}`} title={r.title} hasFile={r.hasFile} />
                  </td>
                  <td>
                    {r.askerName} <span className="muted">({r.askerLoginId})</span>
                    <br />
                    <span className="muted">
                      {roleLabel({ role: r.askerRole, authorities: r.askerAuthorities })}
                      {r.organisationName ? ` · ${r.organisationName}` : ''}
                    </span>
                  </td>
                  <td>
                    <InquiryStatusBadge status={r.status} />
                  </td>
                  <td>
                    <When at={r.createdAt} />
                  </td>
                  <td>{r.answeredAt ? <When at={r.answeredAt} /> : '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} href={(p) => href(tab, category, p)} />
    </section>
  );
}
