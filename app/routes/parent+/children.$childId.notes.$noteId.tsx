import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { noteStateLabel } from '~/domain/notes';
import { formatDateTime } from '~/lib/dates';
import { requireParent } from '~/web/guards.server';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { childNote } from '~/services/parents/view.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${data.note.bookTitle} 독서 노트` : '독서 노트'} | 리드인` },
];

// A child's submitted note with the teacher's and the coach's comments, read-only (the 알림톡 of a review links here).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireParent(request);
  const childId = idParam(params.childId, '자녀를 찾을 수 없습니다.');
  const noteId = idParam(params.noteId, '독서 노트를 찾을 수 없습니다.');
  return pageData(await orRespond(() => childNote(user.id, childId, noteId)));
}

export default function ChildNote() {
  const { child, note, comments } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <p>
        <Link to={`/parent/children/${child.id}`}>‹ {child.name} 독서 현황</Link>
      </p>
      <h1>
        {note.bookTitle} <span className="muted">{note.bookAuthor}</span>
      </h1>
      <p>
        <span className="badge">{noteStateLabel(note.state)}</span>
        {note.submittedAt ? <span className="muted"> 제출 {formatDateTime(note.submittedAt)}</span> : null}
      </p>
      <section aria-labelledby="note-title" className="card">
        <h2 id="note-title">{child.name} 학생의 독서 노트</h2>
        <p className="note-text" data-testid="note-text">
          {note.text}
        </p>
      </section>
      {note.correction ? (
        <section aria-labelledby="correction-title" className="card">
          <h2 id="correction-title">코치 첨삭</h2>
          <p className="note-text">{note.correction}</p>
        </section>
      ) : null}
      <section aria-labelledby="comments-title" className="card">
        <h2 id="comments-title">선생님·코치 의견</h2>
        {comments.length ? (
          <ul className="plain-list" data-testid="note-comments">
            {comments.map((c) => (
              <li key={c.id}>
                <strong>
                  {c.name} {c.by === 'TEACHER' ? '선생님' : '코치'}
                </strong>{' '}
                <span className="muted">{formatDateTime(c.at)}</span>
                <p className="note-text">{c.text}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">아직 의견이 없습니다.</p>
        )}
      </section>
    </div>
  );
}
