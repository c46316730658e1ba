import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireUser } from '~/web/guards.server';
import { NoteStateBadge, When } from '~/components/notes';
import { booksAwaitingNote } from '~/services/notes/student-notes.server';

export const meta: MetaFunction = () => [{ title: '독서 노트 쓰기 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  return json({ books: await booksAwaitingNote(user.id) }, { headers: { 'Cache-Control': 'no-store' } });
}

export default function NotesToWrite() {
  const { books } = useLoaderData<typeof loader>();
  return (
    <div className="page stack">
      <header className="page-title">
        <h1>독서 노트 쓰기</h1>
        <p>문제 분석까지 마친 책이에요. 노트를 제출하면 이 책의 독서활동이 끝납니다.</p>
      </header>
      {books.length === 0 ? (
        <div className="card">
          <p>지금 노트를 쓸 책이 없습니다.</p>
          <p>
            <Link to="/user/note/list">내 독서 노트 보기</Link>
          </p>
        </div>
      ) : (
        <ul className="card-grid plain-list">
          {books.map((b) => (
            <li key={b.resultBookId} className="card">
              <h2 className="h3">
                <Link to={`/user/activity/readingBook/note/${b.resultBookId}`}>{b.bookTitle}</Link>
              </h2>
              <p className="muted">{b.bookAuthor}</p>
              <p>
                {b.noteState !== null ? <NoteStateBadge state={b.noteState} /> : <span className="badge">쓰기 전</span>}{' '}
                <span className="muted">
                  문제 분석 완료 <When at={b.statusChangedAt} withTime={false} />
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
