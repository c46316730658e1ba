import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { NoteStateBadge, When } from '~/components/notes';
import { ListPage, listHref, type Column } from '~/components/list-page';
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

type Note = ReturnType<typeof useLoaderData<typeof loader>>['list']['items'][number];

const COLUMNS: Column<Note>[] = [
  { header: '학생', cell: (n) => n.studentName },
  { header: '책', cell: (n) => <Link to={`/admin/notes/${n.id}`}>{n.bookTitle}</Link> },
  { header: '상태', cell: (n) => <NoteStateBadge state={n.state} /> },
  { header: '제출', cell: (n) => <When at={n.submittedAt} withTime={false} /> },
  { header: '최근 변경', cell: (n) => <When at={n.stateChangedAt} /> },
];

/** The address's parameters of a tab (전체 has none). */
const tabQuery = (key: string): Record<string, string> => (key === 'ALL' ? {} : { state: key });

export default function AdminNotes() {
  const { list, tab } = useLoaderData<typeof loader>();
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
              <Link to={listHref('/admin/notes', tabQuery(t.key))} aria-current={t.key === tab ? 'page' : undefined}>
                {t.label} <span className="tab-count">{t.state === undefined ? list.all : (list.byState[t.state] ?? 0)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListPage
        base="/admin/notes"
        list={{ rows: list.items, page: list.page, pages: list.pages, query: tabQuery(tab) }}
        caption="독서 노트 목록"
        columns={COLUMNS}
        empty="이 상태의 독서 노트가 없습니다."
      />
    </div>
  );
}
