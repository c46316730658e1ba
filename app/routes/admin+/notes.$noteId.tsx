import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { getFormProps, getTextareaProps, useForm } from '~/components/form-client';
import { FieldError, FormErrors } from '~/components/form-fields';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { NoteBody, NoteFeedback, NoteHistory } from '~/components/notes';
import { NOTE_LIMITS } from '~/domain/notes';
import { reviewAction } from '~/web/forms/note-review.server';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { getNoteForStaff, nextNoteToReview } from '~/services/notes/review.server';
import { CsrfInput } from '~/components/csrf';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${data.detail.studentName} · ${data.detail.bookTitle} — ` : ''}독서 노트 | 리드인 학원` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const noteId = idParam(params.noteId);
  const [detail, next] = await Promise.all([orRespond(() => getNoteForStaff(user, noteId)), nextNoteToReview(user, noteId)]);
  return pageData({ detail, next });
}

export async function action(args: ActionFunctionArgs) {
  return reviewAction(args, { guard: (request) => requireBasicPay(request), next: (noteId) => `/admin/notes/${noteId}` });
}

const BUTTONS: { action: string; label: string; secondary?: boolean }[] = [
  { action: 'open', label: '확인함으로 표시', secondary: true },
  { action: 'comment', label: '댓글 남기기', secondary: true },
  { action: 'hold', label: '보류 (다시 쓰기 요청)', secondary: true },
  { action: 'send', label: '코치에게 첨삭 요청' },
  { action: 'complete', label: '완료' },
];

export default function AdminNoteReview() {
  const { detail, next } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const note = detail.note;
  const [form, fields] = useForm({
    id: `review-${note.id}-${note.version}`,
    lastResult: navigation.state === 'idle' ? lastResult : null,
  });
  const buttons = BUTTONS.filter((b) => (detail.actions as string[]).includes(b.action));
  return (
    <div className="page stack">
      <header className="page-title">
        <p className="muted">
          <Link to="/admin/notes">독서 노트</Link> › {detail.studentName}
        </p>
        <h1>『{detail.bookTitle}』 독서 노트 검토</h1>
      </header>
      <FormErrors errors={form.errors} id={form.errorId} />
      <NoteBody detail={detail} />
      <NoteFeedback noteInput={note.noteInput} correction={note.correction} />
      {buttons.length ? (
        <section className="card" aria-labelledby="review-title">
          <h2 id="review-title">검토하기</h2>
          <Form method="post" {...getFormProps(form)}>
            <CsrfInput />
            <input type="hidden" name="version" value={note.version} />
            <div className="field">
              <label htmlFor={fields.comment.id}>선생님 의견</label>
              <textarea {...getTextareaProps(fields.comment)} rows={5} maxLength={NOTE_LIMITS.commentMax} />
              <p className="field-hint">댓글과 보류에는 의견이 꼭 필요합니다. 보류하면 학생이 노트를 고쳐 다시 제출합니다.</p>
              <FieldError meta={fields.comment} />
            </div>
            <div className="form-actions">
              {buttons.map((b) => (
                <button
                  key={b.action}
                  type="submit"
                  name="intent"
                  value={b.action}
                  className={b.secondary ? 'secondary' : undefined}
                  disabled={navigation.state === 'submitting'}
                >
                  {b.label}
                </button>
              ))}
            </div>
          </Form>
        </section>
      ) : null}
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">진행 기록</h2>
        <NoteHistory history={detail.history} />
      </section>
      <nav className="form-actions" aria-label="다른 노트">
        <Link className="button secondary" to="/admin/notes">
          노트 목록
        </Link>
        {next ? (
          <Link className="button" to={`/admin/notes/${next}`} data-testid="next-note">
            다음 노트 ›
          </Link>
        ) : (
          <span className="muted">검토를 기다리는 다른 노트가 없습니다.</span>
        )}
      </nav>
    </div>
  );
}
