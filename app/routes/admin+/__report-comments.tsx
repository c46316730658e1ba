import { Form, useNavigation } from '@remix-run/react';
import { CsrfInput } from '~/components/csrf';
import { firstError, type FormReply } from '~/components/form-client';
import { COMMENT_MAX_LENGTH } from '~/domain/goals';

// The teacher's comment for each student's monthly report, on the class's report page (screen only): save it, or
// save and publish (the parents see a report once it is published). Not a route: flat routes skip `__` files.

type Student = { id: number; name: string; comment: { text: string; published: boolean } | null };

export function ReportComments({
  classId,
  month,
  students,
  reply,
}: {
  classId: number;
  month: string;
  students: Student[];
  reply?: FormReply | null;
}) {
  const busy = useNavigation().state === 'submitting';
  const failedFor = reply && reply.status === 'error' ? Number(reply.initialValue?.studentId) : null;
  const error = firstError(reply);
  return (
    <section aria-labelledby="comments-title" className="card stack no-print" data-testid="report-comments">
      <h2 id="comments-title">학생별 리포트 의견</h2>
      <p className="muted">
        학생 이름을 누르면 의견을 쓸 수 있습니다. 저장한 의견은 학생 리포트에 실리고, ‘공개’하면 보호자에게도 보입니다.
      </p>
      {students.map((s) => {
        const id = `comment-${s.id}`;
        const failed = failedFor === s.id;
        // One row per student, folded: the name, the state and the start of the comment; opened, the student's own form
        // with its own 저장 (a plain post: works without JavaScript). A refused save opens its row again.
        return (
          <details key={s.id} className="report-comment" open={failed || undefined}>
            <summary>
              <strong>{s.name}</strong>{' '}
              {s.comment ? (
                <span className="badge neutral">{s.comment.published ? '보호자 공개' : '공개 전'}</span>
              ) : (
                <span className="muted">의견 없음</span>
              )}
              {s.comment?.text ? <span className="report-comment-preview muted">{s.comment.text}</span> : null}
            </summary>
            <Form method="post" action={`/admin/reports/classes/${classId}?month=${month}`} className="stack report-comment-form">
              <CsrfInput />
              <input type="hidden" name="studentId" value={s.id} />
              <label htmlFor={id}>{s.name} 학생 리포트 의견</label>
              <textarea
                id={id}
                name="comment"
                rows={3}
                maxLength={COMMENT_MAX_LENGTH}
                defaultValue={failed ? String(reply?.initialValue?.comment ?? '') : (s.comment?.text ?? '')}
                aria-invalid={failed || undefined}
                aria-describedby={failed ? `${id}-error` : undefined}
              />
              {failed && error ? (
                <p className="field-error" id={`${id}-error`} role="alert">
                  {error}
                </p>
              ) : null}
              <div className="form-actions">
                <button type="submit" name="intent" value="saveComment" className="secondary" disabled={busy}>
                  저장
                </button>
                <button type="submit" name="intent" value="publishComment" disabled={busy}>
                  {s.comment?.published ? '저장(공개 중)' : '저장하고 공개'}
                </button>
              </div>
            </Form>
          </details>
        );
      })}
    </section>
  );
}
