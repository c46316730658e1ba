import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { When } from '~/components/notes';
import { Pagination } from '~/components/pagination';
import { ListTable, listHref, type Column } from '~/components/list-page';
import { orRespond, pageParam, pageData } from '~/web/http.server';
import { listCoachQueue, recentCorrections } from '~/services/notes/review.server';

export const meta: MetaFunction = () => [{ title: '첨삭 대기열 | 리드인 운영' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSuper(request, { allow: ['COACH'] });
  const [queue, recent] = await orRespond(() => Promise.all([listCoachQueue(user, pageParam(request)), recentCorrections(user)]));
  return pageData({ queue, recent, user: { name: user.name } });
}

type QueueItem = ReturnType<typeof useLoaderData<typeof loader>>['queue']['items'][number];

export default function CoachQueue() {
  const { queue, recent, user } = useLoaderData<typeof loader>();
  const first = (queue.page - 1) * 10;
  // A coach's page lists their own notes first, then the unassigned ones: one table for each part of this page.
  const parts: { key: string; title: string; hint: string; items: QueueItem[] }[] = queue.everything
    ? [{ key: 'all', title: '첨삭을 기다리는 노트', hint: '', items: queue.items }]
    : [
        { key: 'mine', title: '나에게 배정된 노트', hint: '', items: queue.items.filter((n) => n.assignedToMe) },
        {
          key: 'unassigned',
          title: '아직 배정되지 않은 노트',
          hint: '코치가 정해지지 않은 노트입니다. 어느 코치나 첨삭할 수 있습니다.',
          items: queue.items.filter((n) => !n.assignedToMe),
        },
      ];
  const columns: Column<QueueItem>[] = [
    { header: '순서', cell: (n) => first + queue.items.indexOf(n) + 1 },
    { header: '학원', cell: (n) => n.academyName ?? '개인 회원' },
    { header: '학생', cell: (n) => n.studentName },
    { header: '책', cell: (n) => <Link to={`/super/coach/sharpening/${n.id}`}>{n.bookTitle}</Link> },
    { header: '요청 시각', cell: (n) => <When at={n.waitingSince} /> },
    ...(queue.everything ? [{ header: '코치', cell: (n: QueueItem) => n.coachName ?? <span className="muted">미배정</span> }] : []),
  ];
  return (
    <div className="page stack">
      <header className="page-title">
        <h1>첨삭 대기열</h1>
        {queue.everything ? (
          <p>
            {user.name}님, 선생님들이 첨삭을 요청한 독서 노트 {queue.total}편이 기다리고 있습니다(미배정 {queue.unassigned}편). 오래 기다린
            노트부터 보여 드리며, 코치를 바꾸려면 <Link to="/super/coaches">코치 관리</Link>에서 넘기세요.
          </p>
        ) : (
          <p>
            {user.name}님에게 배정된 노트 {queue.mine}편과 아직 배정되지 않은 노트 {queue.unassigned}편이 기다리고 있습니다. 배정된 노트를
            먼저, 오래 기다린 노트부터 보여 드립니다.
          </p>
        )}
      </header>
      {queue.items.length === 0 ? (
        <div className="card">
          <p>첨삭을 기다리는 노트가 없습니다.</p>
        </div>
      ) : (
        parts
          .filter((part) => part.items.length > 0)
          .map((part) => (
            <section key={part.key} aria-labelledby={`queue-${part.key}`} className="stack">
              <h2 id={`queue-${part.key}`}>{part.title}</h2>
              {part.hint ? <p className="muted">{part.hint}</p> : null}
              <ListTable caption={part.title} columns={columns} rows={part.items} rowKey={(n) => n.id} empty={null} />
            </section>
          ))
      )}
      <Pagination page={queue.page} pages={queue.pages} href={(p) => listHref('/super/coach/sharpening', {}, p)} />
      {recent.length ? (
        <section className="card" aria-labelledby="recent-title">
          <h2 id="recent-title">최근 첨삭한 노트</h2>
          <ul>
            {recent.map((r) => (
              <li key={`${r.id}-${String(r.at)}`}>
                <Link to={`/super/coach/sharpening/${r.id}`}>
                  {r.studentName} · {r.bookTitle}
                </Link>{' '}
                <span className="muted">
                  <When at={r.at} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
