import { firstError, getFormProps, getTextareaProps, replyFor, useForm } from '~/components/form-client';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import type { z } from 'zod';
import { requireUser } from '~/web/guards.server';
import { NoteFeedback, NoteHistory, NoteImage, NoteStateBadge } from '~/components/notes';
import { NoteState } from '~/domain/enums';
import { NOTE_CONSTRAINTS, NOTE_LIMITS, NOTE_MESSAGES, studentCanEdit } from '~/domain/notes';
import { idParam, orRespond, pageData, redirectWithFlash } from '~/web/http.server';
import { formAction } from '~/web/form-action.server';
import { uploadedBytes } from '~/web/uploads.server';
import { imageSizeError, MAX_IMAGE_BYTES, processNoteImage } from '~/services/images.server';
import { getStudentNotePage, markCommentsRead, saveStudentNote } from '~/services/notes/student-notes.server';
import { NOTE_FIELDS, noteSchema, schema } from './__note-schema.server';
import { CsrfInput } from '~/components/csrf';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `독서 노트${data ? ` — ${data.page.bookTitle}` : ''} | 리드인` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const resultBookId = idParam(params.resultBookId);
  const page = await orRespond(() => getStudentNotePage(user.id, resultBookId));
  return pageData({ page });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireUser(request, { role: 'USER' }),
    ids: ['resultBookId'],
    // The note form is multipart (its image); the small "I have read the comments" form is not.
    upload: { maxBytes: MAX_IMAGE_BYTES, tooLarge: imageSizeError },
    schema,
    fields: NOTE_FIELDS,
    hideFields: ['image'],
    unknownIntent: NOTE_MESSAGES.transitionRefused,
    run: async ({ user, ids: { resultBookId }, value }) => {
      const self = `/user/activity/readingBook/note/${resultBookId}`;
      if (value.intent === 'read') {
        await markCommentsRead(user.id, value.noteId);
        return redirectWithFlash(self, NOTE_MESSAGES.read);
      }
      const { intent, note, version, removeImage } = value;
      const bytes = await uploadedBytes(value.image ?? null);
      const image = bytes ? await processNoteImage(bytes) : null;
      const result = await saveStudentNote(user.id, { resultBookId, version, text: note, image, removeImage, submit: intent === 'submit' });
      return redirectWithFlash(intent === 'submit' ? '/user/note/list' : self, NOTE_MESSAGES[result.outcome]);
    },
  });
}

