import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { firstError } from '~/components/form-client';
import { Link } from '~/components/link';
import { requireUser } from '~/web/guards.server';
import { NoteFeedback, StudentNoteState } from '~/components/notes';
import { Pagination } from '~/components/pagination';
import { NOTE_MESSAGES } from '~/domain/notes';
import { formAction, z } from '~/web/form-action.server';
import { pageData, pageParam, redirectWithFlash } from '~/web/http.server';
import { listStudentNotes, markCommentsRead, unreadCommentCount } from '~/services/notes/student-notes.server';
import { CsrfInput } from '~/components/csrf';

export const meta: MetaFunction = () => [{ title: '내 독서 노트 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const [list, unread] = await Promise.all([listStudentNotes(user.id, pageParam(request)), unreadCommentCount(user.id)]);
  return pageData({ list, unread });
}

// "I have read the comments" of one note: back to the same page of the list, at that note.
export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireUser(request, { role: 'USER' }),
    schema: z.object({
      noteId: z.number({ required_error: NOTE_MESSAGES.notFound, invalid_type_error: NOTE_MESSAGES.notFound }).int(),
      page: z.number().int().optional().catch(undefined),
    }),
    run: async ({ user, value: { noteId, page = 1 } }) => {
      await markCommentsRead(user.id, noteId);
      return redirectWithFlash(`/user/note/list${page > 1 ? `?page=${page}` : ''}#note-${noteId}`, NOTE_MESSAGES.read);
    },
  });
}

function excerpt(text: string, max = 140) {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export default function MyNotes() {
  const { list, unread } = useLoaderData<typeof loader>();
  const refused = firstError(useActionData<typeof action>());
  return (
    <div className="page stack">
      <header className="page-title">
        <h1>내 독서 노트</h1>
        <p>
          모두 {list.total}편
          {unread > 0 ? (
            <>
              {' '}
              · <strong className="new-mark">새 의견 {unread}건</strong>
            </>
          ) : null}
          {' · '}
          <Link to="/user/activity/readingBook/note">노트 쓸 책 보기</Link>
        </p>
      </header>
      {refused ? (
        <div className="alert error" role="alert">
          {refused}
        </div>
      ) : null}
      {list.items.length === 0 ? (
        <div className="card">
          <p>아직 쓴 독서 노트가 없습니다. 책을 다 읽고 문제 분석을 마치면 노트를 쓸 수 있어요.</p>
        </div>
      ) : (
        <ul className="note-list plain-list">
          {list.items.map((n) => (
            <li key={n.id} id={`note-${n.id}`} className="card note-card">
              <div className="note-card-head">
                <h2 className="h3">
                  <Link to={`/user/activity/readingBook/note/${n.resultBookId}`}>{n.bookTitle}</Link>
                </h2>
              </div>
              <p className="muted">
                <StudentNoteState note={n} />
                {' · '}
                {n.bookAuthor}
                {n.hasImage ? ' · 이미지 첨부' : ''}
              </p>
              <p className="note-excerpt">{excerpt(n.note)}</p>
              <NoteFeedback noteInput={n.noteInput} correction={n.correction} />
              {n.hasUnreadComment ? (
                <Form method="post" className="note-read-form">
                  <CsrfInput />
                  <input type="hidden" name="noteId" value={n.id} />
                  <input type="hidden" name="page" value={list.page} />
                  <button type="submit" className="secondary small">
                    확인했어요
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.page} pages={list.pages} href={(p) => `/user/note/list?page=${p}`} />
    </div>
  );
}
