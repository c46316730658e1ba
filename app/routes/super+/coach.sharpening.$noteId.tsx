import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { getFormProps, getTextareaProps, useForm } from '~/components/form-client';
import { FieldError, FormErrors } from '~/components/form-fields';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { NoteBody, NoteFeedback, NoteHistory } from '~/components/notes';
import { NOTE_LIMITS } from '~/domain/notes';
import { reviewAction } from '~/web/forms/note-review.server';
import { idParam, orRespond, pageData } from '~/web/http.server';
import { getNoteForViewer } from '~/services/notes/access.server';
import { CsrfInput } from '~/components/csrf';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${data.detail.studentName} · ${data.detail.bookTitle} — ` : ''}첨삭 | 리드인 운영` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireSuper(request, { allow: ['COACH'] });
  const detail = await orRespond(() => getNoteForViewer(user, idParam(params.noteId)));
  return pageData({ detail });
}

export async function action(args: ActionFunctionArgs) {
  return reviewAction(args, {
    guard: (request) => requireSuper(request, { allow: ['COACH'] }),
    next: (noteId, a) => (a === 'correct' ? '/super/coach/sharpening' : `/super/coach/sharpening/${noteId}`),
  });
}

export default function CoachNote() {
  const { detail } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const note = detail.note;
  const [form, fields] = useForm({
    id: `correct-${note.id}-${note.version}`,
    lastResult: navigation.state === 'idle' ? lastResult : null,
  });
  const canCorrect = (detail.actions as string[]).includes('correct');
  return (
    <div className="page stack">
      <header className="page-title">
        <p className="muted">
          <Link to="/super/coach/sharpening">첨삭 대기열</Link> › {detail.studentName}
        </p>
        <h1>『{detail.bookTitle}』 첨삭</h1>
      </header>
      <FormErrors errors={form.errors} id={form.errorId} />
      <NoteBody detail={detail} />
      <NoteFeedback noteInput={note.noteInput} correction={note.correction} />
      {canCorrect ? (
        <section className="card" aria-labelledby="correct-title">
          <h2 id="correct-title">첨삭 쓰기</h2>
          <Form method="post" {...getFormProps(form)}>
            <CsrfInput />
            <input type="hidden" name="version" value={note.version} />
            <div className="field">
              <label htmlFor={fields.correction.id}>첨삭 내용</label>
              <textarea
                {...getTextareaProps(fields.correction)}
                rows={10}
                maxLength={NOTE_LIMITS.correctionMax}
                placeholder="고치면 좋을 문장과 그 이유, 고친 예를 차례로 적어 주세요."
              />
              <FieldError meta={fields.correction} />
            </div>
            <div className="field">
              <label htmlFor={fields.comment.id}>학생에게 한마디 (선택)</label>
              <textarea {...getTextareaProps(fields.comment)} rows={3} maxLength={NOTE_LIMITS.commentMax} />
              <FieldError meta={fields.comment} />
            </div>
            <div className="form-actions">
              <button type="submit" name="intent" value="correct" disabled={navigation.state === 'submitting'}>
                첨삭 완료
              </button>
            </div>
          </Form>
        </section>
      ) : detail.assignedElsewhere ? (
        <p className="alert info">
          이 노트는 {detail.coachName} 코치에게 배정되어 있어 그 코치만 첨삭할 수 있습니다. 코치를 바꾸는 일은 운영 관리자가 코치 관리에서
          합니다.
        </p>
      ) : (
        <p className="alert info">이 노트는 첨삭 대기 상태가 아니어서 첨삭을 쓸 수 없습니다.</p>
      )}
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">진행 기록</h2>
        <NoteHistory history={detail.history} />
      </section>
    </div>
  );
}