export default function StudentNotePage() {
  const { page } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const readReply = replyFor(reply, 'read');
  // A file over the limit is refused before the form is read (by the page, or by the server's edge for a body over
  // its limit): the reply has its code, and the message goes beside the file.
  const tooLarge =
    (reply?.code === 'NOTE_IMAGE_TOO_LARGE' || reply?.code === 'PAYLOAD_TOO_LARGE') && !reply.initialValue
      ? (reply.error?.[''] ?? undefined)
      : undefined;
  const note = page.note;
  const state = (note?.state ?? NoteState.NONE) as NoteState;
  const editable = studentCanEdit(note?.state);
  const [form, fields] = useForm<z.input<typeof noteSchema>>({
    id: `note-${page.resultBookId}-${note?.version ?? 0}`,
    lastResult: navigation.state === 'idle' && !readReply ? reply : null,
    // Native constraints only (docs/decisions/011): the server's zod reply is the one validation.
    constraint: NOTE_CONSTRAINTS,
    defaultValue: { note: note?.note ?? '', intent: 'draft' },
  });
  const imageError = fields.image.errors ?? tooLarge;
  const formError = tooLarge ? null : (form.errors?.[0] ?? firstError(readReply));
  const busy = navigation.state === 'submitting';

  return (
    <div className="page stack note-page">
      <header className="page-title">
        <p className="muted">
          <Link to="/user/note/list">독서 노트</Link> › {page.bookTitle}
        </p>
        <h1>
          『{page.bookTitle}』 독서 노트 {note ? <NoteStateBadge state={state} /> : <span className="badge note-state draft">쓰기 전</span>}
        </h1>
        <p>{page.bookAuthor}</p>
      </header>
      {formError ? (
        <div className="alert error" role="alert" id={form.errorId}>
          {formError}
        </div>
      ) : null}

      {note?.hasUnreadComment ? (
        <Form method="post" className="alert info note-unread">
          <CsrfInput />
          <strong>새 의견이 도착했습니다.</strong>
          <input type="hidden" name="intent" value="read" />
          <input type="hidden" name="noteId" value={note.id} />
          <button type="submit" className="secondary small">
            확인했어요
          </button>
        </Form>
      ) : null}

      {state === NoteState.HOLD ? (
        <div className="alert warning" role="note">
          <strong>선생님이 다시 쓰기를 요청했습니다.</strong>
          아래 의견을 읽고 노트를 고쳐 다시 제출해 주세요.
        </div>
      ) : null}

      {note ? <NoteFeedback noteInput={note.noteInput} correction={note.correction} /> : null}

      {editable ? (
        <section className="card" aria-labelledby="note-form-title">
          <h2 id="note-form-title">{note && note.state !== NoteState.NONE ? '노트 고치기' : '노트 쓰기'}</h2>
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
            <CsrfInput />
            {note ? <input type="hidden" name="version" value={note.version} /> : null}
            <div className="field">
              <label htmlFor={fields.note.id}>책을 읽고 느낀 점</label>
              <textarea
                {...getTextareaProps(fields.note)}
                rows={10}
                maxLength={NOTE_LIMITS.noteMax}
                placeholder="가장 기억에 남는 장면, 그 장면에서 든 생각, 나라면 어떻게 했을지 써 보세요."
              />
              <p className="field-hint">제출하려면 {NOTE_LIMITS.noteMin}자 이상 써 주세요. 임시 저장은 언제든 할 수 있어요.</p>
              {fields.note.errors ? (
                <p className="field-error" id={fields.note.errorId}>
                  {fields.note.errors[0]}
                </p>
              ) : null}
            </div>
            {note?.imageKey ? (
              <div className="field">
                <NoteImage noteId={note.id} version={note.version} width={note.imageWidth} height={note.imageHeight} />
                <label className="checkbox">
                  <input type="checkbox" name="removeImage" value="on" /> 이 이미지 삭제
                </label>
              </div>
            ) : null}
            <div className="field">
              <label htmlFor="note-image">{note?.imageKey ? '이미지 바꾸기 (선택)' : '이미지 첨부 (선택)'}</label>
              <input
                id="note-image"
                type="file"
                name="image"
                accept="image/*"
                aria-describedby="note-image-hint"
                aria-invalid={imageError ? true : undefined}
              />
              <p className="field-hint" id="note-image-hint">
                JPG, PNG, WEBP, GIF · 10MB 이하. 올린 사진은 위치 정보 등을 지우고 알맞은 크기로 바꿔 저장합니다.
              </p>
              {imageError ? <p className="field-error">{imageError[0]}</p> : null}
            </div>
            <div className="form-actions">
              <button type="submit" name="intent" value="draft" className="secondary" disabled={busy}>
                임시 저장
              </button>
              <button type="submit" name="intent" value="submit" disabled={busy}>
                {state === NoteState.HOLD ? '다시 제출' : state === NoteState.WRITE ? '고친 내용 제출' : '제출'}
              </button>
            </div>
          </Form>
        </section>
      ) : note ? (
        <section className="card" aria-labelledby="note-view-title">
          <h2 id="note-view-title">내가 쓴 노트</h2>
          <p className="note-text">{note.note}</p>
          {note.imageKey ? <NoteImage noteId={note.id} version={note.version} width={note.imageWidth} height={note.imageHeight} /> : null}
          <p className="muted">선생님이 확인한 노트는 고칠 수 없습니다.</p>
        </section>
      ) : null}

      {note && page.history.length ? (
        <section className="card" aria-labelledby="note-history-title">
          <h2 id="note-history-title">진행 기록</h2>
          <NoteHistory history={page.history} />
        </section>
      ) : null}
    </div>
  );
}
