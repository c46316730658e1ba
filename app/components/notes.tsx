import { NOTE_ACTION_LABELS, NOTE_ACTOR_LABELS, NOTE_STATE_TONES, noteStateLabel } from '~/domain/notes';
import { NoteState } from '~/domain/enums';
import { formatKoreanDate, formatDateTime } from '~/lib/dates';

// Pieces shared by the student, teacher and coach note pages.

export function NoteStateBadge({ state }: { state: number }) {
  return <span className={`badge note-state ${NOTE_STATE_TONES[state as NoteState] ?? ''}`}>{noteStateLabel(state)}</span>;
}

export function When({ at, withTime = true }: { at: string | Date | null | undefined; withTime?: boolean }) {
  if (!at) return <>-</>;
  const d = new Date(at);
  return <time dateTime={d.toISOString()}>{withTime ? formatDateTime(d) : formatKoreanDate(d)}</time>;
}

/**
 * A student's note as their own pages tell it (the note list, the book's report): its state, a new comment, and
 * when it was submitted (or last saved, a draft).
 */
export function StudentNoteState({
  note,
}: {
  note: { state: number; hasUnreadComment: boolean; submittedAt: string | Date | null; updatedAt: string | Date };
}) {
  return (
    <>
      <NoteStateBadge state={note.state} />
      {note.hasUnreadComment ? <span className="badge new-mark">새 의견</span> : null}{' '}
      <span className="muted">
        {note.submittedAt ? (
          <>
            제출 <When at={note.submittedAt} />
          </>
        ) : (
          <>
            저장 <When at={note.updatedAt} />
          </>
        )}
      </span>
    </>
  );
}

/** The re-encoded image of a note: known size, lazy-loaded. */
export function NoteImage({
  noteId,
  version,
  width,
  height,
}: {
  noteId: number;
  version: number;
  width: number | null;
  height: number | null;
}) {
  return (
    <figure className="note-image">
      <img
        src={`/resources/note-image/${noteId}?v=${version}`}
        width={width ?? undefined}
        height={height ?? undefined}
        loading="lazy"
        decoding="async"
        alt="독서 노트에 첨부한 이미지"
      />
    </figure>
  );
}

export type HistoryEntry = {
  id: number;
  actorName: string;
  actorRole: string;
  action: string;
  fromState: number;
  toState: number;
  comment: string | null;
  createdAt: string | Date;
};

/**
 * A note's history, oldest first. A draft's saves are not recorded, so a first submit (from NONE) says only the state
 * it reached: "제출 · 제출됨", not "임시 저장 → 제출됨" for a note that may never have been saved as a draft.
 */
export function NoteHistory({ history }: { history: HistoryEntry[] }) {
  if (history.length === 0) return <p className="muted">아직 기록이 없습니다.</p>;
  return (
    <ol className="note-history">
      {history.map((h) => (
        <li key={h.id}>
          <p className="note-history-head">
            <strong>
              {h.actorName} <span className="muted">({NOTE_ACTOR_LABELS[h.actorRole] ?? h.actorRole})</span>
            </strong>{' '}
            · {NOTE_ACTION_LABELS[h.action] ?? h.action}
            {h.fromState !== h.toState ? (
              <>
                {' '}
                ·{' '}
                {h.fromState === NoteState.NONE
                  ? noteStateLabel(h.toState)
                  : `${noteStateLabel(h.fromState)} → ${noteStateLabel(h.toState)}`}
              </>
            ) : null}{' '}
            · <When at={h.createdAt} />
          </p>
          {h.comment ? <p className="note-text">{h.comment}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** The teacher's latest comment and the coach's correction, as the student reads them. */
export function NoteFeedback({ noteInput, correction }: { noteInput: string | null; correction: string | null }) {
  if (!noteInput && !correction) return null;
  return (
    <div className="note-feedback">
      {noteInput ? (
        <div className="note-comment">
          <h3>선생님·코치 의견</h3>
          <p className="note-text">{noteInput}</p>
        </div>
      ) : null}
      {correction ? (
        <div className="note-correction">
          <h3>코치 첨삭</h3>
          <p className="note-text">{correction}</p>
        </div>
      ) : null}
    </div>
  );
}

/** The student's note as a reviewer reads it: who, which book, the text and the image. */
export function NoteBody({
  detail,
}: {
  detail: {
    studentName: string;
    academyName: string | null;
    bookTitle: string;
    bookAuthor: string;
    /** The coach a waiting note is assigned to (reviewers' pages; null: not assigned yet). */
    coachName?: string | null;
    note: {
      id: number;
      note: string;
      state: number;
      version: number;
      submittedAt: string | null;
      imageKey: string | null;
      imageWidth: number | null;
      imageHeight: number | null;
    };
  };
}) {
  const n = detail.note;
  return (
    <section className="card" aria-labelledby="note-body-title">
      <h2 id="note-body-title">
        {detail.studentName} 학생의 노트 <NoteStateBadge state={n.state} />
      </h2>
      <p className="muted">
        {detail.academyName ?? '개인 회원'} · 『{detail.bookTitle}』 {detail.bookAuthor} · 제출 <When at={n.submittedAt} />
        {n.state === NoteState.WAITING_CORRECT && detail.coachName !== undefined ? (
          <>
            {' · '}
            <span data-testid="note-coach">첨삭 코치: {detail.coachName ?? '아직 배정되지 않음'}</span>
          </>
        ) : null}
      </p>
      <p className="note-text">{n.note}</p>
      {n.imageKey ? <NoteImage noteId={n.id} version={n.version} width={n.imageWidth} height={n.imageHeight} /> : null}
    </section>
  );
}
