import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { NoteStateBadge, When } from '~/components/notes';
import { Pagination } from '~/components/pagination';
import { NoteState } from '~/domain/enums';
import { orRespond, pageParam, pageData } from '~/web/http.server';
import { listAcademyNotes } from '~/services/notes/review.server';

export const meta: MetaFunction = () => [{ title: '독서 노트 | 리드인 학원' }];

/** The state tabs, in the order a teacher works through them. */
const TABS: { key: string; label: string; state?: NoteState }[] = [
  { key: 'ALL', label: '전체' },
  { key: 'WRITE', label: '새로 제출', state: NoteState.WRITE },
  { key: 'TEACHER_SHOW', label: '확인함', state: NoteState.TEACHER_SHOW },
  { key: 'HOLD', label: '다시 쓰기 요청', state: NoteState.HOLD },
  { key: 'WAITING_CORRECT', label: '첨삭 대기', state: NoteState.WAITING_CORRECT },
  { key: 'COMMENT_COMPLETE', label: '완료', state: NoteState.COMMENT_COMPLETE },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const key = new URL(request.url).searchParams.get('state') ?? 'ALL';
  const tab = TABS.find((t) => t.key === key) ?? TABS[0];
  const list = await orRespond(() => listAcademyNotes(user, { state: tab.state, page: pageParam(request) }));
  return pageData({ list, tab: tab.key });
}

export default function AdminNotes() {
  const { list, tab } = useLoaderData<typeof loader>();
  const href = (key: string, page = 1) => {
    const q = new URLSearchParams();
    if (key !== 'ALL') q.set('state', key);
    if (page > 1) q.set('page', String(page));
    const s = q.toString();
    return `/admin/notes${s ? `?${s}` : ''}`;
  };
  return (
    <div className="page stack">
      <header className="page-title">
        <h1>독서 노트</h1>
        <p>우리 학원 학생들이 제출한 독서 노트입니다. 노트를 열어 의견을 남기거나, 다시 쓰기를 요청하거나, 코치에게 첨삭을 맡기세요.</p>
      </header>
      <nav aria-label="노트 상태">
        <ul className="tabs">
          {TABS.map((t) => (
            <li key={t.key}>
              <Link to={href(t.key)} aria-current={t.key === tab ? 'page' : undefined}>
                {t.label} <span className="tab-count">{t.state === undefined ? list.all : (list.byState[t.state] ?? 0)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list.items.length === 0 ? (
        <div className="card">
          <p>이 상태의 독서 노트가 없습니다.</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">독서 노트 목록</caption>
            <thead>
              <tr>
                <th scope="col">학생</th>
                <th scope="col">책</th>
                <th scope="col">상태</th>
                <th scope="col">제출</th>
                <th scope="col">최근 변경</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((n) => (
                <tr key={n.id}>
                  <td>{n.studentName}</td>
                  <td>
                    <Link to={`/admin/notes/${n.id}`}>{n.bookTitle}</Link>
                  </td>
                  <td>
                    <NoteStateBadge state={n.state} />
                  </td>
                  <td>
                    <When at={n.submittedAt} withTime={false} />
                  </td>
                  <td>
                    <When at={n.stateChangedAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={list.page} pages={list.pages} href={(p) => href(tab, p)} />
    </div>
  );
}
